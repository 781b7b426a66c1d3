import Foundation
import SesameCrypto
import SesameStore

// The core's API of an unlocked vault, one small protocol per feature. `LocalVaultService` implements them all
// in-process (the iOS app and extension, the CLI without an agent, the agent itself); `AgentClient` implements
// them by sending the agent's own wire messages. Every method throws `ServiceFailure` only. Each shell names the
// protocols it uses (`ContainingAppVault` here for the iOS app; the Linux features' protocols live in their own
// modules, and the agent composes them all as `UnlockedVault`).

/// Items: list, find, add, edit, delete. Nothing here hands out a secret except ``reveal(_:)``: lists and views
/// carry no password, protected field value or password history.
public protocol VaultItems: AnyObject {
    /// Counts and key-derivation settings of the vault itself.
    func status() throws(ServiceFailure) -> VaultStatus
    /// Every item in `state`, sorted by title, and the items that could not be read (by description).
    func list(_ state: ItemState) throws(ServiceFailure) -> (items: [ItemSummary], damaged: [String])
    /// The item a reference names (id, id prefix, title, title prefix), without its secrets.
    func resolve(_ reference: String, in states: Set<ItemState>) throws(ServiceFailure) -> ItemView
    /// One item in full, secrets included: `sesame show --reveal`.
    func reveal(_ id: UUID) throws(ServiceFailure) -> Item
    /// Stores a new item (its times set to now); answers what was stored, without secrets.
    @discardableResult
    func add(_ item: Item) throws(ServiceFailure) -> ItemView
    /// An import, in one transaction, all or none: each item is created, updates the password of the item for
    /// the same site and user name (the old one kept in its history), or is skipped as already there (see
    /// `ImportPlan`). New items keep their own times. A dry run decides the same and writes nothing. `progress`
    /// hears how many items are ready, where the implementation can tell. `keePassDatabases`, from a KeePass file or a
    /// backup, are kept in the same transaction (each replacing the record of the same database).
    func importItems(_ items: [Item], keePassDatabases: [KeePassDatabaseExtras], dryRun: Bool, progress: (Int) -> Void)
        throws(ServiceFailure) -> ImportSummary
    /// Applies `change` to the item's current version inside the write transaction.
    @discardableResult
    func update(_ id: UUID, _ change: ItemChange) throws(ServiceFailure) -> ItemView
    /// Deletes the item (a tombstone stays for sync).
    func delete(_ id: UUID) throws(ServiceFailure)
}

extension VaultItems {
    public func importItems(_ items: [Item], dryRun: Bool, progress: (Int) -> Void) throws(ServiceFailure) -> ImportSummary {
        try importItems(items, keePassDatabases: [], dryRun: dryRun, progress: progress)
    }

    @discardableResult
    public func importItems(_ items: [Item]) throws(ServiceFailure) -> ImportSummary {
        try importItems(items, dryRun: false, progress: { _ in })
    }

    public func list() throws(ServiceFailure) -> (items: [ItemSummary], damaged: [String]) {
        try list(.active)
    }

    public func resolve(_ reference: String) throws(ServiceFailure) -> ItemView {
        try resolve(reference, in: [.active])
    }
}

/// The trash: where credentials a service rejected go, until restored or deleted.
public protocol VaultTrash: AnyObject {
    func moveToTrash(_ id: UUID) throws(ServiceFailure)
    func restore(_ id: UUID) throws(ServiceFailure)
}

/// Login forms: the list request and filling. Only filling hands out a secret, one credential per call.
public protocol CredentialFilling: AnyObject {
    /// The list request: ranked matches for a form's service identifiers, most specific first; no secrets.
    func match(_ identifiers: [ServiceIdentifier]) throws(ServiceFailure) -> [CredentialMatch]
    /// `match([])` in pieces (a default implementation follows).
    func matchAll(inPiecesOf size: Int, _ body: ([CredentialMatch]) -> Void) throws(ServiceFailure)
    /// The best match's credential (or the named user's), recording its use.
    func fill(_ identifiers: [ServiceIdentifier], username: String?) throws(ServiceFailure) -> Credential
    /// The credential behind a record identifier the system handed back, recording its use.
    func credential(for id: UUID) throws(ServiceFailure) -> Credential
}

extension CredentialFilling {
    public func fill(_ identifiers: [ServiceIdentifier]) throws(ServiceFailure) -> Credential {
        try fill(identifiers, username: nil)
    }

    /// The list request for a form without identifiers (every login, in the list's order), handed to `body` in
    /// pieces of at most `size` rows, so a caller that prints as it goes never holds a very large list twice. An
    /// agent's client receives the pieces as they come; in-process the list is built whole first (it is sorted).
    public func matchAll(inPiecesOf size: Int, _ body: ([CredentialMatch]) -> Void) throws(ServiceFailure) {
        precondition(size > 0)
        let rows = try match([])
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + size)
            body(Array(rows[start..<end]))
            start = end
        }
    }
}

/// Credentials as programs outside a browser name them (git, Secret Service): see `SiteCredentials`.
public protocol SiteCredentialService: AnyObject {
    /// The best credential stored for a protocol, host and port (and path, user); records its use.
    func lookupSiteCredential(_ query: SiteCredentialQuery) throws(ServiceFailure) -> SiteCredentialMatch?
    /// Keeps a credential a program approved: updates the item for the same location and user, or adds one.
    @discardableResult
    func saveSiteCredential(_ credential: SiteCredential) throws(ServiceFailure) -> ItemView
    /// Moves the credentials a program reported as rejected to the trash.
    @discardableResult
    func rejectSiteCredentials(_ query: SiteCredentialQuery) throws(ServiceFailure) -> [UUID]
}

/// Settings: the user's equivalent-domain groups.
public protocol EquivalentsService: AnyObject {
    func equivalents() throws(ServiceFailure) -> EquivalentDomains
    /// Declares domains or URLs equivalent (one shared group of their sites).
    func addEquivalents(_ domains: [String]) throws(ServiceFailure) -> EquivalentsChange
    /// Removes the domains from every group; nil removes every group.
    func removeEquivalents(_ domains: [String]?) throws(ServiceFailure) -> EquivalentsChange
    /// Merges groups read from a shared-credentials file (domains as written there).
    func importEquivalents(_ groups: [EquivalentGroup]) throws(ServiceFailure) -> EquivalentsChange
}

/// The master password. Both passwords stay in `SecureBytes`; the holder re-verifies the current one.
public protocol MasterPasswordChanging: AnyObject {
    func changeMasterPassword(current: SecureBytes, new: SecureBytes, kdfMemoryMiB: Int?, kdfPasses: Int?)
        throws(ServiceFailure)
}

/// Bulk plaintext: every item in full, for `sesame export`. The holder re-verifies the master password even
/// while the vault is unlocked.
public protocol VaultExporting: AnyObject {
    /// Every active item, secrets included, in title order, and the KeePass database records, oldest first.
    func export(masterPassword: SecureBytes) throws(ServiceFailure) -> VaultExport
}

/// What `sesame export` writes out.
public struct VaultExport: Sendable, Equatable {
    public var items: [Item]
    public var keePassDatabases: [KeePassDatabaseExtras]
    /// When the deleted items were deleted, for a KeePass export's deletion records.
    public var deletions: [ItemDeletion]

    public init(items: [Item], keePassDatabases: [KeePassDatabaseExtras] = [], deletions: [ItemDeletion] = []) {
        self.items = items
        self.keePassDatabases = keePassDatabases
        self.deletions = deletions
    }
}

/// What `sesame status` and `sesame list` report about the vault itself.
public struct VaultStatus: Codable, Sendable, Equatable {
    public var path: String
    public var items: Int
    public var trashed: Int
    public var kdfMemoryMiB: Int
    public var kdfPasses: Int

    public init(path: String, items: Int, trashed: Int, kdfMemoryMiB: Int, kdfPasses: Int) {
        self.path = path
        self.items = items
        self.trashed = trashed
        self.kdfMemoryMiB = kdfMemoryMiB
        self.kdfPasses = kdfPasses
    }
}
