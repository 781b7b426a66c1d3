import Foundation
import SesameAutoFill
import SesameDomains
import SesameStore

// MARK: - BrowserPasskeyAccess

extension LocalVaultService: BrowserPasskeyAccess {
    public func registerBrowserPasskey(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyCreated>
    {
        _ = try association(for: request.keys)
        let page: CheckedPage
        switch Self.checkedPage(request.origin, requested: request.relyingPartyID, list: vault.publicSuffixList) {
        case .done(let checked): page = checked
        case .refused(let refusal): return .refused(refusal)
        }
        if request.userVerificationRequired { return .refused(.userVerificationRequired) }
        // The site lists the credentials it already holds for this account; making another would duplicate it.
        let excluded = Set(request.excludedCredentialIDs)
        if !excluded.isEmpty, try passkeys().contains(where: {
            $0.passkey.relyingPartyID == page.relyingPartyID && excluded.contains($0.passkey.credentialID)
        }) {
            return .refused(.excludedCredential)
        }
        let registration: PasskeyRegistration
        do {
            registration = try PasskeyAuthenticator.register(
                PasskeyRegistrationRequest(
                    relyingPartyID: page.relyingPartyID, userName: request.userName,
                    userDisplayName: request.userDisplayName, userHandle: request.userHandle,
                    clientDataHash: request.clientDataHash, algorithms: request.algorithms, userVerified: false),
                now: now())
        } catch .unsupportedAlgorithms {
            return .refused(.unsupportedAlgorithms)
        } catch .invalidRequest {
            return .refused(.invalidRequest)
        } catch {
            throw ServiceFailure(.unavailable, error.description)
        }
        try keep(registration.passkey, page: page.origin)
        return .done(BrowserPasskeyCreated(
            credentialID: registration.credentialID, authenticatorData: registration.authenticatorData,
            attestationObject: registration.attestationObject))
    }

    public func assertBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeySignIn>
    {
        _ = try association(for: request.keys)
        let relyingPartyID: String
        switch Self.checkedPage(request.origin, requested: request.relyingPartyID, list: vault.publicSuffixList) {
        case .done(let checked): relyingPartyID = checked.relyingPartyID
        case .refused(let refusal): return .refused(refusal)
        }
        if request.userVerificationRequired { return .refused(.userVerificationRequired) }
        let allowed = Set(request.allowedCredentialIDs)
        // The most recently used passkey that may sign: the one the user signed in with last on this site.
        let candidates = try passkeys().filter {
            $0.passkey.relyingPartyID == relyingPartyID
                && (allowed.isEmpty || allowed.contains($0.passkey.credentialID))
        }
        guard let chosen = candidates.max(by: {
            ($0.passkey.lastUsed ?? $0.passkey.created, $0.itemID.uuidString)
                < ($1.passkey.lastUsed ?? $1.passkey.created, $1.itemID.uuidString)
        }) else { return .refused(.noPasskey) }

        var assertion: PasskeyAssertion?
        do {
            _ = try vault.updateItem(withID: chosen.itemID, now: now()) { item in
                guard let index = item.passkeys.firstIndex(where: {
                    $0.credentialID == chosen.passkey.credentialID && $0.relyingPartyID == relyingPartyID
                }) else { throw ServiceFailure(.notFound, "The passkey changed meanwhile; try again.") }
                let signed = try PasskeyAuthenticator.assert(
                    item.passkeys[index], clientDataHash: request.clientDataHash, userVerified: false, now: now())
                item.passkeys[index] = signed.updatedPasskey
                assertion = signed
            }
        } catch PasskeyError.invalidRequest {
            return .refused(.invalidRequest)
        } catch {
            throw ServiceFailure(error)
        }
        guard let assertion else { throw ServiceFailure(.storage, "The sign-in was not recorded.") }
        onChange?(.items([chosen.itemID]))
        return .done(BrowserPasskeySignIn(
            credentialID: assertion.credentialID, authenticatorData: assertion.authenticatorData,
            signature: assertion.signature, userHandle: assertion.userHandle))
    }

    // MARK: - Helpers

    /// The page's origin and the relying party id it may use, by the browser's rules.
    static func checkedPage(_ origin: String, requested: String?, list: PublicSuffixList)
        -> BrowserPasskeyOutcome<CheckedPage>
    {
        do {
            let page = try WebAuthnOrigin(parsing: origin)
            let relyingPartyID = try page.relyingPartyID(requested: requested, publicSuffixList: list)
            return .done(CheckedPage(origin: page, relyingPartyID: relyingPartyID))
        } catch {
            return .refused(BrowserPasskeyRefusal(error))
        }
    }

    struct CheckedPage: Sendable, Equatable {
        var origin: WebAuthnOrigin
        var relyingPartyID: String
    }

    /// Keeps a new passkey in the login of the page's site for its user name, replacing one of that relying party
    /// and user handle there (an authenticator holds one credential per account); a new login when there is none.
    private func keep(_ passkey: Passkey, page: WebAuthnOrigin) throws(ServiceFailure) {
        if let problem = passkey.problem {
            throw ServiceFailure(.invalidInput, "The passkey cannot be kept: \(problem).")
        }
        let owner = try match([ServiceIdentifier(page.serialized, kind: .url)])
            .filter { $0.match != .domain && $0.username == passkey.userName }
            .first
        if let owner {
            do {
                _ = try vault.updateItem(withID: owner.id, now: now()) { item in
                    item.passkeys.removeAll {
                        $0.relyingPartyID == passkey.relyingPartyID && $0.userHandle == passkey.userHandle
                    }
                    item.passkeys.append(passkey)
                }
            } catch {
                throw ServiceFailure(error)
            }
            onChange?(.items([owner.id]))
            return
        }
        _ = try add(Item(
            title: passkey.relyingPartyID, username: passkey.userName, urls: [ItemURL(page.serialized)],
            passkeys: [passkey]))
    }
}
