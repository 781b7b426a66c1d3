import Foundation
import SesameStore

/// What a served request changed, as `LocalVaultService.onChange` reports it: the identities of these items
/// must be rebuilt.
public enum VaultChange: Sendable, Equatable {
    /// Items added, imported, edited, trashed, restored or deleted.
    case items(Set<UUID>)
    /// An item was filled: its content is the same, its use (and so its rank) changed.
    case usage(UUID)

    /// The change a successful request made, or nil for one that changed nothing.
    ///
    /// The switch names every request on purpose: a new request must decide here whether it changes items, or
    /// the identity store would silently fall behind the vault.
    public init?(request: VaultRequest, response: VaultResponse) {
        switch request {
        case .add(let item):
            guard case .item(let added) = response else { self = .items([item.id]); return }
            self = .items([added.id])
        case .importItems(let items):
            self = .items(Set(items.map(\.id)))
        case .update(let id, _), .delete(let id), .setState(let id, _):
            self = .items([id])
        case .credential(let id):
            self = .usage(id)
        case .fill:
            guard case .credential(let credential) = response else { return nil }
            self = .usage(credential.id)
        case .lookupSiteCredentials:
            guard case .siteCredentials(let matches) = response, let first = matches.first else { return nil }
            self = .usage(first.credential.id)
        case .saveSiteCredential:
            guard case .item(let saved) = response else { return nil }
            self = .items([saved.id])
        case .rejectSiteCredentials:
            guard case .ids(let ids) = response, !ids.isEmpty else { return nil }
            self = .items(Set(ids))
        case .status, .list, .resolve, .changeMasterPassword, .match:
            return nil
        case .equivalents, .addEquivalents, .removeEquivalents, .importEquivalents:
            return nil  // identities never depend on equivalent-domain groups
        }
    }
}

extension VaultService {
    /// Adds several items in one transaction: all are stored, or none.
    public func importItems(_ items: [Item]) throws(ServiceFailure) {
        _ = try perform(.importItems(items))
    }
}
