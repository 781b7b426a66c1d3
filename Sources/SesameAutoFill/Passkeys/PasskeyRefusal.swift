/// Why the vault declines a passkey request whose relying party id the caller already allowed (the browser host
/// by the browser's rules, iOS by the app's associated domains). Each shell answers with its own code.
public enum PasskeyRefusal: Error, Sendable, Equatable {
    /// A passkey of this vault is among the relying party's excluded credentials: the account has one already.
    case excludedCredential
    /// The relying party accepts no algorithm Sesame signs with (ES256, -7).
    case unsupportedAlgorithms
    /// A field of the request is out of bounds (see ``PasskeyError/invalidRequest(_:)``).
    case invalidRequest
    /// No passkey of this vault may sign for the relying party (none, or none among the allowed credentials).
    case noPasskey
}
