import Foundation

/// The head of a message from a client to the agent (protocol version 2): `type` names the operation (one of
/// ``AgentOperations``), `id` is echoed in the reply, `vault` is the vault's absolute path, and a hello's
/// `versions` and `client` say what the client speaks. The server reads the head first; the operation then reads
/// its own fields from the same frame (``WireEnvelope``). Master passwords never appear here: they follow as raw
/// secret frames (``OperationPolicy/secretFrames``).
///
/// The field names are spelled out in `CodingKeys` on purpose: renaming a Swift property must not change the wire.
struct WireRequest: Codable, Sendable {
    var type: String
    var id: UInt64?
    /// hello: the protocol versions the client speaks, and its name for logs.
    var versions: [Int]?
    var client: String?
    /// Every vault operation, attach, unlock: the vault's absolute path.
    var vault: String?

    init(type: String, id: UInt64? = nil) {
        self.type = type
        self.id = id
    }

    enum CodingKeys: String, CodingKey {
        case type = "type", id = "id", versions = "versions", client = "client", vault = "vault"
    }
}

// Written out rather than synthesized: the synthesized coders call a generic `encodeIfPresent`/`decodeIfPresent`
// for every field, present or not, and each call makes the runtime instantiate that field's type (a scan of
// every protocol conformance in the binary), which cost a third of a `sesame fill` process's CPU. Only the fields
// present are touched here; the bytes are the same (nil fields are left out, keys sorted by the encoder). An
// operation's own fields are not keys here and are left for it to read.
extension WireRequest {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        for key in container.allKeys {
            if try container.decodeNil(forKey: key) { continue }
            switch key {
            case .type: break
            case .id: id = try container.decode(UInt64.self, forKey: key)
            case .versions: versions = try container.decode([Int].self, forKey: key)
            case .client: client = try container.decode(String.self, forKey: key)
            case .vault: vault = try container.decode(String.self, forKey: key)
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        if let id { try container.encode(id, forKey: .id) }
        if let versions { try container.encode(versions, forKey: .versions) }
        if let client { try container.encode(client, forKey: .client) }
        if let vault { try container.encode(vault, forKey: .vault) }
    }
}
