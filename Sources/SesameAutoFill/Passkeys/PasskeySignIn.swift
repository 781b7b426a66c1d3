/// A signed sign-in as the relying party receives it: no private key.
public struct PasskeySignIn: Sendable, Equatable {
    public var credentialID: [UInt8]
    public var authenticatorData: [UInt8]
    public var signature: [UInt8]
    public var userHandle: [UInt8]

    public init(credentialID: [UInt8], authenticatorData: [UInt8], signature: [UInt8], userHandle: [UInt8]) {
        self.credentialID = credentialID
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}
