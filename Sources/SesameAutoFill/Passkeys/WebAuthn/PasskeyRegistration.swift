import SesameStore

/// A new passkey and what the relying party receives about it.
public struct PasskeyRegistration: Sendable, Equatable {
    /// What the vault keeps (the private key included).
    public var passkey: Passkey
    /// The authenticator data with the attested credential, as signed nowhere (fmt "none") but hashed by relying
    /// parties.
    public var authenticatorData: [UInt8]
    /// `{"fmt": "none", "attStmt": {}, "authData": …}`.
    public var attestationObject: [UInt8]
    /// The 77-byte COSE public key (also inside the authenticator data), which the browser's
    /// `getPublicKey()`-style fields and iOS need apart.
    public var publicKey: [UInt8]
    /// Always ES256.
    public var algorithm: Int64 { COSEAlgorithm.es256 }

    public var credentialID: [UInt8] { passkey.credentialID }
}
