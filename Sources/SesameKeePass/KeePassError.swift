/// Why a KeePass file could not be read or written. Messages are one sentence and never contain a secret.
public enum KeePassError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the KeePass 2 signature.
    case notKeePassFile
    /// A KeePass file of a version this reader does not handle (KDBX 1.x / KeePass 1, or a future 5.x).
    case unsupportedVersion(major: UInt16, minor: UInt16)
    /// An outer cipher Sesame does not implement (Twofish) or does not know.
    case unsupportedCipher(String)
    /// A key derivation function Sesame does not know.
    case unsupportedKeyDerivation
    /// The key derivation asks for more memory or parallelism than Sesame allows (a hostile or broken file).
    case keyDerivationTooExpensive(String)
    /// The file is larger, deeper or more numerous than ``KeePassLimits`` allows: what, and the limit.
    case exceedsLimits(String)
    /// The password and/or key file do not open the file (or the header was tampered with).
    case wrongCredentials
    /// The file is damaged or truncated: the place where it went wrong, without any content.
    case damaged(String)
    /// A key file that claims a known format but breaks it.
    case invalidKeyFile(String)
    /// Neither a password nor a key file was given.
    case missingCredentials

    public var description: String {
        switch self {
        case .notKeePassFile: "This is not a KeePass (KDBX) file."
        case .unsupportedVersion(let major, let minor):
            "KeePass file version \(major).\(minor) is not supported (Sesame reads KDBX 3.1 and 4.x)."
        case .unsupportedCipher(let name):
            "The KeePass file is encrypted with \(name), which Sesame does not support; re-save it with AES-256 or ChaCha20 in KeePassXC."
        case .unsupportedKeyDerivation:
            "The KeePass file uses an unknown key derivation function (Sesame knows Argon2d, Argon2id and AES-KDF)."
        case .keyDerivationTooExpensive(let reason): "The KeePass file's key derivation \(reason)."
        case .exceedsLimits(let reason): "The KeePass file exceeds Sesame's limits: \(reason)."
        case .wrongCredentials:
            "Wrong password or key file for this KeePass file (Sesame cannot open files that also need a YubiKey challenge-response)."
        case .damaged(let reason): "The KeePass file is damaged: \(reason)."
        case .invalidKeyFile(let reason): "The key file is invalid: \(reason)."
        case .missingCredentials: "A KeePass file needs a password, a key file or both."
        }
    }
}
