import CSodium

/// Argon2id parameters, stored beside the wrapped key so that a vault keeps opening after defaults change.
public struct KDFParameters: Sendable, Equatable, Hashable {
    /// libsodium's identifier for Argon2id v1.3.
    public static let argon2id13: Int32 = crypto_pwhash_ALG_ARGON2ID13
    public static let saltByteCount = Int(crypto_pwhash_SALTBYTES)
    /// Below these the key derivation is too cheap to slow down an offline guesser (OWASP's Argon2id floor).
    public static let minimumMemoryMiB = 19
    public static let minimumPasses = 2
    public static let defaultMemoryMiB = 64
    public static let defaultPasses = 3
    /// The most a vault header, a backup or a sync header may ask for: each comes from a file that may come from
    /// outside, and is derived before anything can tell a hostile file from a wrong password. Bitwarden's own
    /// Argon2id range ends here too; it is 16 times the default memory and costs about 8 s of CPU here.
    public static let maximumMemoryMiB = 1024
    public static let maximumPasses = 10

    public var algorithm: Int32
    public var passes: UInt64
    public var memoryBytes: UInt64
    public var salt: [UInt8]

    public init(algorithm: Int32 = argon2id13, passes: UInt64, memoryBytes: UInt64, salt: [UInt8]) {
        self.algorithm = algorithm
        self.passes = passes
        self.memoryBytes = memoryBytes
        self.salt = salt
    }

    /// New parameters with a fresh random salt; refuses costs below the minimum.
    public static func generate(memoryMiB: Int = defaultMemoryMiB, passes: Int = defaultPasses) throws(CryptoError)
        -> KDFParameters
    {
        guard memoryMiB >= minimumMemoryMiB else {
            throw .invalidKDFParameters(
                "Argon2id memory must be at least \(minimumMemoryMiB) MiB (got \(memoryMiB) MiB)")
        }
        guard passes >= minimumPasses else {
            throw .invalidKDFParameters("Argon2id needs at least \(minimumPasses) passes (got \(passes))")
        }
        guard memoryMiB <= maximumMemoryMiB else {
            throw .invalidKDFParameters("Argon2id memory must be at most \(maximumMemoryMiB) MiB (got \(memoryMiB) MiB)")
        }
        guard passes <= maximumPasses else {
            throw .invalidKDFParameters("Argon2id takes at most \(maximumPasses) passes (got \(passes))")
        }
        Sodium.ensureInitialized()
        var salt = [UInt8](repeating: 0, count: saltByteCount)
        salt.withUnsafeMutableBytes { randombytes_buf($0.baseAddress!, $0.count) }
        return KDFParameters(passes: UInt64(passes), memoryBytes: UInt64(memoryMiB) << 20, salt: salt)
    }

    /// Checks stored parameters before use, so a damaged or hostile header cannot make us allocate gigabytes or
    /// spin for minutes.
    public func validate() throws(CryptoError) {
        guard algorithm == Self.argon2id13 else {
            throw .invalidKDFParameters("unsupported key derivation algorithm \(algorithm)")
        }
        guard salt.count == Self.saltByteCount else {
            throw .incorrectSize(expected: Self.saltByteCount, actual: salt.count)
        }
        guard !exceedsLimits else {
            throw .invalidKDFParameters(
                "the key derivation asks for \(memoryBytes >> 20) MiB and \(passes) passes, over Sesame's limit of "
                    + "\(Self.maximumMemoryMiB) MiB and \(Self.maximumPasses) passes")
        }
        guard passes >= UInt64(Self.minimumPasses), memoryBytes >= UInt64(Self.minimumMemoryMiB) << 20 else {
            throw .invalidKDFParameters("key derivation parameters are out of range")
        }
    }

    /// Whether the costs are above what Sesame derives at all (``maximumMemoryMiB``, ``maximumPasses``).
    public var exceedsLimits: Bool {
        passes > UInt64(Self.maximumPasses) || memoryBytes > UInt64(Self.maximumMemoryMiB) << 20
    }

    public var memoryMiB: Int { Int(memoryBytes >> 20) }
}
