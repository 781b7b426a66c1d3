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
