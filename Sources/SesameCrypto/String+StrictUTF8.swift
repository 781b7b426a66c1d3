extension String {
    /// The bytes as text, or nil when they are not valid UTF-8. `String(validating:as:)` says the same only from
    /// iOS 18 / macOS 15 on, and the package promises iOS 17 / macOS 14: decoding replaces what is not UTF-8, so
    /// bytes that do not come back unchanged were not UTF-8.
    public init?(strictUTF8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
