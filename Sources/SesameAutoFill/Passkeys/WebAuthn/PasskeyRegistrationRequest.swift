/// What a relying party asks of a new passkey, as both shells hand it over: iOS's `ASPasskeyCredentialRequest`
/// (relying party, user name and handle from its identity, `clientDataHash`, `supportedAlgorithms`, the user
/// verification the system did), or the browser host's `publicKey` options with the clientDataJSON it built.
public struct PasskeyRegistrationRequest: Sendable, Equatable {
    public var relyingPartyID: String
    public var userName: String
    public var userDisplayName: String
    public var userHandle: [UInt8]
    /// SHA-256 of the clientDataJSON: the system's on iOS, the host's own hash on Linux.
    public var clientDataHash: [UInt8]
    /// COSE algorithms the relying party accepts, in its order of preference; empty means ES256 and RS256.
    public var algorithms: [Int64]
    /// Whether the user was verified for this request (UV).
    public var userVerified: Bool

    public init(
        relyingPartyID: String, userName: String, userDisplayName: String = "", userHandle: [UInt8],
        clientDataHash: [UInt8], algorithms: [Int64], userVerified: Bool
    ) {
        self.relyingPartyID = relyingPartyID
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.userHandle = userHandle
        self.clientDataHash = clientDataHash
        self.algorithms = algorithms
        self.userVerified = userVerified
    }
}
