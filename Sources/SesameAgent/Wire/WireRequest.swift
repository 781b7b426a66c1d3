import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameStore

/// A message from a client to the agent (protocol version 2): `type` names the ``WireOperation``, `id` is echoed
/// in the reply, and each operation uses the fields its row in docs/agent-protocol.md names. Master passwords
/// never appear here: they follow as raw secret frames (``OperationPolicy/secretFrames``).
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
    /// unlock: seconds without use before the agent locks; the agent's default when absent.
    var idleTimeout: Double?
    /// browserAssociate (its key only): an extension's association.
    var browserKey: BrowserKey?
    /// browserAssociate: who asks (the browser's origin or extension id, for `sesame browser pending`).
    var origin: String?
    /// browserAnswer: the pending request's code, whether the user allows it, and the name it gets.
    var code: String?
    var allow: Bool?
    /// browserAnswer: the association's name.
    var name: String?

    init(_ operation: WireOperation, id: UInt64? = nil) {
        type = operation.rawValue
        self.id = id
    }

    var operation: WireOperation? { WireOperation(rawValue: type) }

    enum CodingKeys: String, CodingKey {
        case type = "type", id = "id", versions = "versions", client = "client", vault = "vault"
        case idleTimeout = "idleTimeout"
        case browserKey = "browserKey", origin = "origin"
        case code = "code", allow = "allow", name = "name"
    }
}

// Written out rather than synthesized: the synthesized coders call a generic `encodeIfPresent`/`decodeIfPresent`
// for every field, present or not, and each call makes the runtime instantiate that field's type (a scan of
// every protocol conformance in the binary), which cost a third of a `sesame fill` process's CPU. Only the fields
// present are touched here; the bytes are the same (nil fields are left out, keys sorted by the encoder).
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
            case .idleTimeout: idleTimeout = try container.decode(Double.self, forKey: key)
            case .browserKey: browserKey = try container.decode(BrowserKey.self, forKey: key)
            case .origin: origin = try container.decode(String.self, forKey: key)
            case .code: code = try container.decode(String.self, forKey: key)
            case .allow: allow = try container.decode(Bool.self, forKey: key)
            case .name: name = try container.decode(String.self, forKey: key)
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
        if let idleTimeout { try container.encode(idleTimeout, forKey: .idleTimeout) }
        if let browserKey { try container.encode(browserKey, forKey: .browserKey) }
        if let origin { try container.encode(origin, forKey: .origin) }
        if let code { try container.encode(code, forKey: .code) }
        if let allow { try container.encode(allow, forKey: .allow) }
        if let name { try container.encode(name, forKey: .name) }
    }
}
