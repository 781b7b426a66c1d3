import CSodium

/// Unkeyed BLAKE2b, for integrity checks that detect accidental damage (not forgery: that is what the AEAD is for).
public enum Digest {
    public static func blake2b<C: Collection>(_ data: C, length: Int = 32) -> [UInt8] where C.Element == UInt8 {
        Sodium.ensureInitialized()
        var out = [UInt8](repeating: 0, count: length)
        // One spare byte keeps the nonnull input pointer valid for empty data.
        let input = Array(data) + [0]
        out.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { input in
                _ = crypto_generichash(
                    out.baseAddress!, out.count, input.baseAddress!, UInt64(input.count - 1), nil, 0)
            }
        }
        return out
    }
}
