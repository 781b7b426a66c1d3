import Foundation
import SesameAutoFill
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
    /// reveal, update, delete, moveToTrash, restore, credential: the item's id.
    var itemID: UUID?
    /// add: the new item; importItems: the new items.
    var item: Item?
    var items: [Item]?
    /// update: the edit.
    var change: ItemChange?
    /// match, fill: the form's service identifiers, most specific first; fill: the user name wanted.
    var identifiers: [ServiceIdentifier]?
    var username: String?
    /// lookupSiteCredential, rejectSiteCredentials: the site; saveSiteCredential: what to keep.
    var query: SiteCredentialQuery?
    var siteCredential: SiteCredential?
    /// addEquivalents, removeEquivalents (absent: every group): domains or URLs; importEquivalents: groups.
    var domains: [String]?
    var groups: [EquivalentGroup]?
    /// changeMasterPassword: new Argon2id settings, if any.
    var kdfMemoryMiB: Int?
    var kdfPasses: Int?

    init(_ operation: WireOperation, id: UInt64? = nil) {
        type = operation.rawValue
        self.id = id
    }

    var operation: WireOperation? { WireOperation(rawValue: type) }

    enum CodingKeys: String, CodingKey {
        case type = "type", id = "id", versions = "versions", client = "client", vault = "vault"
        case idleTimeout = "idleTimeout", state = "state", states = "states", reference = "reference"
        case itemID = "itemID", item = "item", items = "items", change = "change", identifiers = "identifiers"
        case username = "username", query = "query", siteCredential = "siteCredential", domains = "domains"
        case groups = "groups", kdfMemoryMiB = "kdfMemoryMiB", kdfPasses = "kdfPasses"
    }
}
