import Foundation
@testable import SesameAgent
import SesameAutoFill
import SesameCrypto
import SesameStore
import Testing

/// The reply guard finds secrets by the types of a reply's fields (issue 23): no list of secret fields exists, so
/// none can be forgotten in it.
@Suite struct ReplySecretsTests {
    /// A reply as a future operation might write it: its secret-bearing field is listed nowhere. The old guard, a
    /// hand-kept list of `WireReply`'s secret fields, could not see such a field at all.
    struct FutureReply {
        var id: UInt64? = 1
        var summaries: [ItemSummary]? = []
        var leaked: WireSiteCredentialMatch?
        var nested: [[WireItem]]?
        var report: AuditReport?
    }

    @Test func aNewFieldOfASecretTypeIsGuardedWithoutBeingListed() throws {
        #expect(!ReplySecrets.present(in: FutureReply()))
        let credential = Credential(id: UUID(), username: "alice", password: "s3cret")
        #expect(ReplySecrets.present(in: FutureReply(leaked: WireSiteCredentialMatch(SiteCredentialMatch(credential: credential)))))
        #expect(ReplySecrets.present(in: FutureReply(nested: [[WireItem(Item(title: "T", password: "s3cret"))]])))
        // An audit report carries passwords only when it shows them.
        let quiet = try JSONDecoder().decode(AuditReport.self, from: Data(#"{"itemsChecked":0,"old":[],"reused":[],"sharedCredentialMismatch":[],"weak":[]}"#.utf8))
        #expect(!ReplySecrets.present(in: FutureReply(report: quiet)))
    }

    /// Every pinned reply (`WirePinTests`) carries secrets exactly when its operation's policy lets it.
    @Test(arguments: wirePins)
    func aRepliesSecretsMatchItsPolicy(_ pin: WirePin) throws {
        let allowed = try #require(AgentOperations.policy(of: pin.operation)).secretsOut != .none
        // Operations that may carry secrets but answer with nothing (a revoke, a resolved conflict) are fine too.
        if allowed && pin.replies[0].hasSuffix(#"{"id":1,"type":"result"}"#) { return }
        let bytes = Array(pin.replies[0].utf8)
        if let operation = AgentOperations.named(pin.operation) {
            #expect(try Self.secrets(in: bytes, of: operation) == allowed)
        } else {
            #expect(ReplySecrets.present(in: try WireCoding.decode(WireReply.self, from: bytes)) == allowed)
        }
    }

    static func secrets<Operation: AgentOperation>(in reply: [UInt8], of operation: Operation.Type) throws -> Bool {
        ReplySecrets.present(in: try WireCoding.decode(WireResult<Operation.Reply>.self, from: reply).body)
    }

    /// The server withholds a reply holding a secret when the operation's policy lets none out.
    @Test func aPlainOperationThatWouldSendASecretIsWithheld() throws {
        enum Leaky: AgentOperation {
            static let name = "leaky"
            static let policy = OperationPolicy.plain
            struct Reply: Codable, Sendable { var credential: WireCredential }
            static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
                throws(ServiceFailure) -> Reply
            {
                Reply(credential: WireCredential(try vault.credential(for: PinValue.uuid)))
            }
        }
        #expect(throws: Leaky.withheld) {
            try Leaky.serve(Array(#"{"id":1,"type":"leaky","vault":"/v.sqlite"}"#.utf8), id: 1, on: PinnedVault(), secrets: [])
        }
    }
}
