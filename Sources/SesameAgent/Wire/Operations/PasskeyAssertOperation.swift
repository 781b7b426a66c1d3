import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// `passkeyAssert`: a sign-in for a page (KeePassXC-Browser's `passkeys-get`), for an association the user
/// allowed. The vault checks the page and relying party, picks the passkey the site allows, signs and records the
/// use; the reply is the signature and what goes with it, never the key.
enum PasskeyAssertOperation: AgentOperation {
    static let name = "passkeyAssert"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var passkeyRequest: PasskeyRequest

        enum CodingKeys: String, CodingKey {
            case passkeyRequest = "passkeyRequest"
        }
    }

    /// Binary values in base64url; `allowedCredentials` empty for a discoverable credential.
    struct PasskeyRequest: Codable, Sendable, Equatable {
        var origin: String
        var relyingParty: String?
        var allowedCredentials: [String]
        var clientDataHash: String
        var userVerificationRequired: Bool
        var keys: [WireBrowserKey]

        enum CodingKeys: String, CodingKey {
            case origin = "origin", relyingParty = "relyingParty", allowedCredentials = "allowedCredentials"
            case clientDataHash = "clientDataHash", userVerificationRequired = "userVerificationRequired"
            case keys = "keys"
        }

        init(_ request: BrowserPasskeyRequest) {
            origin = request.origin
            relyingParty = request.relyingPartyID
            allowedCredentials = request.allowedCredentialIDs.map(Base64URL.encode)
            clientDataHash = Base64URL.encode(request.clientDataHash)
            userVerificationRequired = request.userVerificationRequired
            keys = request.keys.map(WireBrowserKey.init)
        }

        func request() throws(ServiceFailure) -> BrowserPasskeyRequest {
            var allowed: [[UInt8]] = []
            for id in allowedCredentials { allowed.append(try bytes(id)) }
            return BrowserPasskeyRequest(
                origin: origin, relyingPartyID: relyingParty, allowedCredentialIDs: allowed,
                clientDataHash: try bytes(clientDataHash), userVerificationRequired: userVerificationRequired,
                keys: keys.map(\.browserKey))
        }
    }

    /// Either the signed sign-in or why it was refused.
    struct Reply: Codable, Sendable, Equatable {
        var passkeyAssertion: Assertion?
        var refusal: BrowserPasskeyRefusal?

        enum CodingKeys: String, CodingKey {
            case passkeyAssertion = "passkeyAssertion", refusal = "refusal"
        }

        init(_ outcome: BrowserPasskeyOutcome<PasskeySignIn>) {
            switch outcome {
            case .done(let signIn): passkeyAssertion = Assertion(signIn)
            case .refused(let reason): refusal = reason
            }
        }

        func outcome() throws(ServiceFailure) -> BrowserPasskeyOutcome<PasskeySignIn> {
            if let refusal { return .refused(refusal) }
            guard let assertion = passkeyAssertion else {
                throw ServiceFailure(
                    .protocolError, "The agent answered passkeyAssert with neither a signature nor a refusal.")
            }
            return .done(PasskeySignIn(
                credentialID: try bytes(assertion.credentialID),
                authenticatorData: try bytes(assertion.authenticatorData),
                signature: try bytes(assertion.signature), userHandle: try bytes(assertion.userHandle)))
        }
    }

    struct Assertion: Codable, Sendable, Equatable {
        var credentialID: String
        var authenticatorData: String
        var signature: String
        var userHandle: String

        enum CodingKeys: String, CodingKey {
            case credentialID = "credentialID", authenticatorData = "authenticatorData", signature = "signature"
            case userHandle = "userHandle"
        }

        init(_ signIn: PasskeySignIn) {
            credentialID = Base64URL.encode(signIn.credentialID)
            authenticatorData = Base64URL.encode(signIn.authenticatorData)
            signature = Base64URL.encode(signIn.signature)
            userHandle = Base64URL.encode(signIn.userHandle)
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let service = try feature(
            vault, (any BrowserPasskeyAccess).self, missing: "This vault service does not serve passkeys to browsers.")
        return Reply(try service.assertBrowserPasskey(try request.passkeyRequest.request()))
    }
}

private func bytes(_ text: String) throws(ServiceFailure) -> [UInt8] {
    guard let bytes = Base64URL.decode(text) else {
        throw ServiceFailure(.invalidInput, "A passkey field is not base64url.")
    }
    return bytes
}
