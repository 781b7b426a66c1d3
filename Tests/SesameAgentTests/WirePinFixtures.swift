import Foundation
@testable import SesameAgent
import SesameAutoFill
import SesameAutoType
import SesameAutoTypeRules
import SesameBrowserAccess
import SesameCrypto
import SesameSecretAttributes
import SesameStore

/// The values the pinned exchanges carry (`WirePinTests`), each as the exact JSON protocol v2 writes for it.
/// Decoded from that JSON, so they do not depend on how the core builds its values.
enum PinValue {
    static let id = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
    static let uuid = UUID(uuidString: id)!
    static let key = "qmT5JxdC1hFl0tq1Wt9cPw0tYH5f6rsPZjs2Zz3TqH0="

    static let item = #"{"attachments":[],"attributes":{},"created":800000000,"fields":[],"id":"\#(id)","matchMode":"domain","modified":800000000,"notes":"","password":"s3cret","passwordHistory":[],"tags":[],"title":"GitHub","unknownFields":[],"urls":[],"username":"alice"}"#
    static let view = #"{"created":800000000,"fields":[{"name":"pin","protected":true}],"hasPassword":true,"id":"\#(id)","match":"domain","modified":800000000,"notes":"","passwordHistoryCount":1,"tags":[],"title":"GitHub","urls":[{"match":"domain","url":"https://github.com"}],"username":"alice"}"#
    static let summary = #"{"created":800000000,"id":"\#(id)","modified":800000000,"tags":[],"title":"GitHub","urls":["https://github.com"],"username":"alice"}"#
    static let vaultStatus = #"{"items":3,"kdfMemoryMiB":64,"kdfPasses":3,"path":"/v.sqlite","trashed":1}"#
    static let importSummary = #"{"entries":[{"itemID":"\#(id)","outcome":"created"}]}"#
    static let keePassDatabase = #"{"fragment":"<Meta/>","id":"db1","imported":800000000}"#
    static let deletion = #"{"deleted":800000000,"id":"\#(id)"}"#
    static let change = #"{"addURLs":[],"password":"n3w","removeFields":[],"removeURLs":[],"setFields":[],"username":"bob"}"#
    static let identifiers = #"[{"identifier":"https://github.com/login","kind":"url"}]"#
    static let match = #"{"id":"\#(id)","match":"domain","samePort":true,"title":"GitHub","url":"https://github.com","username":"alice"}"#
    static let credential = #"{"id":"\#(id)","password":"s3cret","username":"alice"}"#
    static let oneTimeCode = #"{"code":"492039","remaining":17}"#
    static let query = #"{"host":"git.example.com","path":"org/repo.git","scheme":"https"}"#
    static let siteCredentialMatch = #"{"credential":\#(credential)}"#
    static let siteCredential = #"{"host":"git.example.com","password":"s3cret","scheme":"https","username":"alice"}"#
    static let equivalents = #"{"groups":[{"shared":["a.com","b.com"]}],"version":1}"#
    static let equivalentsChange = #"{"added":[{"shared":["a.com","b.com"]}],"removed":[],"skipped":[],"unchanged":0}"#
    static let groups = #"[{"shared":["a.com","b.com"]}]"#
    static let passkeyListing = #"{"itemID":"\#(id)","itemTitle":"GitHub","passkey":{"backedUp":true,"backupEligible":true,"created":800000000,"credentialID":"AAECAwQFBgcICQoLDA0ODw","relyingParty":"github.com","signCount":0,"userDisplayName":"Alice","userHandle":"dXNlcg","userName":"alice"}}"#
    static let rule = #"{"created":800000000,"id":"\#(id)","itemID":"\#(id)","titlePattern":"Sign in*"}"#
    static let window = #"{"class":"Firefox-esr","id":4194320,"instance":"Navigator","title":"Sign in - example.com"}"#
    static let candidate = #"{"itemID":"\#(id)","site":"example.com","title":"Example","username":"alice"}"#
    static let attributedItem = #"{"attributes":{"service":"demo"},"created":800000000,"id":"\#(id)","label":"Demo","modified":800000000}"#
    static let association = #"{"created":800000000,"key":"\#(key)","name":"firefox-laptop"}"#
    static let browserKey = #"{"id":"firefox-laptop","key":"\#(key)"}"#
    static let passkeyCreation = #"{"algorithms":[-7,-257],"clientDataHash":"\#(String(repeating: "A", count: 43))","excludedCredentials":["AAECAwQFBgcICQoLDA0ODw"],"keys":[\#(browserKey)],"origin":"https://github.com","relyingParty":"github.com","userDisplayName":"Alice","userHandle":"dXNlcg","userName":"alice","userVerificationRequired":false}"#
    static let passkeyRegistration = #"{"attestationObject":"o2NmbXRkbm9uZQ","authenticatorData":"SZYN5YgO","credentialID":"AAECAwQFBgcICQoLDA0ODw"}"#
    static let passkeyRequest = #"{"allowedCredentials":["AAECAwQFBgcICQoLDA0ODw"],"clientDataHash":"\#(String(repeating: "A", count: 43))","keys":[\#(browserKey)],"origin":"https://github.com","userVerificationRequired":false}"#
    static let passkeyIntent = #"{"credentialID":"AAECAwQFBgcICQoLDA0ODw","relyingParty":"github.com","userName":"alice"}"#
    static let passkeyAssertion = #"{"authenticatorData":"SZYN5YgO","credentialID":"AAECAwQFBgcICQoLDA0ODw","signature":"MEUCIQ","userHandle":"dXNlcg"}"#
    static let browserQuery = #"{"keys":[\#(browserKey)],"submitURL":"https://github.com/session","url":"https://github.com/login"}"#
    static let browserLogins = #"{"association":"firefox-laptop","logins":[{"expired":false,"id":"\#(id)","oneTimeCode":"492039","password":"s3cret","title":"GitHub","username":"alice"}]}"#
    static let browserLogin = #"{"itemID":"\#(id)","key":\#(browserKey),"password":"n3w","url":"https://github.com/login","username":"alice"}"#
    static let browserCode = #"{"itemID":"\#(id)","key":\#(browserKey),"url":"https://github.com/login"}"#
    static let pending = #"{"code":"RZMR3J","fingerprint":"16:d8:dc:7e:69:db:94:e0","origin":"keepassxc-browser@keepassxc.org","requested":800000000}"#
    static let syncRun = #"{"appliedBatches":1,"changedItems":2,"conflicts":0,"held":[],"newDevice":false,"newPasswordNeeded":false,"newerKey":[],"published":["ops/9f1c03e5a2b44f6e8d7c6b5a49382716/000000000007.sop"],"rejected":[],"waiting":[]}"#
    static let syncStatus = #"{"autoSync":{"interval":300,"lastRun":800000000,"lastSuccess":799999700,"lastTrigger":"timer"},"conflicts":0,"device":"9f1c03e5a2b44f6e8d7c6b5a49382716","devices":[{"device":"9f1c03e5a2b44f6e8d7c6b5a49382716","merged":7,"published":7,"thisDevice":true,"withheld":0}],"equivocations":[],"newPasswordNeeded":false,"pendingChanges":0,"transport":"git https://example.org/vault.git"}"#
    static let conflict = #"{"itemID":"\#(id)","versions":[{"counter":3,"device":"\#(id)","differences":[{"field":"password","secret":true}],"notes":"","number":2,"tags":[],"time":800000000,"title":"Router","trashed":false,"urls":[],"username":"admin","values":{}}]}"#
    static let conflictChoice = #"{"counter":3,"device":"\#(id)","itemID":"\#(id)"}"#
    static let auditReport = #"{"itemsChecked":2,"old":[],"reused":[],"sharedCredentialMismatch":[],"weak":[{"bits":14.2,"item":{"id":"6f9619ff-8b86-d011-b42d-00c04fc964ff","title":"Forum"},"reason":"a common password or dictionary word; about 14 bits"}]}"#
    static let agentStatus = #"{"idleTimeout":900,"pid":4242,"timeLeft":897.5,"unlocked":true,"vault":"/v.sqlite"}"#

    static func decode<T: Decodable>(_ json: String, as type: T.Type = T.self) -> T {
        try! WireCoding.decode(T.self, from: Array(json.utf8))
    }

    /// A value as protocol v2 writes it.
    static func json<T: Encodable>(_ value: T) -> String {
        String(decoding: try! WireCoding.encode(value), as: UTF8.self)
    }

    static func itemView() -> ItemView { try! decode(view, as: WireItemView.self).itemView() }
}

/// A vault that answers every call with the pinned values and records what it was asked, each argument as its
/// JSON: the server side of `WirePinTests`.
final class PinnedVault: UnlockedVault, BrowserAccess, BrowserPasskeyAccess, SyncConflictService, @unchecked Sendable {
    private(set) var calls: [String] = []

    private func heard<T>(_ call: String, _ value: T) -> T {
        calls.append(call)
        return value
    }

    private func json<T: Encodable>(_ value: T) -> String { PinValue.json(value) }

    func status() throws(ServiceFailure) -> VaultStatus { heard("status()", PinValue.decode(PinValue.vaultStatus)) }
    func list(_ state: ItemState) throws(ServiceFailure) -> (items: [ItemSummary], damaged: [String]) {
        heard("list(\(WireItemState.name(state)))", ([PinValue.decode(PinValue.summary)], ["one item"]))
    }
    func resolve(_ reference: String, in states: Set<ItemState>) throws(ServiceFailure) -> ItemView {
        heard("resolve(\(reference), \(states.map(WireItemState.name).sorted()))", PinValue.itemView())
    }
    func reveal(_ id: UUID) throws(ServiceFailure) -> Item { heard("reveal(\(id))", PinValue.decode(PinValue.item)) }
    func add(_ item: Item) throws(ServiceFailure) -> ItemView { heard("add(\(json(item)))", PinValue.itemView()) }
    func importItems(_ items: [Item], keePassDatabases: [KeePassDatabaseExtras], dryRun: Bool, progress: (Int) -> Void)
        throws(ServiceFailure) -> ImportSummary
    {
        heard("importItems(\(json(items)), \(json(keePassDatabases)), \(dryRun))", PinValue.decode(PinValue.importSummary))
    }
    func update(_ id: UUID, _ change: ItemChange) throws(ServiceFailure) -> ItemView {
        heard("update(\(id), \(json(change)))", PinValue.itemView())
    }
    func delete(_ id: UUID) throws(ServiceFailure) { calls.append("delete(\(id))") }
    func moveToTrash(_ id: UUID) throws(ServiceFailure) { calls.append("moveToTrash(\(id))") }
    func restore(_ id: UUID) throws(ServiceFailure) { calls.append("restore(\(id))") }
    func match(_ identifiers: [ServiceIdentifier]) throws(ServiceFailure) -> [CredentialMatch] {
        heard("match(\(json(identifiers)))", [PinValue.decode(PinValue.match)])
    }
    func fill(_ identifiers: [ServiceIdentifier], username: String?) throws(ServiceFailure) -> Credential {
        heard("fill(\(json(identifiers)), \(username ?? "nil"))", PinValue.decode(PinValue.credential))
    }
    func credential(for id: UUID) throws(ServiceFailure) -> Credential {
        heard("credential(\(id))", PinValue.decode(PinValue.credential))
    }
    func lookupSiteCredential(_ query: SiteCredentialQuery) throws(ServiceFailure) -> SiteCredentialMatch? {
        heard("lookupSiteCredential(\(json(query)))", PinValue.decode(PinValue.siteCredentialMatch))
    }
    func saveSiteCredential(_ credential: SiteCredential) throws(ServiceFailure) -> ItemView {
        heard("saveSiteCredential(\(json(credential)))", PinValue.itemView())
    }
    func rejectSiteCredentials(_ query: SiteCredentialQuery) throws(ServiceFailure) -> [UUID] {
        heard("rejectSiteCredentials(\(json(query)))", [PinValue.uuid])
    }
    func equivalents() throws(ServiceFailure) -> EquivalentDomains { heard("equivalents()", PinValue.decode(PinValue.equivalents)) }
    func addEquivalents(_ domains: [String]) throws(ServiceFailure) -> EquivalentsChange {
        heard("addEquivalents(\(domains))", PinValue.decode(PinValue.equivalentsChange))
    }
    func removeEquivalents(_ domains: [String]?) throws(ServiceFailure) -> EquivalentsChange {
        heard("removeEquivalents(\(domains.map { "\($0)" } ?? "nil"))", PinValue.decode(PinValue.equivalentsChange))
    }
    func importEquivalents(_ groups: [EquivalentGroup]) throws(ServiceFailure) -> EquivalentsChange {
        heard("importEquivalents(\(json(groups)))", PinValue.decode(PinValue.equivalentsChange))
    }
    func changeMasterPassword(current: SecureBytes, new: SecureBytes, kdfMemoryMiB: Int?, kdfPasses: Int?)
        throws(ServiceFailure)
    {
        calls.append("changeMasterPassword(\(current.count), \(new.count), \(kdfMemoryMiB ?? 0), \(kdfPasses ?? 0))")
    }
    func export(masterPassword: SecureBytes) throws(ServiceFailure) -> VaultExport {
        heard("export(\(masterPassword.count))", VaultExport(
            items: [PinValue.decode(PinValue.item)], keePassDatabases: [PinValue.decode(PinValue.keePassDatabase)],
            deletions: [PinValue.decode(PinValue.deletion)]))
    }
    func autoTypeRules() throws(ServiceFailure) -> [AutoTypeRule] { heard("autoTypeRules()", [PinValue.decode(PinValue.rule)]) }
    func passkeys() throws(ServiceFailure) -> [PasskeyListing] {
        heard("passkeys()", [try! PinValue.decode(PinValue.passkeyListing, as: WirePasskeyListing.self).listing()])
    }
    func addAutoTypeRule(_ rule: AutoTypeRule) throws(ServiceFailure) -> AutoTypeRule {
        heard("addAutoTypeRule(\(json(rule)))", PinValue.decode(PinValue.rule))
    }
    func removeAutoTypeRule(_ reference: String) throws(ServiceFailure) -> AutoTypeRule {
        heard("removeAutoTypeRule(\(reference))", PinValue.decode(PinValue.rule))
    }
    func autoTypeCandidates(for window: AutoTypeWindow, site: String?) throws(ServiceFailure) -> [AutoTypeCandidate] {
        heard("autoTypeCandidates(\(json(window)), \(site ?? "nil"))", [PinValue.decode(PinValue.candidate)])
    }
    func searchAttributes(_ attributes: [String: String]) throws(ServiceFailure) -> [AttributedItem] {
        heard("searchAttributes(\(json(attributes)))", [PinValue.decode(PinValue.attributedItem)])
    }
    func attributedItem(_ id: UUID) throws(ServiceFailure) -> AttributedItem {
        heard("attributedItem(\(id))", PinValue.decode(PinValue.attributedItem))
    }
    func storeAttributed(_ item: Item, replace: Bool) throws(ServiceFailure) -> AttributedItem {
        heard("storeAttributed(\(json(item)), \(replace))", PinValue.decode(PinValue.attributedItem))
    }
    func browserDatabaseHash() throws(ServiceFailure) -> String { heard("browserDatabaseHash()", String(repeating: "0a", count: 32)) }
    func browserAssociations() throws(ServiceFailure) -> [BrowserAssociation] {
        heard("browserAssociations()", [PinValue.decode(PinValue.association)])
    }
    func revokeBrowserAssociation(name: String) throws(ServiceFailure) { calls.append("revokeBrowserAssociation(\(name))") }
    func testBrowserAssociation(_ key: BrowserKey) throws(ServiceFailure) -> Bool {
        heard("testBrowserAssociation(\(json(key)))", true)
    }
    func browserLogins(_ query: BrowserLoginQuery) throws(ServiceFailure) -> BrowserLogins {
        heard("browserLogins(\(json(query)))", PinValue.decode(PinValue.browserLogins))
    }
    func saveBrowserLogin(_ login: BrowserLoginSave) throws(ServiceFailure) -> ItemView {
        heard("saveBrowserLogin(\(json(login)))", PinValue.itemView())
    }
    func browserOneTimeCode(_ query: BrowserOneTimeCodeQuery) throws(ServiceFailure) -> OneTimeCode? {
        heard("browserOneTimeCode(\(json(query)))", PinValue.decode(PinValue.oneTimeCode))
    }
    func registerBrowserPasskey(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeyCreated>
    {
        heard("registerBrowserPasskey(\(json(PasskeyRegisterOperation.Creation(request))))",
              try PinValue.decode(#"{"passkeyRegistration":\#(PinValue.passkeyRegistration)}"#, as: PasskeyRegisterOperation.Reply.self).outcome())
    }
    func checkBrowserPasskeyCreation(_ request: BrowserPasskeyCreation) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    {
        heard("checkBrowserPasskeyCreation(\(json(PasskeyRegisterOperation.Creation(request))))",
              .done(BrowserPasskeyIntent(relyingPartyID: "github.com", userName: "alice")))
    }
    func chooseBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<BrowserPasskeyIntent>
    {
        heard("chooseBrowserPasskey(\(json(PasskeyAssertOperation.PasskeyRequest(request))))",
              try PinValue.decode(#"{"passkeyIntent":\#(PinValue.passkeyIntent)}"#, as: PasskeyPreviewOperation.Reply.self).outcome())
    }
    func assertBrowserPasskey(_ request: BrowserPasskeyRequest) throws(ServiceFailure)
        -> BrowserPasskeyOutcome<PasskeySignIn>
    {
        heard("assertBrowserPasskey(\(json(PasskeyAssertOperation.PasskeyRequest(request))))",
              try PinValue.decode(#"{"passkeyAssertion":\#(PinValue.passkeyAssertion)}"#, as: PasskeyAssertOperation.Reply.self).outcome())
    }
    func syncConflicts() throws(ServiceFailure) -> [ConflictSummary] { heard("syncConflicts()", [PinValue.decode(PinValue.conflict)]) }
    func conflictVersions(_ itemID: UUID) throws(ServiceFailure) -> [Item] {
        heard("conflictVersions(\(itemID))", [PinValue.decode(PinValue.item)])
    }
    func resolveConflict(_ choice: ConflictChoice) throws(ServiceFailure) { calls.append("resolveConflict(\(json(choice)))") }
}
