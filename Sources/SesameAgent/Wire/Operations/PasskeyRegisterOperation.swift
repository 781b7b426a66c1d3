import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// `passkeyRegister`: a new passkey for a page (KeePassXC-Browser's `passkeys-register`), for an association the
/// user allowed. The vault checks the page and relying party, refuses an excluded credential, makes the passkey and
/// keeps it in the login of that site and user name; the reply is what the relying party receives, never the key.
enum PasskeyRegisterOperation: AgentOperation {
    static let name = "passkeyRegister"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var passkeyCreation: Creation

        enum CodingKeys: String, CodingKey {
            case passkeyCreation = "passkeyCreation"
        }
    }

    /// Binary values in base64url.
    struct Creation: Codable, Sendable, Equatable {
        var origin: String
        var relyingParty: String?
        var userName: String
        var userDisplayName: String
        var userHandle: String
        var clientDataHash: String
        var algorithms: [Int64]
        var excludedCredentials: [String]
        var userVerificationRequired: Bool
        var keys: [WireBrowserKey]

        enum CodingKeys: String, CodingKey {
            case origin = "origin", relyingParty = "relyingParty", userName = "userName"
            case userDisplayName = "userDisplayName", userHandle = "userHandle", clientDataHash = "clientDataHash"
            case algorithms = "algorithms", excludedCredentials = "excludedCredentials"
            case userVerificationRequired = "userVerificationRequired", keys = "keys"
        }

        init(_ creation: BrowserPasskeyCreation) {
            origin = creation.origin
            relyingParty = creation.relyingPartyID
            userName = creation.userName
            userDisplayName = creation.userDisplayName
            userHandle = Base64URL.encode(creation.userHandle)
            clientDataHash = Base64URL.encode(creation.clientDataHash)
            algorithms = creation.algorithms
            excludedCredentials = creation.excludedCredentialIDs.map(Base64URL.encode)
            userVerificationRequired = creation.userVerificationRequired
            keys = creation.keys.map(WireBrowserKey.init)
        }

        func creation() throws(ServiceFailure) -> BrowserPasskeyCreation {
            var excluded: [[UInt8]] = []
            for id in excludedCredentials { excluded.append(try bytes(id)) }
            return BrowserPasskeyCreation(
                origin: origin, relyingPartyID: relyingParty, userName: userName, userDisplayName: userDisplayName,
                userHandle: try bytes(userHandle), clientDataHash: try bytes(clientDataHash), algorithms: algorithms,
                excludedCredentialIDs: excluded, userVerificationRequired: userVerificationRequired,
                keys: keys.map(\.browserKey))
        }
    }

    /// Either the new credential or why it was refused.
    struct Reply: Codable, Sendable, Equatable {
        var passkeyRegistration: Registration?
        var refusal: BrowserPasskeyRefusal?

        enum CodingKeys: String, CodingKey {
            case passkeyRegistration = "passkeyRegistration", refusal = "refusal"
        }

        init(_ outcome: BrowserPasskeyOutcome<PasskeyCreated>) {
            switch outcome {
            case .done(let created): passkeyRegistration = Registration(created)
            case .refused(let reason): refusal = reason
            }
        }

        func outcome() throws(ServiceFailure) -> BrowserPasskeyOutcome<PasskeyCreated> {
            if let refusal { return .refused(refusal) }
            guard let registration = passkeyRegistration else {
                throw ServiceFailure(
                    .protocolError, "The agent answered passkeyRegister with neither a passkey nor a refusal.")
            }
            return .done(PasskeyCreated(
                credentialID: try bytes(registration.credentialID),
                authenticatorData: try bytes(registration.authenticatorData),
                attestationObject: try bytes(registration.attestationObject)))
        }
    }

    struct Registration: Codable, Sendable, Equatable {
        var credentialID: String
        var authenticatorData: String
        var attestationObject: String

        enum CodingKeys: String, CodingKey {
            case credentialID = "credentialID", authenticatorData = "authenticatorData"
            case attestationObject = "attestationObject"
        }

        init(_ created: PasskeyCreated) {
            credentialID = Base64URL.encode(created.credentialID)
            authenticatorData = Base64URL.encode(created.authenticatorData)
            attestationObject = Base64URL.encode(created.attestationObject)
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let service = try feature(
            vault, (any BrowserPasskeyAccess).self, missing: "This vault service does not serve passkeys to browsers.")
        return Reply(try service.registerBrowserPasskey(try request.passkeyCreation.creation()))
    }
}

private func bytes(_ text: String) throws(ServiceFailure) -> [UInt8] {
    guard let bytes = Base64URL.decode(text) else {
        throw ServiceFailure(.invalidInput, "A passkey field is not base64url.")
    }
    return bytes
}
