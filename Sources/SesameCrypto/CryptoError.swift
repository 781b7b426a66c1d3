/// Failures of the cryptographic layer. Messages never contain key material or plaintext.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A sealed box did not authenticate: wrong key, wrong associated data, or damaged bytes.
    case authenticationFailure
    /// A sealed box is shorter than a nonce and a tag, so it cannot be a box at all.
    case truncatedBox
    /// Key derivation parameters are below the minimum or the derivation ran out of memory.
    case invalidKDFParameters(String)
    /// A key or nonce had the wrong size.
    case incorrectSize(expected: Int, actual: Int)
    /// Secure memory could not be allocated.
    case outOfMemory
    /// A key agreement failed: the peer's public key is out of range, or the library refused the exchange.
    case keyAgreementFailed
    /// A private key could not be used: not the kind expected, or damaged. The reason names the problem, never the key.
    case invalidKey(String)
    /// The platform's library failed an operation it should not fail (signing, key generation).
    case operationFailed(String)

    public var description: String {
        switch self {
        case .authenticationFailure: "authentication failed (wrong key or damaged data)"
        case .truncatedBox: "the encrypted data is truncated"
        case .invalidKDFParameters(let reason): reason
        case .incorrectSize(let expected, let actual): "expected \(expected) bytes, got \(actual)"
        case .outOfMemory: "secure memory could not be allocated"
        case .keyAgreementFailed: "the key agreement failed (invalid public key)"
        case .invalidKey(let reason): "the private key cannot be used: \(reason)"
        case .operationFailed(let operation): "the cryptographic library failed to \(operation)"
        }
    }
}
