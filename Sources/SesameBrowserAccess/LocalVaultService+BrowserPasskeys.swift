import Foundation
import SesameAutoFill
import SesameDomains

// MARK: - BrowserPasskeyAccess

extension LocalVaultService: BrowserPasskeyAccess {
    public func checkBrowserPasskeyCreation(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    {
        try onCheckedPage(request.origin, request.relyingPartyID, request.userVerificationRequired, request.keys) {
            page throws(ServiceFailure) in
            if let refusal = try refusal(of: registration(request, page), excluding: request.excludedCredentialIDs) {
                return .refused(BrowserPasskeyRefusal(refusal))
            }
            return .done(BrowserPasskeyIntent(relyingPartyID: page.relyingPartyID, userName: request.userName))
        }
    }

    public func registerBrowserPasskey(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeyCreated>
    {
        try onCheckedPage(request.origin, request.relyingPartyID, request.userVerificationRequired, request.keys) {
            page throws(ServiceFailure) in
            BrowserPasskeyOutcome(try createPasskey(
                registration(request, page), site: page.origin.serialized, excluding: request.excludedCredentialIDs))
        }
    }

    public func chooseBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    {
        try onCheckedPage(request.origin, request.relyingPartyID, request.userVerificationRequired, request.keys) {
            page throws(ServiceFailure) in
            guard let chosen = try passkeyToSign(
                for: page.relyingPartyID, allowedCredentialIDs: request.allowedCredentialIDs)
            else { return .refused(.noPasskey) }
            return .done(BrowserPasskeyIntent(
                relyingPartyID: page.relyingPartyID, userName: chosen.passkey.userName,
                credentialID: chosen.passkey.credentialID))
        }
    }

    public func assertBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeySignIn>
    {
        try onCheckedPage(request.origin, request.relyingPartyID, request.userVerificationRequired, request.keys) {
            page throws(ServiceFailure) in
            BrowserPasskeyOutcome(try signInWithPasskey(
                for: page.relyingPartyID, allowedCredentialIDs: request.allowedCredentialIDs,
                clientDataHash: request.clientDataHash, userVerified: false))
        }
    }

    /// What every passkey request checks first, in this order: the association (throws `.notFound`), the page's
    /// origin and relying party id, and user verification, which the host cannot do; `body` runs only when all
    /// three pass.
    private func onCheckedPage<Value>(
        _ origin: String, _ relyingPartyID: String?, _ userVerificationRequired: Bool, _ keys: [BrowserKey],
        _ body: (CheckedPage) throws(ServiceFailure) -> BrowserPasskeyOutcome<Value>
    ) throws(ServiceFailure) -> BrowserPasskeyOutcome<Value> {
        _ = try association(for: keys)
        switch Self.checkedPage(origin, requested: relyingPartyID, list: vault.publicSuffixList) {
        case .refused(let refusal): return .refused(refusal)
        case .done where userVerificationRequired: return .refused(.userVerificationRequired)
        case .done(let page): return try body(page)
        }
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
