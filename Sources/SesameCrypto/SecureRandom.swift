import CSodium

/// The operating system's cryptographic random source, through libsodium.
public enum SecureRandom {
    public static func bytes(count: Int) -> [UInt8] {
        Sodium.ensureInitialized()
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { randombytes_buf(base, $0.count) } }
        return bytes
    }

    /// A uniformly distributed integer in `0..<upperBound`, without modulo bias.
    public static func uniform(below upperBound: UInt32) -> UInt32 {
        Sodium.ensureInitialized()
        return randombytes_uniform(upperBound)
    }
}
