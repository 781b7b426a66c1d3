/// What a passkey request of a page would do, checked before the person is asked (the host confirms each one):
/// the relying party, the account, and for a sign-in the passkey that would sign. It carries no key.
public struct BrowserPasskeyIntent: Sendable, Equatable {
    /// The relying party id the page may use (its host when the request named none).
    public var relyingPartyID: String
    public var userName: String
    /// The passkey that would sign; nil for a registration.
    public var credentialID: [UInt8]?

    public init(relyingPartyID: String, userName: String, credentialID: [UInt8]? = nil) {
        self.relyingPartyID = relyingPartyID
        self.userName = userName
        self.credentialID = credentialID
    }
}
