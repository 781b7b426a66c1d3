#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import SesameAutoFill

extension UserVerificationPreference {
    /// The system's preference, by its WebAuthn text.
    @available(iOS 17.0, macOS 14.0, *)
    public init(_ system: ASAuthorizationPublicKeyCredentialUserVerificationPreference) {
        self.init(webAuthn: system.rawValue)
    }
}

extension PasskeyRegistrationRequest {
    /// A registration request as the system hands it over: the relying party, user name and handle of its
    /// identity, the client data hash and the relying party's algorithms. The display name is not in the request.
    @available(iOS 17.0, macOS 14.0, *)
    public init(_ request: ASPasskeyCredentialRequest, identity: ASPasskeyCredentialIdentity) {
        self.init(relyingPartyID: identity.relyingPartyIdentifier, userName: identity.userName,
                  userHandle: [UInt8](identity.userHandle), clientDataHash: [UInt8](request.clientDataHash),
                  algorithms: request.supportedAlgorithms.map { Int64($0.rawValue) }, userVerified: false)
    }
}

@available(iOS 17.0, macOS 14.0, *)
extension ASPasskeyAssertionCredential {
    /// What the relying party receives for a sign-in.
    public convenience init(_ signIn: PasskeySignIn, relyingParty: String, clientDataHash: Data) {
        self.init(userHandle: Data(signIn.userHandle), relyingParty: relyingParty, signature: Data(signIn.signature),
                  clientDataHash: clientDataHash, authenticatorData: Data(signIn.authenticatorData),
                  credentialID: Data(signIn.credentialID))
    }
}

@available(iOS 17.0, macOS 14.0, *)
extension ASPasskeyRegistrationCredential {
    /// What the relying party receives for a new passkey.
    public convenience init(_ created: PasskeyCreated, relyingParty: String, clientDataHash: Data) {
        self.init(relyingParty: relyingParty, clientDataHash: clientDataHash, credentialID: Data(created.credentialID),
                  attestationObject: Data(created.attestationObject))
    }
}
#endif
