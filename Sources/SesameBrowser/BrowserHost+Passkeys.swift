import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// `passkeys-register` and `passkeys-get`: the host plays the browser's part of WebAuthn. It builds the client
/// data from the page's origin and challenge and hands its hash to the vault, which decides the rest (origin and
/// relying party, exclusion, which passkey); the answer is the `PublicKeyCredential` JSON the extension gives the
/// page, or KeePassXC's error code for a refusal inside the reply (`response: {"errorCode": N}`).
///
/// Between the two the person confirms (user presence): the vault first says what the request would do without
/// doing it (`passkeyPreview`), so that a request it would refuse asks nobody; the host asks through
/// `PasskeyConsent` on a thread of its own, and only a yes makes the passkey or signs, a sign-in with the passkey
/// the person was shown and no other. No answer, a no, or nobody to ask is error 22 (request cancelled).
extension BrowserHost {
    /// WebAuthn asks for at least 16 random bytes; the extension refuses shorter ones too.
    static let minimumChallengeByteCount = 16

    func registerPasskey(_ request: BrowserMessage, _ reply: Reply) throws(ServiceFailure) {
        guard let page = try clientData(of: request, .registration, reply) else { return }
        let options = page.options
        guard let userHandle = options.user?.id.flatMap(Base64URL.decode), (1...64).contains(userHandle.count) else {
            return refuse(reply, .passkeysInvalidUserID)
        }
        // An id that is not base64url names no passkey of Sesame's; it excludes nothing.
        let excluded = options.excludedCredentials.compactMap(Base64URL.decode)
        let creation = BrowserPasskeyCreation(
            origin: page.origin, relyingPartyID: options.relyingParty?.id, userName: options.user?.name ?? "",
            userDisplayName: options.user?.displayName ?? "", userHandle: userHandle,
            clientDataHash: SHA256.hash(page.clientData), algorithms: options.algorithms ?? [],
            excludedCredentialIDs: excluded, userVerificationRequired: options.userVerification == "required",
            keys: request.keys ?? [])
        let clientData = page.clientData
        try confirmed(reply, .registration, origin: page.origin, { vault throws(ServiceFailure) in
            try vault.checkBrowserPasskeyCreation(creation)
        }) { [self] _ throws(ServiceFailure) in
            try answer(reply, clientData: clientData, { vault throws(ServiceFailure) in
                try vault.registerBrowserPasskey(creation)
            }) { created in
                (created.credentialID, [
                    "attestationObject": Base64URL.encode(created.attestationObject),
                    "authenticatorData": Base64URL.encode(created.authenticatorData),
                    "publicKeyAlgorithm": COSEAlgorithm.es256, "transports": ["internal", "hybrid"],
                ])
            }
        }
    }

    func getPasskey(_ request: BrowserMessage, _ reply: Reply) throws(ServiceFailure) {
        guard let page = try clientData(of: request, .assertion, reply) else { return }
        let options = page.options
        let allowed = options.allowedCredentials.compactMap(Base64URL.decode)
        // Ids that are all unreadable allow nothing, not everything.
        guard allowed.count == options.allowedCredentials.count || !allowed.isEmpty else {
            return refuse(reply, .noLoginsFound)
        }
        let passkeyRequest = BrowserPasskeyRequest(
            origin: page.origin, relyingPartyID: options.relyingPartyID, allowedCredentialIDs: allowed,
            clientDataHash: SHA256.hash(page.clientData),
            userVerificationRequired: options.userVerification == "required", keys: request.keys ?? [])
        let clientData = page.clientData
        try confirmed(reply, .signIn, origin: page.origin, { vault throws(ServiceFailure) in
            try vault.chooseBrowserPasskey(passkeyRequest)
        }) { [self] intent throws(ServiceFailure) in
            guard let shown = intent.credentialID else {
                throw ServiceFailure(.protocolError, "The vault chose no passkey to sign with.")
            }
            var confirmedRequest = passkeyRequest
            confirmedRequest.allowedCredentialIDs = [shown]
            try answer(reply, clientData: clientData, { vault throws(ServiceFailure) in
                try vault.assertBrowserPasskey(confirmedRequest)
            }) { signIn in
                (signIn.credentialID, [
                    "authenticatorData": Base64URL.encode(signIn.authenticatorData),
                    "signature": Base64URL.encode(signIn.signature),
                    "userHandle": Base64URL.encode(signIn.userHandle),
                ])
            }
        }
    }

    /// Asks the vault what the request would do, then the person whether to do it (on a thread of its own), then
    /// runs `proceed` after a yes. Every other outcome is answered here: an unassociated key (error 8), the vault's
    /// refusal, a second question while one waits, a no, nobody to ask.
    private func confirmed(
        _ reply: Reply, _ ceremony: PasskeyQuestion.Ceremony, origin: String,
        _ preview: (any BrowserPasskeyAccess) throws(ServiceFailure) -> BrowserPasskeyOutcome<BrowserPasskeyIntent>,
        then proceed: @escaping @Sendable (BrowserPasskeyIntent) throws(ServiceFailure) -> Void
    ) throws(ServiceFailure) {
        let outcome: BrowserPasskeyOutcome<BrowserPasskeyIntent>
        do throws(ServiceFailure) {
            outcome = try backend.call { vault throws(ServiceFailure) in try preview(Self.passkeys(vault)) }
        } catch where error.code == .notFound {
            return fail(reply, .associationFailed)
        }
        let intent: BrowserPasskeyIntent
        switch outcome {
        case .refused(let refusal): return refuse(reply, Self.code(refusal), text: refusal.description)
        case .done(let value): intent = value
        }
        let question = PasskeyQuestion(ceremony, origin: origin, intent: intent)
        let consent = consent
        let asking = holdForPasskeyQuestion({ consent.ask(question) }) { [self] answer in
            switch answer {
            case .allowed:
                do throws(ServiceFailure) {
                    try proceed(intent)
                } catch {
                    fail(reply, error)
                }
            case .declined:
                refuse(reply, .passkeysRequestCanceled, text: "You declined the passkey request.")
            case .couldNotAsk(let reason):
                refuse(reply, .passkeysRequestCanceled, text: reason)
            }
        }
        if !asking {
            refuse(reply, .passkeysRequestCanceled,
                   text: "Another passkey request of this browser is waiting for your answer; answer it first.")
        }
    }

    /// What both requests check first, in this order (a locked vault answers error 1 at once; then the options,
    /// the page's origin and the challenge), and the client data built from them; nil once refused.
    private func clientData(of request: BrowserMessage, _ ceremony: ClientDataJSON.Ceremony, _ reply: Reply)
        throws(ServiceFailure) -> (options: BrowserPasskeyOptions, origin: String, clientData: [UInt8])?
    {
        _ = try hash()
        guard let options = request.passkeyOptions else {
            refuse(reply, .passkeysEmptyPublicKey)
            return nil
        }
        guard let page = request.origin else {
            refuse(reply, .passkeysInvalidURLProvided)
            return nil
        }
        let origin: WebAuthnOrigin
        do {
            origin = try WebAuthnOrigin(parsing: page)
        } catch {
            let refusal = BrowserPasskeyRefusal(error)
            refuse(reply, Self.code(refusal), text: refusal.description)
            return nil
        }
        guard let challenge = options.challenge.flatMap(Base64URL.decode),
              challenge.count >= Self.minimumChallengeByteCount
        else {
            refuse(reply, .passkeysInvalidChallenge)
            return nil
        }
        return (options, page, ClientDataJSON.bytes(ceremony, challenge: challenge, origin: origin.serialized))
    }

    /// Asks the vault and answers: an unassociated key as error 8 in clear, a refusal with its code, or the
    /// `PublicKeyCredential` JSON around the operation's own response fields.
    private func answer<Value>(
        _ reply: Reply, clientData: [UInt8],
        _ ask: (any BrowserPasskeyAccess) throws(ServiceFailure) -> BrowserPasskeyOutcome<Value>,
        credential: (Value) -> (id: [UInt8], response: [String: Any])
    ) throws(ServiceFailure) {
        let outcome: BrowserPasskeyOutcome<Value>
        do throws(ServiceFailure) {
            outcome = try backend.call { vault throws(ServiceFailure) in try ask(Self.passkeys(vault)) }
        } catch where error.code == .notFound {
            return fail(reply, .associationFailed)
        }
        switch outcome {
        case .refused(let refusal):
            refuse(reply, Self.code(refusal), text: refusal.description)
        case .done(let value):
            let (credentialID, fields) = credential(value)
            let id = Base64URL.encode(credentialID)
            var response = fields
            response["clientDataJSON"] = Base64URL.encode(clientData)
            response["clientExtensionResults"] = [String: Any]()
            send(reply, ["response": [
                "id": id, "rawId": id, "type": "public-key", "authenticatorAttachment": "platform",
                "clientExtensionResults": [String: Any](), "response": response,
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
