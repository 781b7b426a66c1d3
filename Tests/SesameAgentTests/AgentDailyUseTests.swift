import Foundation
@testable import SesameAgent
import SesameAutoFill
import SesameStore
import Testing

/// Issue 26: the operations that let `audit` and `conflicts` run in the unlocked agent, their bytes as
/// docs/agent-protocol.md shows them, and their policy: the audit's report and the conflict list carry no secret.
@Suite struct AgentDailyUseTests {
    typealias P = AgentProtocolTests

    @Test func theNewOperationsHaveTheDocumentedMessages() throws {
        #expect(try P.json(P.request("audit", id: 60, AuditOperation.Request(twoFactorSites: ["github.com"])))
                == #"{"id":60,"twoFactorSites":["github.com"],"type":"audit","vault":"/v.sqlite"}"#)
        let report = #"{"auditReport":{"itemsChecked":2,"old":[],"reused":[],"sharedCredentialMismatch":[],"weak":[{"bits":14.2,"item":{"id":"6f9619ff-8b86-d011-b42d-00c04fc964ff","title":"Forum"},"reason":"a common password or dictionary word; about 14 bits"}]},"id":60,"type":"result"}"#
        let decoded = try WireCoding.decode(WireResult<AuditOperation.Reply>.self, from: Array(report.utf8))
        #expect(try P.json(decoded) == report)
        #expect(!ReplySecrets.present(in: decoded.body))

        #expect(try P.json(P.request("syncConflicts", id: 61, NoFields())) == #"{"id":61,"type":"syncConflicts","vault":"/v.sqlite"}"#)
        let conflicts = #"{"conflicts":[{"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","versions":[{"counter":7,"device":"6F9619FF-8B86-D011-B42D-00C04FC964FF","differences":[],"notes":"","number":1,"tags":[],"time":800000000,"title":"Router","trashed":false,"urls":[],"username":"admin","values":{}},{"counter":3,"device":"6F9619FF-8B86-D011-B42D-00C04FC964FF","differences":[{"field":"password","secret":true}],"notes":"","number":2,"tags":[],"time":800000000,"title":"Router","trashed":false,"urls":[],"username":"admin","values":{}}]}],"id":61,"type":"result"}"#
        let listed = try WireCoding.decode(WireResult<SyncConflictsOperation.Reply>.self, from: Array(conflicts.utf8))
        #expect(try P.json(listed) == conflicts)
        #expect(!ReplySecrets.present(in: listed.body))
        #expect(try P.json(P.request("conflictVersions", id: 62, WireItemID(itemID: P.id)))
                == #"{"id":62,"itemID":"6F9619FF-8B86-D011-B42D-00C04FC964FF","type":"conflictVersions","vault":"/v.sqlite"}"#)
        #expect(ReplySecrets.present(in: ConflictVersionsOperation.Reply(conflictVersions: [])))

        // An item view says whether the item has a one-time code only when it has one: other views keep their bytes.
        let view = WireItemView(ItemView(Item(id: P.id, title: "T", created: P.date, oneTimeCode: "otpauth://totp/x?secret=JBSWY3DP")))
        #expect(try P.json(view).contains(#""hasOneTimeCode":true"#))
        #expect(try !P.json(WireItemView(ItemView(Item(id: P.id, title: "T", created: P.date)))).contains("hasOneTimeCode"))
    }

    @Test func thePolicyKeepsSecretsOutOfTheAuditAndTheConflictList() throws {
        for operation in ["audit", "syncConflicts", "resolveConflict"] {
            #expect(AgentOperations.policy(of: operation) == OperationPolicy(secretsOut: .none, secretFrames: 0, needsMasterPassword: false))
        }
        #expect(AgentOperations.policy(of: "conflictVersions")?.secretsOut == .one, "one item's versions, as reveal")
        // A revealing report would carry passwords: the reply guard sees them.
        let report = try JSONDecoder().decode(AuditReport.self, from: Data(#"{"itemsChecked":1,"old":[],"reused":[],"sharedCredentialMismatch":[],"weak":[{"bits":1,"item":{"id":"x","password":"pw","title":"T"},"reason":"r"}]}"#.utf8))
        #expect(report.showsPasswords)
        #expect(ReplySecrets.present(in: AuditOperation.Reply(auditReport: WireAuditReport(report))))
        #expect(WireAuditReport(report).report == report, "the wire type keeps every entry's fields")
    }

    @Test func anAuditThroughTheAgentNamesItemsButReceivesNoPassword() throws {
        let folder = TemporaryFolder()
        let weak = Item(title: "Forum", password: "sunshine99", urls: [ItemURL("https://forum.example")])
        let reused = Item(title: "Mail", password: "sunshine99", urls: [ItemURL("https://mail.example")])
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: [weak, reused])
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        _ = try client.unlock(vault: path, password: Fixture.secret())
        client.vault = path
        let frames = AgentPolicyTests.Frames()
        client.frameObserver = { frames.record($0, $1) }
        let result = try client.audit(twoFactorSites: ["mail.example"])
        #expect(result.itemsChecked == 2)
        #expect(result.weak.map(\.item.title).sorted() == ["Forum", "Mail"])
        #expect(result.reused.count == 1)
        #expect(result.missingOneTimeCode?.map(\.item.title) == ["Mail"])
        #expect(!result.showsPasswords)
        #expect(frames.received.count == 1 && !frames.received[0].contains("sunshine99"))

        // A vault without sync has no conflicts to list: an error, not an empty list.
        #expect(throws: ServiceFailure.self) { try client.syncConflicts() }
    }
}
