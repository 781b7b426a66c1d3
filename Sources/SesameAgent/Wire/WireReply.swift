import Foundation
import SesameAutoFill
import SesameStore

/// A message from the agent to a client (protocol version 2). `type` is `hello`, `status`, `result` (the answer
/// to a vault operation: only the fields that operation returns) or `error`. `error` has kept its shape since
/// version 1, so a client of either version can read an agent's refusal.
struct WireReply: Codable, Sendable {
    enum Kind: String, Codable, Sendable {
        case hello, status, result, error
    }

    var type: Kind
    var id: UInt64?
    /// hello: the chosen protocol version, the agent's name and version, its pid.
    var version: Int?
    var agent: String?
    var pid: Int32?
    /// status: the agent's state after the request.
    var status: AgentStatus?
    /// error: what went wrong; `closing` says the agent closes the connection after this frame.
    var failure: ServiceFailure?
    var closing: Bool?

    // result fields, by operation (see docs/agent-protocol.md §4).
    var vaultStatus: VaultStatus?
    var summaries: [ItemSummary]?
    var damaged: [String]?
    var view: WireItemView?
    var revealed: Item?
    var matches: [CredentialMatch]?
    var credential: Credential?
    var siteCredential: SiteCredentialMatch?
    var itemIDs: [UUID]?
    var equivalents: EquivalentDomains?
    var equivalentsChange: EquivalentsChange?

    init(_ type: Kind, id: UInt64?) {
        self.type = type
        self.id = id
    }

    enum CodingKeys: String, CodingKey {
        case type = "type", id = "id", version = "version", agent = "agent", pid = "pid", status = "status"
        case failure = "failure", closing = "closing", vaultStatus = "vaultStatus", summaries = "summaries"
        case damaged = "damaged", view = "view", revealed = "revealed", matches = "matches"
        case credential = "credential", siteCredential = "siteCredential", itemIDs = "itemIDs"
        case equivalents = "equivalents", equivalentsChange = "equivalentsChange"
    }

    static func hello(version: Int, agent: String, pid: Int32) -> WireReply {
        var reply = WireReply(.hello, id: 0)
        reply.version = version
        reply.agent = agent
        reply.pid = pid
        return reply
    }

    static func status(_ status: AgentStatus, id: UInt64?) -> WireReply {
        var reply = WireReply(.status, id: id)
        reply.status = status
        return reply
    }

    static func error(_ failure: ServiceFailure, id: UInt64?, closing: Bool) -> WireReply {
        var reply = WireReply(.error, id: id)
        reply.failure = failure
        reply.closing = closing
        return reply
    }

    /// Whether any field that can hold a password, protected value or token is present: checked against the
    /// operation's policy before the reply leaves the agent.
    var carriesSecrets: Bool {
        revealed != nil || credential != nil || siteCredential != nil
    }
}
