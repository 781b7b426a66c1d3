/// A new passkey as the relying party receives it: no private key.
public struct PasskeyCreated: Sendable, Equatable {
    public var credentialID: [UInt8]
    public var authenticatorData: [UInt8]
    public var attestationObject: [UInt8]

    public init(credentialID: [UInt8], authenticatorData: [UInt8], attestationObject: [UInt8]) {
        self.credentialID = credentialID
        self.authenticatorData = authenticatorData
        self.attestationObject = attestationObject
    }
}
