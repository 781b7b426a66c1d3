import SesameStore

/// A signed sign-in, and the passkey as it is to be stored afterwards (its last use, and its counter when it has
/// one).
public struct PasskeyAssertion: Sendable, Equatable {
    /// 37 bytes: relying party id hash, flags, counter.
    public var authenticatorData: [UInt8]
    /// ECDSA over `authenticatorData ‖ clientDataHash`, DER.
    public var signature: [UInt8]
    public var credentialID: [UInt8]
    /// The handle stored at registration (relying parties look the account up by it).
    public var userHandle: [UInt8]
    /// The passkey with `lastUsed` set and, for a passkey that counts, the counter advanced: the caller stores it
    /// so the next sign-in counts on from there.
    public var updatedPasskey: Passkey
}
