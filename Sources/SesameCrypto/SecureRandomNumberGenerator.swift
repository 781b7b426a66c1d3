import CSodium

/// The operating system's random source as a `RandomNumberGenerator`, so generic code (`Int.random(in:using:)`, which
/// draws without modulo bias) can take a seeded generator in tests and this one everywhere else.
public struct SecureRandomNumberGenerator: RandomNumberGenerator, Sendable {
    public init() { Sodium.ensureInitialized() }

    public mutating func next() -> UInt64 {
        var value: UInt64 = 0
        withUnsafeMutableBytes(of: &value) { randombytes_buf($0.baseAddress!, $0.count) }
        return value
    }
}
