/// How an exported KeePass file is protected. The defaults follow what every current KeePass app opens and what
/// phones can afford: AES-256, Argon2id with 64 MiB (iOS AutoFill extensions die above about 120 MB).
public struct KeePassExportOptions: Sendable, Equatable {
    public enum Cipher: Sendable, Equatable { case aes256, chaCha20 }

    public enum KeyDerivation: Sendable, Equatable {
        case argon2id(memoryKiB: UInt64, iterations: UInt64, parallelism: UInt32)
        case argon2d(memoryKiB: UInt64, iterations: UInt64, parallelism: UInt32)
        case aesKDF(rounds: UInt64)

        func parameters(salt: [UInt8]) -> SesameKeePass.KeyDerivation {
            switch self {
            case .argon2id(let memory, let iterations, let parallelism):
                .argon2(.id, salt: salt, memoryBytes: memory * 1024, iterations: iterations, parallelism: parallelism, version: 0x13)
            case .argon2d(let memory, let iterations, let parallelism):
                .argon2(.d, salt: salt, memoryBytes: memory * 1024, iterations: iterations, parallelism: parallelism, version: 0x13)
            case .aesKDF(let rounds): .aesKDF(seed: salt, rounds: rounds)
            }
        }
    }

    public var cipher: Cipher
    public var keyDerivation: KeyDerivation

    /// 64 MiB, 10 passes, 2 lanes: about 0.3 s on the build machine.
    public static let defaultKeyDerivation = KeyDerivation.argon2id(memoryKiB: 64 * 1024, iterations: 10, parallelism: 2)

    public init(cipher: Cipher = .aes256, keyDerivation: KeyDerivation = defaultKeyDerivation) {
        self.cipher = cipher
        self.keyDerivation = keyDerivation
    }
}
