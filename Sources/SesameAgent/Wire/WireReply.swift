import Foundation
import SesameAutoFill

/// The frames of the agent's own (protocol version 2) that a client reads beside an operation's reply
/// (``WireResult``): `hello`, `status` (the agent's state, answering `attach`, `unlock`, `lock`, `status` and
/// `stop`) and `error`. `error` has kept its shape since version 1, so a client of either version can read an
/// agent's refusal.
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
    var status: WireAgentStatus?
    /// error: what went wrong; `closing` says the agent closes the connection after this frame.
    var failure: ServiceFailure?
    var closing: Bool?

    init(_ type: Kind, id: UInt64?) {
        self.type = type
        self.id = id
    }

    enum CodingKeys: String, CodingKey {
        case type = "type", id = "id", version = "version", agent = "agent", pid = "pid", status = "status"
        case failure = "failure", closing = "closing"
    }

    static func hello(version: Int, agent: String, pid: Int32) -> WireReply {
        var reply = WireReply(.hello, id: 0)
        reply.version = version
        reply.agent = agent
        reply.pid = pid
        return reply
    }

    static func error(_ failure: ServiceFailure, id: UInt64?, closing: Bool) -> WireReply {
        var reply = WireReply(.error, id: id)
        reply.failure = failure
        reply.closing = closing
        return reply
    }
}

// Written out rather than synthesized, for the reason given beside `WireRequest`'s: only the fields present touch
// their types, so a process that reads one small reply does not instantiate every type at start.
extension WireReply {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(Kind.self, forKey: .type)
        for key in container.allKeys {
            if try container.decodeNil(forKey: key) { continue }
            switch key {
            case .type: break
            case .id: id = try container.decode(UInt64.self, forKey: key)
            case .version: version = try container.decode(Int.self, forKey: key)
            case .agent: agent = try container.decode(String.self, forKey: key)
            case .pid: pid = try container.decode(Int32.self, forKey: key)
            case .status: status = try container.decode(WireAgentStatus.self, forKey: key)
            case .failure: failure = try container.decode(ServiceFailure.self, forKey: key)
            case .closing: closing = try container.decode(Bool.self, forKey: key)
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        if let id { try container.encode(id, forKey: .id) }
        if let version { try container.encode(version, forKey: .version) }
        if let agent { try container.encode(agent, forKey: .agent) }
        if let pid { try container.encode(pid, forKey: .pid) }
        if let status { try container.encode(status, forKey: .status) }
        if let failure { try container.encode(failure, forKey: .failure) }
        if let closing { try container.encode(closing, forKey: .closing) }
    }
}
