import Foundation
import SesameAutoFill
import SesameDomains

// MARK: - BrowserPasskeyAccess

extension LocalVaultService: BrowserPasskeyAccess {
    public func checkBrowserPasskeyCreation(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    {
        let page: CheckedPage
        switch try checked(request.origin, request.relyingPartyID, request.userVerificationRequired, request.keys) {
        case .done(let checked): page = checked
        case .refused(let refusal): return .refused(refusal)
        }
        if let refusal = try refusal(of: registration(request, page), excluding: request.excludedCredentialIDs) {
            return .refused(BrowserPasskeyRefusal(refusal))
        }
        return .done(BrowserPasskeyIntent(relyingPartyID: page.relyingPartyID, userName: request.userName))
    }

    public func registerBrowserPasskey(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeyCreated>
    {
        let page: CheckedPage
        switch try checked(request.origin, request.relyingPartyID, request.userVerificationRequired, request.keys) {
        case .done(let checked): page = checked
        case .refused(let refusal): return .refused(refusal)
        }
        return BrowserPasskeyOutcome(try createPasskey(
            registration(request, page), site: page.origin.serialized, excluding: request.excludedCredentialIDs))
    }

    public func chooseBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    {
        let page: CheckedPage
        switch try checked(request.origin, request.relyingPartyID, request.userVerificationRequired, request.keys) {
        case .done(let checked): page = checked
        case .refused(let refusal): return .refused(refusal)
        }
        guard let chosen = try passkeyToSign(
            for: page.relyingPartyID, allowedCredentialIDs: request.allowedCredentialIDs)
        else { return .refused(.noPasskey) }
        return .done(BrowserPasskeyIntent(
            relyingPartyID: page.relyingPartyID, userName: chosen.passkey.userName,
            credentialID: chosen.passkey.credentialID))
    }

    public func assertBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeySignIn>
    {
        let page: CheckedPage
        switch try checked(request.origin, request.relyingPartyID, request.userVerificationRequired, request.keys) {
        case .done(let checked): page = checked
        case .refused(let refusal): return .refused(refusal)
        }
        return BrowserPasskeyOutcome(try signInWithPasskey(
            for: page.relyingPartyID, allowedCredentialIDs: request.allowedCredentialIDs,
            clientDataHash: request.clientDataHash, userVerified: false))
    }

    /// What every passkey request checks first, in this order: the association (throws `.notFound`), the page's
    /// origin and relying party id, and user verification, which the host cannot do.
    private func checked(_ origin: String, _ relyingPartyID: String?, _ userVerificationRequired: Bool,
                         _ keys: [BrowserKey]) throws(ServiceFailure) -> BrowserPasskeyOutcome<CheckedPage>
    {
        _ = try association(for: keys)
        let outcome = Self.checkedPage(origin, requested: relyingPartyID, list: vault.publicSuffixList)
        if case .done = outcome, userVerificationRequired { return .refused(.userVerificationRequired) }
        return outcome
    }

    private func registration(_ request: BrowserPasskeyCreation, _ page: CheckedPage) -> PasskeyRegistrationRequest {
        PasskeyRegistrationRequest(
            relyingPartyID: page.relyingPartyID, userName: request.userName, userDisplayName: request.userDisplayName,
            userHandle: request.userHandle, clientDataHash: request.clientDataHash, algorithms: request.algorithms,
            userVerified: false)
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
}
