import Foundation
import SesameAutoFill

/// A reply frame: `type` (`result`, `status` for the operations on the agent itself, or `error` when the agent
/// refused) and `id` beside the operation's reply fields, all in one JSON object.
struct WireResult<Body: Codable & Sendable>: Codable, Sendable {
    var id: UInt64?
    var body: Body
    /// The frame's `type` as written (a frame read is always a `result`).
    var kind: WireReply.Kind = .result

    enum CodingKeys: String, CodingKey {
        case type = "type", id = "id"
    }

    init(id: UInt64?, body: Body, kind: WireReply.Kind = .result) {
        self.id = id
        self.body = body
        self.kind = kind
    }

    /// Reads a `result`; an `error` frame (its shape is the same in every version) is thrown as the agent's failure.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(UInt64.self, forKey: .id)
        switch try container.decode(WireReply.Kind.self, forKey: .type) {
        case .result:
            body = try Body(from: decoder)
        case .error:
            throw WireReplyError.refused(try WireReply(from: decoder))
        case .hello, .status:
            throw WireReplyError.notAResult
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .type)
        try container.encodeIfPresent(id, forKey: .id)
        try body.encode(to: encoder)
    }
}

/// What was met where a `result` was expected.
enum WireReplyError: Error {
    /// An `error` frame: the agent's refusal.
    case refused(WireReply)
    /// A `hello` or `status` frame.
    case notAResult
}
