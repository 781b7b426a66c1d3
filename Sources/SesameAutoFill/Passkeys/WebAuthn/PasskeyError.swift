/// Why a passkey request is refused. Messages name the problem, never a key, and never quote a page's text in full.
public enum PasskeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The request lists algorithms, none of them ES256 (-7): Sesame creates ES256 keys only.
    case unsupportedAlgorithms([Int64])
    /// A field of the request is out of bounds (empty relying party, user handle over 64 bytes, a hash that is
    /// not 32 bytes…).
    case invalidRequest(String)
    /// The stored passkey cannot sign: its key is damaged or not an ES256 key.
    case unusableKey(String)

    public var description: String {
        switch self {
        case .unsupportedAlgorithms(let algorithms):
            "The site asks for a key type Sesame cannot create (COSE algorithms \(algorithms.prefix(8).map(String.init).joined(separator: ", "))); Sesame creates ES256 (-7) passkeys only."
        case .invalidRequest(let reason): "The passkey request is not valid: \(reason)."
        case .unusableKey(let reason): "The passkey cannot sign: \(reason)."
        }
    }
}
