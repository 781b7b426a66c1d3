/// 64-bit FNV-1a: a fast, stable, non-cryptographic hash. Used only to notice that a rule set
/// changed, never to protect anything, so its weakness against chosen inputs does not matter.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
    }

    /// Sixteen lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
