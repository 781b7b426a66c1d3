import Foundation
import Glibc
@testable import SesameAgent
import SesameAgentLink
import SesameAutoFill
import SesameBrowserAccess
import SesameAutoType
import SesameCrypto
import SesameStore
import SesameSystemCalls
import Testing

/// One operation's exchange in protocol v2, byte for byte: what `AgentClient` sends for a call, the secret frames
/// that follow, and what the agent answers. Pinned before the wire types were reorganised (issue 23), so the
/// reorganisation cannot change a byte unnoticed.
struct WirePin: Sendable, CustomTestStringConvertible {
    let operation: String
    let request: String
    var secretFrames = 0
    let replies: [String]
    /// The client's call, checking what it made of the reply; nil when no `AgentClient` method sends it (the
    /// `sesame` front's `oneTimeCode`).
    let call: (@Sendable (AgentClient) throws -> Void)?
    /// What the vault heard when the server performed the request; nil when the connection serves it itself.
    let performed: String?

    var testDescription: String { operation }
}

private typealias V = PinValue

private let id = V.id
private let vaultPath = "/v.sqlite"

/// Every operation the agent knows, each with a representative request and reply.
let wirePins: [WirePin] = [
    // The agent itself (served by the connection).
    WirePin(operation: "attach", request: #"{"id":1,"type":"attach","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"status":\#(V.agentStatus),"type":"status"}"#],
            call: { try expectJSON($0.attach(vault: vaultPath), V.agentStatus) }, performed: nil),
    WirePin(operation: "unlock", request: #"{"id":1,"idleTimeout":900,"type":"unlock","vault":"/v.sqlite"}"#,
            secretFrames: 1, replies: [#"{"id":1,"status":\#(V.agentStatus),"type":"status"}"#],
            call: { try expectJSON($0.unlock(vault: vaultPath, password: Fixture.secret(), idleTimeout: 900), V.agentStatus) },
            performed: nil),
    WirePin(operation: "lock", request: #"{"id":1,"type":"lock"}"#,
            replies: [#"{"id":1,"status":\#(V.agentStatus),"type":"status"}"#],
            call: { try expectJSON($0.lock(), V.agentStatus) }, performed: nil),
    WirePin(operation: "status", request: #"{"id":1,"type":"status"}"#,
            replies: [#"{"id":1,"status":\#(V.agentStatus),"type":"status"}"#],
            call: { try expectJSON($0.agentStatus(), V.agentStatus) }, performed: nil),
    WirePin(operation: "stop", request: #"{"id":1,"type":"stop"}"#,
            replies: [#"{"id":1,"status":\#(V.agentStatus),"type":"status"}"#],
            call: { try expectJSON($0.stop(), V.agentStatus) }, performed: nil),

    // VaultItems, VaultTrash.
    WirePin(operation: "vaultStatus", request: #"{"id":1,"type":"vaultStatus","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result","vaultStatus":\#(V.vaultStatus)}"#],
            call: { try expectJSON($0.status(), V.vaultStatus) }, performed: "status()"),
    WirePin(operation: "list", request: #"{"id":1,"state":"trashed","type":"list","vault":"/v.sqlite"}"#,
            replies: [#"{"damaged":["one item"],"id":1,"summaries":[\#(V.summary)],"type":"result"}"#],
            call: {
                let (items, damaged) = try $0.list(.trashed)
                #expect(V.json(items) == "[\(V.summary)]" && damaged == ["one item"])
            }, performed: "list(trashed)"),
    WirePin(operation: "resolve", request: #"{"id":1,"reference":"git","states":["active","trashed"],"type":"resolve","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result","view":\#(V.view)}"#],
            call: { try expectJSON(WireItemView($0.resolve("git", in: [.active, .trashed])), V.view) },
            performed: #"resolve(git, ["active", "trashed"])"#),
    WirePin(operation: "reveal", request: #"{"id":1,"itemID":"\#(id)","type":"reveal","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"revealed":\#(V.item),"type":"result"}"#],
            call: { try expectJSON($0.reveal(V.uuid), V.item) }, performed: "reveal(\(id))"),
    WirePin(operation: "add", request: #"{"id":1,"item":\#(V.item),"type":"add","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result","view":\#(V.view)}"#],
            call: { try expectJSON(WireItemView($0.add(V.decode(V.item))), V.view) }, performed: "add(\(V.item))"),
    WirePin(operation: "importItems",
            request: #"{"dryRun":true,"id":1,"items":[\#(V.item)],"keePassDatabases":[\#(V.keePassDatabase)],"type":"importItems","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"importSummary":\#(V.importSummary),"type":"result"}"#],
            call: {
                let summary = try $0.importItems([V.decode(V.item)], keePassDatabases: [V.decode(V.keePassDatabase)],
                                                 dryRun: true, progress: { _ in })
                #expect(V.json(summary) == V.importSummary)
            }, performed: "importItems([\(V.item)], [\(V.keePassDatabase)], true)"),
    WirePin(operation: "update", request: #"{"change":\#(V.change),"id":1,"itemID":"\#(id)","type":"update","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result","view":\#(V.view)}"#],
            call: { try expectJSON(WireItemView($0.update(V.uuid, V.decode(V.change))), V.view) },
            performed: "update(\(id), \(V.change))"),
    WirePin(operation: "delete", request: #"{"id":1,"itemID":"\#(id)","type":"delete","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result"}"#], call: { try $0.delete(V.uuid) }, performed: "delete(\(id))"),
    WirePin(operation: "moveToTrash", request: #"{"id":1,"itemID":"\#(id)","type":"moveToTrash","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result"}"#], call: { try $0.moveToTrash(V.uuid) }, performed: "moveToTrash(\(id))"),
    WirePin(operation: "restore", request: #"{"id":1,"itemID":"\#(id)","type":"restore","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result"}"#], call: { try $0.restore(V.uuid) }, performed: "restore(\(id))"),

    // CredentialFilling.
    WirePin(operation: "match", request: #"{"id":1,"identifiers":\#(V.identifiers),"type":"match","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"matches":[\#(V.match)],"type":"result"}"#],
            call: { try expectJSON($0.match(V.decode(V.identifiers)), "[\(V.match)]") },
            performed: "match(\(V.identifiers))"),
    WirePin(operation: "fill", request: #"{"id":1,"identifiers":\#(V.identifiers),"type":"fill","username":"alice","vault":"/v.sqlite"}"#,
            replies: [#"{"credential":\#(V.credential),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.fill(V.decode(V.identifiers), username: "alice"), V.credential) },
            performed: "fill(\(V.identifiers), alice)"),
    WirePin(operation: "credential", request: #"{"id":1,"itemID":"\#(id)","type":"credential","vault":"/v.sqlite"}"#,
            replies: [#"{"credential":\#(V.credential),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.credential(for: V.uuid), V.credential) }, performed: "credential(\(id))"),
    WirePin(operation: "oneTimeCode", request: #"{"id":1,"itemID":"\#(id)","type":"oneTimeCode","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"oneTimeCode":\#(V.oneTimeCode),"type":"result"}"#], call: nil, performed: nil),

    // SiteCredentialService.
    WirePin(operation: "lookupSiteCredential", request: #"{"id":1,"query":\#(V.query),"type":"lookupSiteCredential","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"siteCredential":\#(V.siteCredentialMatch),"type":"result"}"#],
            call: { try expectJSON($0.lookupSiteCredential(V.decode(V.query)), V.siteCredentialMatch) },
            performed: "lookupSiteCredential(\(V.query))"),
    WirePin(operation: "saveSiteCredential",
            request: #"{"id":1,"siteCredential":\#(V.siteCredential),"type":"saveSiteCredential","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result","view":\#(V.view)}"#],
            call: { try expectJSON(WireItemView($0.saveSiteCredential(V.decode(V.siteCredential))), V.view) },
            performed: "saveSiteCredential(\(V.siteCredential))"),
    WirePin(operation: "rejectSiteCredentials", request: #"{"id":1,"query":\#(V.query),"type":"rejectSiteCredentials","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"itemIDs":["\#(id)"],"type":"result"}"#],
            call: { try expectJSON($0.rejectSiteCredentials(V.decode(V.query)), "[\"\(id)\"]") },
            performed: "rejectSiteCredentials(\(V.query))"),

    // EquivalentsService.
    WirePin(operation: "equivalents", request: #"{"id":1,"type":"equivalents","vault":"/v.sqlite"}"#,
            replies: [#"{"equivalents":\#(V.equivalents),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.equivalents(), V.equivalents) }, performed: "equivalents()"),
    WirePin(operation: "addEquivalents", request: #"{"domains":["a.com","b.com"],"id":1,"type":"addEquivalents","vault":"/v.sqlite"}"#,
            replies: [#"{"equivalentsChange":\#(V.equivalentsChange),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.addEquivalents(["a.com", "b.com"]), V.equivalentsChange) },
            performed: #"addEquivalents(["a.com", "b.com"])"#),
    WirePin(operation: "removeEquivalents", request: #"{"id":1,"type":"removeEquivalents","vault":"/v.sqlite"}"#,
            replies: [#"{"equivalentsChange":\#(V.equivalentsChange),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.removeEquivalents(nil), V.equivalentsChange) },
            performed: "removeEquivalents(nil)"),
    WirePin(operation: "importEquivalents", request: #"{"groups":\#(V.groups),"id":1,"type":"importEquivalents","vault":"/v.sqlite"}"#,
            replies: [#"{"equivalentsChange":\#(V.equivalentsChange),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.importEquivalents(V.decode(V.groups)), V.equivalentsChange) },
            performed: "importEquivalents(\(V.groups))"),

    // AttributedItems.
    WirePin(operation: "searchAttributes", request: #"{"attributes":{"service":"demo"},"id":1,"type":"searchAttributes","vault":"/v.sqlite"}"#,
            replies: [#"{"attributedItems":[\#(V.attributedItem)],"id":1,"type":"result"}"#],
            call: { try expectJSON($0.searchAttributes(["service": "demo"]), "[\(V.attributedItem)]") },
            performed: #"searchAttributes({"service":"demo"})"#),
    WirePin(operation: "attributedItem", request: #"{"id":1,"itemID":"\#(id)","type":"attributedItem","vault":"/v.sqlite"}"#,
            replies: [#"{"attributedItem":\#(V.attributedItem),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.attributedItem(V.uuid), V.attributedItem) }, performed: "attributedItem(\(id))"),
    WirePin(operation: "storeAttributed", request: #"{"id":1,"item":\#(V.item),"replace":true,"type":"storeAttributed","vault":"/v.sqlite"}"#,
            replies: [#"{"attributedItem":\#(V.attributedItem),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.storeAttributed(V.decode(V.item), replace: true), V.attributedItem) },
            performed: "storeAttributed(\(V.item), true)"),

    // MasterPasswordChanging, VaultExporting.
    WirePin(operation: "changeMasterPassword", request: #"{"id":1,"kdfMemoryMiB":128,"type":"changeMasterPassword","vault":"/v.sqlite"}"#,
            secretFrames: 2, replies: [#"{"id":1,"type":"result"}"#],
            call: { try $0.changeMasterPassword(current: Fixture.secret(), new: Fixture.secret("n3w"), kdfMemoryMiB: 128, kdfPasses: nil) },
            performed: "changeMasterPassword(8, 8, 128, 0)"),
    WirePin(operation: "export", request: #"{"id":1,"type":"export","vault":"/v.sqlite"}"#, secretFrames: 1,
            replies: [#"{"deletions":[\#(V.deletion)],"exported":[\#(V.item)],"id":1,"keePassDatabases":[\#(V.keePassDatabase)],"type":"result"}"#],
            call: {
                let export = try $0.export(masterPassword: Fixture.secret())
                #expect(V.json(export.items) == "[\(V.item)]" && V.json(export.keePassDatabases) == "[\(V.keePassDatabase)]"
                        && V.json(export.deletions) == "[\(V.deletion)]")
            }, performed: "export(8)"),

    // BrowserAccess, and association requests (served by the connection).
    WirePin(operation: "browserDatabaseHash", request: #"{"id":1,"type":"browserDatabaseHash","vault":"/v.sqlite"}"#,
            replies: [#"{"browserHash":"\#(String(repeating: "0a", count: 32))","id":1,"type":"result"}"#],
            call: { try expectJSON($0.browserDatabaseHash(), "\"\(String(repeating: "0a", count: 32))\"") }, performed: "browserDatabaseHash()"),
    WirePin(operation: "browserAssociations", request: #"{"id":1,"type":"browserAssociations","vault":"/v.sqlite"}"#,
            replies: [#"{"associations":[\#(V.association)],"id":1,"type":"result"}"#],
            call: { try expectJSON($0.browserAssociations(), "[\(V.association)]") }, performed: "browserAssociations()"),
    WirePin(operation: "browserRevoke", request: #"{"id":1,"name":"firefox-laptop","type":"browserRevoke","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result"}"#], call: { try $0.revokeBrowserAssociation(name: "firefox-laptop") },
            performed: "revokeBrowserAssociation(firefox-laptop)"),
    WirePin(operation: "browserTestAssociation",
            request: #"{"browserKey":\#(V.browserKey),"id":1,"type":"browserTestAssociation","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"matched":true,"type":"result"}"#],
            call: { try expectJSON($0.testBrowserAssociation(V.decode(V.browserKey)), "true") },
            performed: "testBrowserAssociation(\(V.browserKey))"),
    WirePin(operation: "browserLogins", request: #"{"browserQuery":\#(V.browserQuery),"id":1,"type":"browserLogins","vault":"/v.sqlite"}"#,
            replies: [#"{"browserLogins":\#(V.browserLogins),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.browserLogins(V.decode(V.browserQuery)), V.browserLogins) },
            performed: "browserLogins(\(V.browserQuery))"),
    WirePin(operation: "browserSaveLogin", request: #"{"browserLogin":\#(V.browserLogin),"id":1,"type":"browserSaveLogin","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result","view":\#(V.view)}"#],
            call: { try expectJSON(WireItemView($0.saveBrowserLogin(V.decode(V.browserLogin))), V.view) },
            performed: "saveBrowserLogin(\(V.browserLogin))"),
    WirePin(operation: "browserOneTimeCode", request: #"{"browserCode":\#(V.browserCode),"id":1,"type":"browserOneTimeCode","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"oneTimeCode":\#(V.oneTimeCode),"type":"result"}"#],
            call: { try expectJSON($0.browserOneTimeCode(V.decode(V.browserCode)), V.oneTimeCode) },
            performed: "browserOneTimeCode(\(V.browserCode))"),
    WirePin(operation: "passkeyRegister",
            request: #"{"id":1,"passkeyCreation":\#(V.passkeyCreation),"type":"passkeyRegister","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"passkeyRegistration":\#(V.passkeyRegistration),"type":"result"}"#],
            call: {
                let creation = try V.decode(V.passkeyCreation, as: PasskeyRegisterOperation.Creation.self).creation()
                #expect(try $0.registerBrowserPasskey(creation) == .done(PasskeyCreated(
                    credentialID: Array(0...15), authenticatorData: [0x49, 0x96, 0x0d, 0xe5, 0x88, 0x0e],
                    attestationObject: Array(Base64URL.decode("o2NmbXRkbm9uZQ")!))))
            }, performed: "registerBrowserPasskey(\(V.passkeyCreation))"),
    WirePin(operation: "passkeyAssert",
            request: #"{"id":1,"passkeyRequest":\#(V.passkeyRequest),"type":"passkeyAssert","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"passkeyAssertion":\#(V.passkeyAssertion),"type":"result"}"#],
            call: {
                let request = try V.decode(V.passkeyRequest, as: PasskeyAssertOperation.PasskeyRequest.self).request()
                #expect(try $0.assertBrowserPasskey(request) == .done(PasskeySignIn(
                    credentialID: Array(0...15), authenticatorData: [0x49, 0x96, 0x0d, 0xe5, 0x88, 0x0e],
                    signature: [0x30, 0x45, 0x02, 0x21], userHandle: Array("user".utf8))))
            }, performed: "assertBrowserPasskey(\(V.passkeyRequest))"),
    WirePin(operation: "passkeyPreview",
            request: #"{"id":1,"passkeyRequest":\#(V.passkeyRequest),"type":"passkeyPreview","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"passkeyIntent":\#(V.passkeyIntent),"type":"result"}"#],
            call: {
                let request = try V.decode(V.passkeyRequest, as: PasskeyAssertOperation.PasskeyRequest.self).request()
                #expect(try $0.chooseBrowserPasskey(request) == .done(BrowserPasskeyIntent(
                    relyingPartyID: "github.com", userName: "alice", credentialID: Array(0...15))))
            }, performed: "chooseBrowserPasskey(\(V.passkeyRequest))"),
    WirePin(operation: "browserAssociate",
            request: #"{"browserKey":{"id":"","key":"\#(V.key)"},"id":1,"origin":"keepassxc-browser@keepassxc.org","type":"browserAssociate","vault":"/v.sqlite"}"#,
            replies: [#"{"association":\#(V.association),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.requestBrowserAssociation(key: V.key, origin: "keepassxc-browser@keepassxc.org"), V.association) },
            performed: nil),
    WirePin(operation: "browserPending", request: #"{"id":1,"type":"browserPending","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"pending":[\#(V.pending)],"type":"result"}"#],
            call: { try expectJSON($0.pendingBrowserAssociations(), "[\(V.pending)]") }, performed: nil),
    WirePin(operation: "browserAnswer",
            request: #"{"allow":true,"code":"RZMR3J","id":1,"name":"firefox-laptop","type":"browserAnswer","vault":"/v.sqlite"}"#,
            replies: [#"{"association":\#(V.association),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.answerBrowserAssociation(code: "RZMR3J", allowAs: "firefox-laptop"), V.association) },
            performed: nil),

    // AutoTypeService.
    WirePin(operation: "autoTypeRules", request: #"{"id":1,"type":"autoTypeRules","vault":"/v.sqlite"}"#,
            replies: [#"{"autoTypeRules":[\#(V.rule)],"id":1,"type":"result"}"#],
            call: { try expectJSON($0.autoTypeRules(), "[\(V.rule)]") }, performed: "autoTypeRules()"),
    WirePin(operation: "passkeys", request: #"{"id":1,"type":"passkeys","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"passkeys":[\#(V.passkeyListing)],"type":"result"}"#],
            call: {
                let listings = try $0.passkeys()
                #expect(listings.count == 1 && listings.first?.passkey.credentialID == Array(0...15) && listings.first?.itemTitle == "GitHub")
                #expect(listings.first?.passkey.userHandle == Array("user".utf8))
            }, performed: "passkeys()"),
    WirePin(operation: "addAutoTypeRule", request: #"{"id":1,"rule":\#(V.rule),"type":"addAutoTypeRule","vault":"/v.sqlite"}"#,
            replies: [#"{"autoTypeRule":\#(V.rule),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.addAutoTypeRule(V.decode(V.rule)), V.rule) }, performed: "addAutoTypeRule(\(V.rule))"),
    WirePin(operation: "removeAutoTypeRule", request: #"{"id":1,"reference":"6f96","type":"removeAutoTypeRule","vault":"/v.sqlite"}"#,
            replies: [#"{"autoTypeRule":\#(V.rule),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.removeAutoTypeRule("6f96"), V.rule) }, performed: "removeAutoTypeRule(6f96)"),
    WirePin(operation: "autoTypeCandidates",
            request: #"{"id":1,"site":"example.com","type":"autoTypeCandidates","vault":"/v.sqlite","window":\#(V.window)}"#,
            replies: [#"{"autoTypeCandidates":[\#(V.candidate)],"id":1,"type":"result"}"#],
            call: { try expectJSON($0.autoTypeCandidates(for: V.decode(V.window), site: "example.com"), "[\(V.candidate)]") },
            performed: "autoTypeCandidates(\(V.window), example.com)"),

    // Sync (served by the connection), conflicts, the audit.
    WirePin(operation: "sync", request: #"{"id":1,"type":"sync","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"syncRun":\#(V.syncRun),"type":"result"}"#],
            call: { try expectJSON($0.sync(), V.syncRun) }, performed: nil),
    WirePin(operation: "syncStatus", request: #"{"id":1,"type":"syncStatus","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"syncStatus":\#(V.syncStatus),"type":"result"}"#],
            call: { try expectJSON($0.syncStatus(), V.syncStatus) }, performed: nil),
    WirePin(operation: "syncConflicts", request: #"{"id":1,"type":"syncConflicts","vault":"/v.sqlite"}"#,
            replies: [#"{"conflicts":[\#(V.conflict)],"id":1,"type":"result"}"#],
            call: { try expectJSON($0.syncConflicts(), "[\(V.conflict)]") }, performed: "syncConflicts()"),
    WirePin(operation: "conflictVersions", request: #"{"id":1,"itemID":"\#(id)","type":"conflictVersions","vault":"/v.sqlite"}"#,
            replies: [#"{"conflictVersions":[\#(V.item)],"id":1,"type":"result"}"#],
            call: { try expectJSON($0.conflictVersions(V.uuid), "[\(V.item)]") }, performed: "conflictVersions(\(id))"),
    WirePin(operation: "resolveConflict", request: #"{"conflictChoice":\#(V.conflictChoice),"id":1,"type":"resolveConflict","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"type":"result"}"#], call: { try $0.resolveConflict(V.decode(V.conflictChoice)) },
            performed: "resolveConflict(\(V.conflictChoice))"),
    WirePin(operation: "audit", request: #"{"id":1,"twoFactorSites":["github.com"],"type":"audit","vault":"/v.sqlite"}"#,
            replies: [#"{"auditReport":\#(V.auditReport),"id":1,"type":"result"}"#],
            call: { try expectJSON($0.audit(twoFactorSites: ["github.com"]), V.auditReport) }, performed: nil),
]

/// Variants of the operations above that write other fields: a long `match` in pieces.
let wirePinVariants: [WirePin] = [
    WirePin(operation: "passkeyPreview",
            request: #"{"id":1,"passkeyCreation":\#(V.passkeyCreation),"type":"passkeyPreview","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"passkeyIntent":{"relyingParty":"github.com","userName":"alice"},"type":"result"}"#],
            call: {
                let creation = try V.decode(V.passkeyCreation, as: PasskeyRegisterOperation.Creation.self).creation()
                #expect(try $0.checkBrowserPasskeyCreation(creation) == .done(BrowserPasskeyIntent(
                    relyingPartyID: "github.com", userName: "alice")))
            }, performed: nil),
    WirePin(operation: "match", request: #"{"id":1,"identifiers":[],"rowsPerFrame":1,"type":"match","vault":"/v.sqlite"}"#,
            replies: [#"{"id":1,"matches":[\#(V.match)],"more":true,"type":"result"}"#, #"{"id":1,"matches":[\#(V.match)],"type":"result"}"#],
            call: {
                var rows: [String] = []
                try $0.matchAll(inPiecesOf: 1) { rows.append(V.json($0)) }
                #expect(rows == ["[\(V.match)]", "[\(V.match)]"])
            }, performed: nil),
]

/// Checks a call's result against the JSON protocol v2 writes for the value expected.
func expectJSON<T: Encodable>(
    _ value: @autoclosure () throws -> T, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) rethrows {
    let actual = try value()
    #expect(V.json(actual) == expected, sourceLocation: sourceLocation)
}

@Suite struct WirePinTests {
    /// The client side: the call writes exactly the pinned request and its secret frames, and reads the pinned
    /// reply into the pinned values.
    @Test(arguments: wirePins + wirePinVariants)
    func clientWritesAndReadsThePinnedBytes(_ pin: WirePin) throws {
        guard let call = pin.call else { return }
        let (client, peer) = try PinnedPeer.connect()
        defer { peer.socket.close() }
        let received = Collector<[UInt8]>()
        let answering = Thread {
            do {
                received.append(try peer.readFrame())
                for _ in 0..<pin.secretFrames { received.append(try peer.readFrame()) }
                for reply in pin.replies { try peer.writeFrame(reply) }
            } catch {
                received.append([])
            }
        }
        answering.start()
        try call(client)
        #expect(eventually { received.values.count == 1 + pin.secretFrames })
        let frames = received.values
        #expect(frames.first.map { String(decoding: $0, as: UTF8.self) } == pin.request)
        #expect(frames.dropFirst().allSatisfy { !$0.isEmpty })
    }

    /// The server side: the pinned request reads into the arguments the vault hears, and the vault's answer
    /// writes exactly the pinned reply.
    @Test(arguments: wirePins.filter { $0.performed != nil })
    func serverReadsAndWritesThePinnedBytes(_ pin: WirePin) throws {
        let vault = PinnedVault()
        #expect(try WirePinServer.reply(to: pin.request, secretFrames: pin.secretFrames, on: vault) == pin.replies[0])
        #expect(vault.calls == [pin.performed])
    }

    /// The server side of what the connection serves: the request reads back to the same bytes, and a reply with
    /// the pinned values writes the pinned bytes.
    @Test(arguments: wirePins)
    func serverRoundTripsThePinnedRequest(_ pin: WirePin) throws {
        #expect(try WirePinServer.reread(pin.request) == pin.request)
        if pin.performed == nil {
            #expect(try WirePinServer.connectionReply(to: pin.operation) == pin.replies[0])
        }
    }

    @Test func everyOperationIsPinned() {
        let pinned = Set(wirePins.map(\.operation)).union([HelloOperation.name])
        #expect(pinned == Set(AgentOperations.names))
        #expect(AgentOperations.names.count == Set(AgentOperations.names).count)
        #expect(wirePins.count == Set(wirePins.map(\.operation)).count)
    }

    /// The hello and a pipelined attach, as `attachUnlocked` writes them, and the agent's hello reply from both of
    /// its writers.
    @Test func helloIsPinned() throws {
        let folder = TemporaryFolder()
        let location = AgentSocketLocation(socketPath: folder.file("run/agent.sock"))
        try location.prepareFolder()
        let listener = try UnixSocket.listen(at: location.socketPath)
        defer { listener.close() }
        let hello = #"{"agent":"sesame-test","id":0,"pid":4242,"type":"hello","version":2}"#
        let received = Collector<String>()
        let answering = Thread {
            guard let accepted = try? listener.acceptWaiting() else { return }
            let peer = PinnedPeer(socket: accepted)
            defer { peer.socket.close() }
            for reply in [hello, #"{"id":1,"status":\#(V.agentStatus),"type":"status"}"#] {
                guard let frame = try? peer.readFrame() else { return }
                received.append(String(decoding: frame, as: UTF8.self))
                try? peer.writeFrame(reply)
            }
        }
        answering.start()
        let client = try AgentClient.attachUnlocked(vault: vaultPath, at: location, clientName: "pin")
        #expect(client?.agentPID == 4242)
        #expect(received.values == [
            #"{"client":"pin","id":0,"type":"hello","versions":[2]}"#, #"{"id":1,"type":"attach","vault":"/v.sqlite"}"#,
        ])
        #expect(String(decoding: WireFastCoding.hello(version: 2, agent: "sesame-test", pid: 4242), as: UTF8.self) == hello)
        #expect(String(decoding: try WireCoding.encode(WireReply.hello(version: 2, agent: "sesame-test", pid: 4242)), as: UTF8.self) == hello)
    }

    /// An error reply: the client throws the agent's failure; the agent writes the pinned bytes.
    @Test func errorIsPinned() throws {
        let error = #"{"closing":false,"failure":{"code":"locked","message":"The vault is locked."},"id":1,"type":"error"}"#
        let (client, peer) = try PinnedPeer.connect()
        defer { peer.socket.close() }
        let answering = Thread {
            _ = try? peer.readFrame()
            try? peer.writeFrame(error)
        }
        answering.start()
        #expect(throws: ServiceFailure(.locked, "The vault is locked.")) { try client.status() }
        #expect(try WirePinServer.errorReply(ServiceFailure(.locked, "The vault is locked.")) == error)
    }
}

/// The other end of a client's socket, played by the test.
struct PinnedPeer: @unchecked Sendable {
    let socket: UnixSocket

    /// A client for `/v.sqlite` on one end of a socket pair, as if the hello had been exchanged, and its peer.
    static func connect() throws -> (AgentClient, PinnedPeer) {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { throw SystemCallError("socketpair") }
        let client = AgentClient(
            location: AgentSocketLocation(socketPath: "/nonexistent"), socket: UnixSocket(adopting: ends[0]),
            hello: .hello(version: 2, agent: "pin", pid: 1))
        client.vault = vaultPath
        return (client, PinnedPeer(socket: UnixSocket(adopting: ends[1])))
    }

    func readFrame() throws -> [UInt8] {
        try Frame.read(from: socket, limit: AgentProtocol.maximumReplyFrame, idle: .after(10), frameTimeout: 10)
    }

    func writeFrame(_ json: String) throws {
        try Array(json.utf8).withUnsafeBytes { try Frame.write($0, to: socket, until: .after(10)) }
    }
}

extension UnixSocket {
    /// Accepts one connection, waiting up to ten seconds (the listener does not block).
    func acceptWaiting() throws -> UnixSocket? {
        for _ in 0..<500 {
            if let connection = try accept() { return connection }
            usleep(20_000)
        }
        return nil
    }
}

/// The server's side of a pinned exchange, through the agent's own wire types.
enum WirePinServer {
    static func reply(to request: String, secretFrames: Int, on vault: PinnedVault) throws -> String {
        let bytes = Array(request.utf8)
        let message = try WireFastCoding.request(bytes) ?? WireCoding.decode(WireRequest.self, from: bytes)
        let secrets = (0..<secretFrames).map { _ in Fixture.secret("pinnedpw") }
        let operation = try #require(AgentOperations.named(message.type))
        return String(decoding: try operation.serve(bytes, id: message.id, on: vault, secrets: secrets)[0], as: UTF8.self)
    }

    /// The request as the server reads it, written again: both of its readers keep every byte.
    static func reread(_ request: String) throws -> String {
        let bytes = Array(request.utf8)
        let head = try WireCoding.decode(WireRequest.self, from: bytes)
        if let operation = AgentOperations.named(head.type) { return try reread(bytes, as: operation) }
        if let operation = AgentOperations.servedByConnection(head.type) { return try reread(bytes, as: operation) }
        let slow = try WireCoding.decode(WireRequest.self, from: bytes)
        if let fast = WireFastCoding.request(bytes) {
            #expect(try WireCoding.encode(fast) == WireCoding.encode(slow))
        }
        return String(decoding: try WireCoding.encode(slow), as: UTF8.self)
    }

    private static func reread<Operation: AgentOperation>(_ bytes: [UInt8], as operation: Operation.Type) throws -> String {
        let request = try WireCoding.decode(WireEnvelope<Operation.Request>.self, from: bytes)
        return String(decoding: try WireCoding.encode(request), as: UTF8.self)
    }

    private static func reread<Operation: ConnectionOperation>(_ bytes: [UInt8], as operation: Operation.Type) throws -> String {
        let request = try operation.envelope(from: bytes)
        return String(decoding: try WireCoding.encode(request), as: UTF8.self)
    }

    /// The reply the connection (or, for the audit, a real vault) builds, with the pinned values.
    static func connectionReply(to operation: String) throws -> String {
        switch operation {
        case "attach", "unlock", "lock", "status", "stop":
            // The connection's operations on the agent itself: their reply type, in a status frame.
            let status = WireStatusReply(V.decode(V.agentStatus))
            return String(decoding: try WireCoding.encode(WireResult(id: 1, body: status, kind: .status)), as: UTF8.self)
        case "oneTimeCode":
            // Computed from an item's secret, which the pinned vault does not hold: the operation's reply type.
            let code = OneTimeCodeOperation.Reply(oneTimeCode: WireOneTimeCode(V.decode(V.oneTimeCode)))
            return String(decoding: try WireCoding.encode(WireResult(id: 1, body: code)), as: UTF8.self)
        case "audit":
            // The audit needs a local vault, which the pinned vault is not: the operation's reply type.
            let audit = AuditOperation.Reply(auditReport: WireAuditReport(V.decode(V.auditReport)))
            return String(decoding: try WireCoding.encode(WireResult(id: 1, body: audit)), as: UTF8.self)
        case "browserAssociate":
            let association = BrowserAssociateOperation.Reply(association: .init(V.decode(V.association)))
            return String(decoding: try WireCoding.encode(WireResult(id: 1, body: association)), as: UTF8.self)
        case "browserAnswer":
            let association = BrowserAnswerOperation.Reply(association: BrowserAssociationsOperation.Association(V.decode(V.association)))
            return String(decoding: try WireCoding.encode(WireResult(id: 1, body: association)), as: UTF8.self)
        case "browserPending":
            let pending = BrowserPendingOperation.Reply(pending: [WireBrowserPairingRequest(V.decode(V.pending))])
            return String(decoding: try WireCoding.encode(WireResult(id: 1, body: pending)), as: UTF8.self)
        case "sync":
            let run = SyncOperation.Reply(syncRun: WireSyncRunSummary(V.decode(V.syncRun)))
            return String(decoding: try WireCoding.encode(WireResult(id: 1, body: run)), as: UTF8.self)
        case "syncStatus":
            let status = SyncStatusOperation.Reply(syncStatus: WireSyncStatusReport(V.decode(V.syncStatus)))
            return String(decoding: try WireCoding.encode(WireResult(id: 1, body: status)), as: UTF8.self)
        default:
            Issue.record("No connection reply for \(operation)")
            return ""
        }
    }

    static func errorReply(_ failure: ServiceFailure) throws -> String {
        String(decoding: try WireCoding.encode(WireReply.error(failure, id: 1, closing: false)), as: UTF8.self)
    }
}
