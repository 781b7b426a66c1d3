import Foundation
import SesameStore

/// Everything a shell can ask of an unlocked vault. The CLI sends these to a `LocalVaultService` in-process, or to
/// the agent, which holds the vault key and answers the same requests; either way the core does the work.
public enum VaultRequest: Codable, Sendable {
    case status
    case list(ItemState)
    case resolve(String, states: Set<ItemState>)
    case add(Item)
    /// Several new items in one transaction, all or none (an import).
    case importItems([Item])
    case update(UUID, ItemChange)
    case delete(UUID)
    case setState(UUID, ItemState)
    /// Both passwords are checked and used by whoever holds the vault: the agent re-verifies the current one.
    case changeMasterPassword(current: String, new: String, kdfMemoryMiB: Int?, kdfPasses: Int?)
    /// The list request: ranked matches for a form's service identifiers, most specific first.
    case match([ServiceIdentifier])
    /// The best match's credential (or the named user's), recording its use.
    case fill([ServiceIdentifier], username: String?)
    /// The credential behind a record identifier the system handed back, recording its use.
    case credential(UUID)
    /// Credentials stored for a protocol, host and port (git, Secret Service), best first; records the use of the first.
    case lookupSiteCredentials(SiteCredentialQuery)
    /// Keeps a credential a program approved: updates the item for the same location and user, or adds one.
    case saveSiteCredential(SiteCredential)
    /// Moves the credentials a program reported as rejected to the trash.
    case rejectSiteCredentials(SiteCredentialQuery)
    /// The user's equivalent-domain groups.
    case equivalents
    /// Declares domains or URLs equivalent (one shared group of their sites); answers what changed.
    case addEquivalents([String])
    /// Removes domains from every group, or every group when nil; answers what changed.
    case removeEquivalents([String]?)
    /// Merges groups read from a shared-credentials file (domains as written there); answers what changed.
    case importEquivalents([EquivalentGroup])
}

extension VaultRequest: CustomStringConvertible {
    /// The kind of request only: requests can carry passwords.
    public var description: String {
        switch self {
        case .status: "status"
        case .list: "list"
        case .resolve: "resolve"
        case .add: "add"
        case .importItems: "importItems"
        case .update: "update"
        case .delete: "delete"
        case .setState: "setState"
        case .changeMasterPassword: "changeMasterPassword"
        case .match: "match"
        case .fill: "fill"
        case .credential: "credential"
        case .lookupSiteCredentials: "lookupSiteCredentials"
        case .saveSiteCredential: "saveSiteCredential"
        case .rejectSiteCredentials: "rejectSiteCredentials"
        case .equivalents: "equivalents"
        case .addEquivalents: "addEquivalents"
        case .removeEquivalents: "removeEquivalents"
        case .importEquivalents: "importEquivalents"
        }
    }
}

/// The answer to a `VaultRequest`.
public enum VaultResponse: Codable, Sendable {
    case done
    case status(VaultStatus)
    case summaries([ItemSummary], damaged: [String])
    case item(Item)
    case matches([CredentialMatch])
    case credential(Credential)
    case siteCredentials([SiteCredentialMatch])
    case ids([UUID])
    case equivalents(EquivalentDomains)
    case equivalentsChanged(EquivalentsChange)
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
