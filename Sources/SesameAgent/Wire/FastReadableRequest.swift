import Foundation
import SesameAgentLink

/// An operation's request that the agent reads without Foundation's JSON decoder: the requests of its hot paths
/// (git's `get`, the `sesame` front's `totp`, the operations on one item by id), where that decoder would cost
/// about as much as the lookup itself (``WireFastCoding``). Nil for anything it does not read exactly as the
/// decoder would; the decoder then reads the frame and says what is wrong.
protocol FastReadableRequest {
    /// Reads the request's own fields from the frame's object, ignoring `type`, `id` and `vault`.
    init?(fastFields fields: [String: AgentJSON])
}

extension AgentOperation {
    /// The request read without the decoder, when its type can be and the frame holds one exactly.
    static func fastRequest(from frame: [UInt8]) -> Request? {
        guard let reader = Request.self as? any FastReadableRequest.Type,
            case .object(let fields) = AgentJSON(parsing: frame)
        else { return nil }
        return reader.init(fastFields: fields) as? Request
    }
}

extension WireItemID: FastReadableRequest {
    init?(fastFields fields: [String: AgentJSON]) {
        guard let id = fields["itemID"]?.string.flatMap(UUID.init(uuidString:)) else { return nil }
        itemID = id
    }
}

extension WireSiteCredentialQuery {
    /// The query from the object of a request's `query` field.
    init?(fastObject parts: [String: AgentJSON]) {
        guard let scheme = parts["scheme"]?.string, let host = parts["host"]?.string,
            Set(parts.keys).isSubset(of: ["scheme", "host", "path", "username", "password"])
        else { return nil }
        self.scheme = scheme
        self.host = host
        for (name, part) in parts where part != .null && name != "scheme" && name != "host" {
            guard let text = part.string else { return nil }
            switch name {
            case "path": path = text
            case "username": username = text
            default: password = text
            }
        }
    }
}

extension LookupSiteCredentialOperation.Request: FastReadableRequest {
    init?(fastFields fields: [String: AgentJSON]) {
        guard case .object(let parts)? = fields["query"], let query = WireSiteCredentialQuery(fastObject: parts) else {
            return nil
        }
        self.query = query
    }
}

extension AgentOperation {
    /// Whether the fast reader, when it reads the frame, reads the request the decoder reads (the fuzz target's
    /// check, as for ``WireFastCoding``).
    static func fastReadingAgrees(with frame: [UInt8]) -> Bool {
        guard let fast = fastRequest(from: frame) else { return true }
        guard let decoded = try? WireCoding.decode(WireEnvelope<Request>.self, from: frame).body else { return false }
        return (try? WireCoding.encode(fast)) == (try? WireCoding.encode(decoded))
    }
}
