import Foundation
import SesameAutoFill
import SesameDomains

// MARK: - BrowserPasskeyAccess

extension LocalVaultService: BrowserPasskeyAccess {
    public func registerBrowserPasskey(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeyCreated>
    {
        _ = try association(for: request.keys)
        let page: CheckedPage
        switch Self.checkedPage(request.origin, requested: request.relyingPartyID, list: vault.publicSuffixList) {
        case .done(let checked): page = checked
        case .refused(let refusal): return .refused(refusal)
        }
        if request.userVerificationRequired { return .refused(.userVerificationRequired) }
        let registration = PasskeyRegistrationRequest(
            relyingPartyID: page.relyingPartyID, userName: request.userName, userDisplayName: request.userDisplayName,
            userHandle: request.userHandle, clientDataHash: request.clientDataHash, algorithms: request.algorithms,
            userVerified: false)
        return BrowserPasskeyOutcome(
            try createPasskey(registration, site: page.origin.serialized, excluding: request.excludedCredentialIDs))
    }

    public func assertBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeySignIn>
    {
        _ = try association(for: request.keys)
        let relyingPartyID: String
        switch Self.checkedPage(request.origin, requested: request.relyingPartyID, list: vault.publicSuffixList) {
        case .done(let checked): relyingPartyID = checked.relyingPartyID
        case .refused(let refusal): return .refused(refusal)
        }
        if request.userVerificationRequired { return .refused(.userVerificationRequired) }
        return BrowserPasskeyOutcome(try signInWithPasskey(
            for: relyingPartyID, allowedCredentialIDs: request.allowedCredentialIDs,
            clientDataHash: request.clientDataHash, userVerified: false))
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
