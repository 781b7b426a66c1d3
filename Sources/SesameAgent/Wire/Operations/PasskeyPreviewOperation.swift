import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// `passkeyPreview`: what a page's `passkeyRegister` or `passkeyAssert` would do, checked without making a key or
/// signing, so that the browser host can ask the person to confirm it (and ask nothing for a request the vault
/// would refuse). The request carries one of the two operations' requests; the reply names the relying party, the
/// account and, for a sign-in, the passkey that would sign (the host then signs with that one alone), or the
/// refusal the operation would give.
enum PasskeyPreviewOperation: AgentOperation {
    static let name = "passkeyPreview"
    static let policy = OperationPolicy.plain

    /// Exactly one of the two.
    struct Request: Codable, Sendable, Equatable {
        var passkeyCreation: PasskeyRegisterOperation.Creation?
        var passkeyRequest: PasskeyAssertOperation.PasskeyRequest?

        enum CodingKeys: String, CodingKey {
            case passkeyCreation = "passkeyCreation", passkeyRequest = "passkeyRequest"
        }
    }

    /// Either what would happen or why it would be refused.
    struct Reply: Codable, Sendable, Equatable {
        var passkeyIntent: Intent?
        var refusal: BrowserPasskeyRefusal?

        enum CodingKeys: String, CodingKey {
            case passkeyIntent = "passkeyIntent", refusal = "refusal"
        }

        init(_ outcome: BrowserPasskeyOutcome<BrowserPasskeyIntent>) {
            switch outcome {
            case .done(let intent): passkeyIntent = Intent(intent)
            case .refused(let reason): refusal = reason
            }
        }

        func outcome() throws(ServiceFailure) -> BrowserPasskeyOutcome<BrowserPasskeyIntent> {
            if let refusal { return .refused(refusal) }
            guard let intent = passkeyIntent else {
                throw ServiceFailure(
                    .protocolError, "The agent answered passkeyPreview with neither an intent nor a refusal.")
            }
            var credentialID: [UInt8]?
            if let id = intent.credentialID {
                guard let bytes = Base64URL.decode(id) else {
                    throw ServiceFailure(.protocolError, "The agent's passkey id is not base64url.")
                }
                credentialID = bytes
            }
            return .done(BrowserPasskeyIntent(
                relyingPartyID: intent.relyingParty, userName: intent.userName, credentialID: credentialID))
        }
    }

    /// The credential id in base64url; absent for a registration.
    struct Intent: Codable, Sendable, Equatable {
        var relyingParty: String
        var userName: String
        var credentialID: String?

        enum CodingKeys: String, CodingKey {
            case relyingParty = "relyingParty", userName = "userName", credentialID = "credentialID"
        }

        init(_ intent: BrowserPasskeyIntent) {
            relyingParty = intent.relyingPartyID
            userName = intent.userName
            credentialID = intent.credentialID.map(Base64URL.encode)
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let service = try feature(
            vault, (any BrowserPasskeyAccess).self, missing: "This vault service does not serve passkeys to browsers.")
        switch (request.passkeyCreation, request.passkeyRequest) {
        case (let creation?, nil):
            return Reply(try service.checkBrowserPasskeyCreation(try creation.creation()))
        case (nil, let passkeyRequest?):
            return Reply(try service.chooseBrowserPasskey(try passkeyRequest.request()))
        default:
            throw ServiceFailure(.invalidInput, "passkeyPreview takes either passkeyCreation or passkeyRequest.")
        }
    }
}
