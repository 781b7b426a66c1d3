import Foundation

/// A request frame: `type`, `id` and `vault` beside the operation's own fields, all in one JSON object (the
/// operation's request type writes its fields into the same object).
struct WireEnvelope<Body: Codable & Sendable>: Codable, Sendable {
    var type: String
    var id: UInt64?
    var vault: String?
    var body: Body

    enum CodingKeys: String, CodingKey {
        case type = "type", id = "id", vault = "vault"
    }

    init(type: String, id: UInt64?, vault: String?, body: Body) {
        self.type = type
        self.id = id
        self.vault = vault
        self.body = body
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        id = try container.decodeIfPresent(UInt64.self, forKey: .id)
        vault = try container.decodeIfPresent(String.self, forKey: .vault)
        body = try Body(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(vault, forKey: .vault)
        try body.encode(to: encoder)
    }

    /// The sentence a client reads when its request cannot be read, as the agent has always said it.
    static func explain(_ error: any Error, in operation: String) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?:
            return "A '\(operation)' message needs '\(key.stringValue)'."
        case .valueNotFound(_, let context)? where context.codingPath.count == 1:
            return "A '\(operation)' message needs '\(context.codingPath[0].stringValue)'."
        default:
            return "A '\(operation)' message is malformed."
        }
    }
}
