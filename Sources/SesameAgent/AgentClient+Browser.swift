import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameStore

// MARK: - BrowserAccess, and association requests

extension AgentClient: BrowserAccess {
    public func browserDatabaseHash() throws(ServiceFailure) -> String {
        try call(BrowserDatabaseHashOperation.self, NoFields()).browserHash
    }

    public func browserAssociations() throws(ServiceFailure) -> [BrowserAssociation] {
        try call(BrowserAssociationsOperation.self, NoFields()).associations.map(\.association)
    }

    public func revokeBrowserAssociation(name: String) throws(ServiceFailure) {
        _ = try call(BrowserRevokeOperation.self, .init(name: name))
    }

    public func testBrowserAssociation(_ key: BrowserKey) throws(ServiceFailure) -> Bool {
        try call(BrowserTestAssociationOperation.self, .init(browserKey: WireBrowserKey(key))).matched
    }

    public func browserLogins(_ query: BrowserLoginQuery) throws(ServiceFailure) -> BrowserLogins {
        try call(BrowserLoginsOperation.self, .init(browserQuery: .init(query))).browserLogins.browserLogins
    }

    @discardableResult
    public func saveBrowserLogin(_ login: BrowserLoginSave) throws(ServiceFailure) -> ItemView {
        try call(BrowserSaveLoginOperation.self, .init(browserLogin: .init(login))).view.itemView()
    }

    public func browserOneTimeCode(_ query: BrowserOneTimeCodeQuery) throws(ServiceFailure) -> OneTimeCode? {
        try call(BrowserOneTimeCodeOperation.self, .init(browserCode: .init(query))).oneTimeCode?.oneTimeCode
    }

    /// Asks the user to associate an extension's key, and waits (up to the agent's patience, minutes) for
    /// `sesame browser allow` or `deny`. Answers at once when the key is associated already.
    ///
    /// - Throws: `.notFound` when the user denied it, `.unavailable` when nobody answered in time, `.locked`.
    public func requestBrowserAssociation(key: String, origin: String) throws(ServiceFailure) -> BrowserAssociation {
        try call(BrowserAssociateOperation.self, .init(browserKey: WireBrowserKey(id: "", key: key), origin: origin)).association.association
    }

    /// The association requests waiting for an answer.
    public func pendingBrowserAssociations() throws(ServiceFailure) -> [BrowserPairingRequest] {
        try call(BrowserPendingOperation.self, NoFields()).pending.map(\.pairingRequest)
    }

    /// Allows a waiting request under `name` (stored in the vault), or denies it (`name` nil).
    @discardableResult
    public func answerBrowserAssociation(code: String, allowAs name: String?) throws(ServiceFailure)
        -> BrowserAssociation?
    {
        try call(BrowserAnswerOperation.self, .init(code: code, allow: name != nil, name: name)).association?.association
    }
}

// MARK: - BrowserPasskeyAccess

extension AgentClient: BrowserPasskeyAccess {
    public func checkBrowserPasskeyCreation(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    {
        try call(PasskeyPreviewOperation.self, .init(passkeyCreation: .init(request))).outcome()
    }

    public func chooseBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    {
        try call(PasskeyPreviewOperation.self, .init(passkeyRequest: .init(request))).outcome()
    }

    public func registerBrowserPasskey(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeyCreated>
    {
        try call(PasskeyRegisterOperation.self, .init(passkeyCreation: .init(request))).outcome()
    }

    public func assertBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeySignIn>
    {
        try call(PasskeyAssertOperation.self, .init(passkeyRequest: .init(request))).outcome()
    }
}
