import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto
import SesamePasskeys

/// `passkeys-register` and `passkeys-get`: the host plays the browser's part of WebAuthn. It builds the client
/// data from the page's origin and challenge and hands its hash to the vault, which decides the rest (origin and
/// relying party, exclusion, which passkey); the answer is the `PublicKeyCredential` JSON the extension gives the
/// page, or KeePassXC's error code for a refusal inside the reply (`response: {"errorCode": N}`).
extension BrowserHost {
    /// WebAuthn asks for at least 16 random bytes; the extension refuses shorter ones too.
    static let minimumChallengeByteCount = 16

    func registerPasskey(_ request: BrowserMessage, _ reply: Reply) throws(ServiceFailure) {
        _ = try hash()  // a locked vault answers error 1 at once
        guard let options = request.passkeyOptions else { return refuse(reply, .passkeysEmptyPublicKey) }
        guard let page = request.origin else { return refuse(reply, .passkeysInvalidURLProvided) }
        let origin: WebAuthnOrigin
        do {
            origin = try WebAuthnOrigin(parsing: page)
        } catch {
            let refusal = BrowserPasskeyRefusal(error)
            return refuse(reply, Self.code(refusal), text: refusal.description)
        }
        guard let challenge = options.challenge.flatMap(Base64URL.decode),
              challenge.count >= Self.minimumChallengeByteCount
        else { return refuse(reply, .passkeysInvalidChallenge) }
        guard let userHandle = options.user?.id.flatMap(Base64URL.decode), (1...64).contains(userHandle.count) else {
            return refuse(reply, .passkeysInvalidUserID)
        }
        var excluded: [[UInt8]] = []
        for id in options.excludedCredentials {
            // An id that is not base64url names no passkey of Sesame's; it excludes nothing.
            if let bytes = Base64URL.decode(id) { excluded.append(bytes) }
        }
        let clientData = ClientDataJSON.bytes(.registration, challenge: challenge, origin: origin.serialized)
        let creation = BrowserPasskeyCreation(
            origin: page, relyingPartyID: options.relyingParty?.id, userName: options.user?.name ?? "",
            userDisplayName: options.user?.displayName ?? "", userHandle: userHandle,
            clientDataHash: SHA256.hash(clientData), algorithms: options.algorithms ?? [],
            excludedCredentialIDs: excluded, userVerificationRequired: options.userVerification == "required",
            keys: request.keys ?? [])
        let outcome: BrowserPasskeyOutcome<BrowserPasskeyCreated>
        do throws(ServiceFailure) {
            outcome = try backend.call { vault throws(ServiceFailure) in
                try Self.passkeys(vault).registerBrowserPasskey(creation)
            }
        } catch where error.code == .notFound {
            return fail(reply, .associationFailed)
        }
        switch outcome {
        case .refused(let refusal):
            refuse(reply, Self.code(refusal), text: refusal.description)
        case .done(let created):
            let id = Base64URL.encode(created.credentialID)
            send(reply, ["response": [
                "id": id, "rawId": id, "type": "public-key", "authenticatorAttachment": "platform",
                "clientExtensionResults": [String: Any](),
                "response": [
                    "clientDataJSON": Base64URL.encode(clientData),
                    "attestationObject": Base64URL.encode(created.attestationObject),
                    "authenticatorData": Base64URL.encode(created.authenticatorData),
                    "publicKeyAlgorithm": COSEAlgorithm.es256, "transports": ["internal", "hybrid"],
                    "clientExtensionResults": [String: Any](),
                ] as [String: Any],
            ] as [String: Any]])
        }
    }

    func getPasskey(_ request: BrowserMessage, _ reply: Reply) throws(ServiceFailure) {
        _ = try hash()
        guard let options = request.passkeyOptions else { return refuse(reply, .passkeysEmptyPublicKey) }
        guard let page = request.origin else { return refuse(reply, .passkeysInvalidURLProvided) }
        let origin: WebAuthnOrigin
        do {
            origin = try WebAuthnOrigin(parsing: page)
        } catch {
            let refusal = BrowserPasskeyRefusal(error)
            return refuse(reply, Self.code(refusal), text: refusal.description)
        }
        guard let challenge = options.challenge.flatMap(Base64URL.decode),
              challenge.count >= Self.minimumChallengeByteCount
        else { return refuse(reply, .passkeysInvalidChallenge) }
        let allowed = options.allowedCredentials.compactMap(Base64URL.decode)
        // Ids that are all unreadable allow nothing, not everything.
        guard allowed.count == options.allowedCredentials.count || !allowed.isEmpty else {
            return refuse(reply, .noLoginsFound)
        }
        let clientData = ClientDataJSON.bytes(.assertion, challenge: challenge, origin: origin.serialized)
        let passkeyRequest = BrowserPasskeyRequest(
            origin: page, relyingPartyID: options.relyingPartyID, allowedCredentialIDs: allowed,
            clientDataHash: SHA256.hash(clientData), userVerificationRequired: options.userVerification == "required",
            keys: request.keys ?? [])
        let outcome: BrowserPasskeyOutcome<BrowserPasskeySignIn>
        do throws(ServiceFailure) {
            outcome = try backend.call { vault throws(ServiceFailure) in
                try Self.passkeys(vault).assertBrowserPasskey(passkeyRequest)
            }
        } catch where error.code == .notFound {
            return fail(reply, .associationFailed)
        }
        switch outcome {
        case .refused(let refusal):
            refuse(reply, Self.code(refusal), text: refusal.description)
        case .done(let signIn):
            let id = Base64URL.encode(signIn.credentialID)
            send(reply, ["response": [
                "id": id, "rawId": id, "type": "public-key", "authenticatorAttachment": "platform",
                "clientExtensionResults": [String: Any](),
                "response": [
                    "clientDataJSON": Base64URL.encode(clientData),
                    "authenticatorData": Base64URL.encode(signIn.authenticatorData),
                    "signature": Base64URL.encode(signIn.signature),
                    "userHandle": Base64URL.encode(signIn.userHandle),
                    "clientExtensionResults": [String: Any](),
                ] as [String: Any],
            ] as [String: Any]])
        }
    }

    /// KeePassXC's code for each refusal (its `PasskeyUtils`: an origin that is not https → 26, a relying party id
    /// that is not the page's domain or a registrable suffix of it → 28).
    static func code(_ refusal: BrowserPasskeyRefusal) -> BrowserErrorCode {
        switch refusal {
        case .invalidOrigin: .passkeysInvalidURLProvided
        case .insecureOrigin: .passkeysOriginNotAllowed
        case .invalidRelyingPartyID: .passkeysDomainIsNotValid
        case .foreignRelyingPartyID, .publicSuffixRelyingPartyID: .passkeysDomainRPIDMismatch
        case .unsupportedAlgorithms: .passkeysNoSupportedAlgorithms
        case .excludedCredential: .passkeysCredentialIsExcluded
        case .noPasskey: .noLoginsFound
        case .userVerificationRequired: .passkeysInvalidUserVerification
        case .invalidRequest: .passkeysUnknownError
        }
    }

    private static func passkeys(_ vault: any BrowserAccess) throws(ServiceFailure) -> any BrowserPasskeyAccess {
        guard let service = vault as? any BrowserPasskeyAccess else {
            throw ServiceFailure(.protocolError, "This vault service does not serve passkeys.")
        }
        return service
    }

    /// A refusal as KeePassXC answers it: inside the encrypted reply, where the extension reads `response`.
    private func refuse(_ reply: Reply, _ code: BrowserErrorCode, text: String? = nil) {
        send(reply, ["response": ["errorCode": code.rawValue, "error": text ?? code.message] as [String: Any]])
    }
}
