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
    /// list: `active` or `trashed`; resolve: the states to search.
    var state: String?
    var states: [String]?
    /// resolve: an id, id prefix, title or title prefix.
    var reference: String?
    /// reveal, update: the item's id.
    var itemID: UUID?
    /// add: the new item; importItems: the items to import, and whether to decide only (write nothing).
    var item: Item?
    var items: [Item]?
    var dryRun: Bool?
    /// importItems: KeePass database records (from a KeePass file or a backup), kept with the items.
    var keePassDatabases: [KeePassDatabaseExtras]?
    /// update: the edit.
    var change: ItemChange?
    /// match, fill: the form's service identifiers, most specific first; fill: the user name wanted.
    var identifiers: [ServiceIdentifier]?
    var username: String?
    /// match: the client takes the reply in several frames of at most this many rows (each but the last with
    /// `more`); absent: one frame. An agent that does not know the field answers in one frame, which such a
    /// client reads too.
    var rowsPerFrame: Int?
    /// browserAssociate (its key only): an extension's association.
    var browserKey: BrowserKey?
    /// browserAssociate: who asks (the browser's origin or extension id, for `sesame browser pending`).
    var origin: String?
    /// browserLogins: the page; browserSaveLogin: what the page submitted.
    var browserQuery: BrowserLoginQuery?
    var browserLogin: BrowserLoginSave?
    /// browserOneTimeCode: the login, its page and the association asking.
    var browserCode: BrowserOneTimeCodeQuery?
    /// browserAnswer: the pending request's code, whether the user allows it, and the name it gets.
    var code: String?
    var allow: Bool?
    /// browserAnswer: the association's name.
    var name: String?
    /// audit: registrable domains of sites that offer one-time codes (absent: no list given).
    var twoFactorSites: [String]?

    init(_ operation: WireOperation, id: UInt64? = nil) {
        type = operation.rawValue
        self.id = id
    }

    var operation: WireOperation? { WireOperation(rawValue: type) }

    enum CodingKeys: String, CodingKey {
        case type = "type", id = "id", versions = "versions", client = "client", vault = "vault"
        case idleTimeout = "idleTimeout", state = "state", states = "states", reference = "reference"
        case itemID = "itemID", item = "item", items = "items", change = "change", identifiers = "identifiers"
        case username = "username", rowsPerFrame = "rowsPerFrame"
        case dryRun = "dryRun"
        case browserKey = "browserKey", origin = "origin", browserQuery = "browserQuery", browserLogin = "browserLogin"
        case browserCode = "browserCode"
        case code = "code", allow = "allow", name = "name"
        case keePassDatabases = "keePassDatabases"
        case twoFactorSites = "twoFactorSites"
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
            case .state: state = try container.decode(String.self, forKey: key)
            case .states: states = try container.decode([String].self, forKey: key)
            case .reference: reference = try container.decode(String.self, forKey: key)
            case .itemID: itemID = try container.decode(UUID.self, forKey: key)
            case .item: item = try container.decode(Item.self, forKey: key)
            case .items: items = try container.decode([Item].self, forKey: key)
            case .change: change = try container.decode(ItemChange.self, forKey: key)
            case .identifiers: identifiers = try container.decode([ServiceIdentifier].self, forKey: key)
            case .username: username = try container.decode(String.self, forKey: key)
            case .rowsPerFrame: rowsPerFrame = try container.decode(Int.self, forKey: key)
            case .dryRun: dryRun = try container.decode(Bool.self, forKey: key)
            case .keePassDatabases: keePassDatabases = try container.decode([KeePassDatabaseExtras].self, forKey: key)
            case .browserKey: browserKey = try container.decode(BrowserKey.self, forKey: key)
            case .origin: origin = try container.decode(String.self, forKey: key)
            case .browserQuery: browserQuery = try container.decode(BrowserLoginQuery.self, forKey: key)
            case .browserLogin: browserLogin = try container.decode(BrowserLoginSave.self, forKey: key)
            case .browserCode: browserCode = try container.decode(BrowserOneTimeCodeQuery.self, forKey: key)
            case .code: code = try container.decode(String.self, forKey: key)
            case .allow: allow = try container.decode(Bool.self, forKey: key)
            case .name: name = try container.decode(String.self, forKey: key)
            case .twoFactorSites: twoFactorSites = try container.decode([String].self, forKey: key)
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
        if let state { try container.encode(state, forKey: .state) }
        if let states { try container.encode(states, forKey: .states) }
        if let reference { try container.encode(reference, forKey: .reference) }
        if let itemID { try container.encode(itemID, forKey: .itemID) }
        if let item { try container.encode(item, forKey: .item) }
        if let items { try container.encode(items, forKey: .items) }
        if let change { try container.encode(change, forKey: .change) }
        if let identifiers { try container.encode(identifiers, forKey: .identifiers) }
        if let username { try container.encode(username, forKey: .username) }
        if let rowsPerFrame { try container.encode(rowsPerFrame, forKey: .rowsPerFrame) }
        if let dryRun { try container.encode(dryRun, forKey: .dryRun) }
        if let keePassDatabases { try container.encode(keePassDatabases, forKey: .keePassDatabases) }
        if let browserKey { try container.encode(browserKey, forKey: .browserKey) }
        if let origin { try container.encode(origin, forKey: .origin) }
        if let browserQuery { try container.encode(browserQuery, forKey: .browserQuery) }
        if let browserLogin { try container.encode(browserLogin, forKey: .browserLogin) }
        if let browserCode { try container.encode(browserCode, forKey: .browserCode) }
        if let code { try container.encode(code, forKey: .code) }
        if let allow { try container.encode(allow, forKey: .allow) }
        if let name { try container.encode(name, forKey: .name) }
        if let twoFactorSites { try container.encode(twoFactorSites, forKey: .twoFactorSites) }
    }
}
