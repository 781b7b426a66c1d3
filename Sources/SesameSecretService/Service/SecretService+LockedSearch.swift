import Foundation
import SesameAutoFill

// MARK: - Searching a locked vault (see LockedSearches)

extension SecretService {
    /// What a search of the locked vault answers: one stand-in in `locked` (none for attributes too large to keep).
    func lockedSearchPaths(_ attributes: [String: String], owner: String) -> [String] {
        guard let id = lockedSearches.id(for: attributes, owner: owner) else { return [] }
        return [SecretObject.lockedSearch(id).path]
    }

    /// The id of the vault item a stand-in serves as.
    ///
    /// - Throws: `IsLocked` while the vault is locked; `NoSuchObject` for an unknown stand-in, or when its search
    ///   finds nothing once unlocked (or its item has gone since).
    func resolveLockedSearch(_ id: String) throws(BusError) -> String {
        let path = SecretObject.lockedSearch(id).path
        guard let search = lockedSearches[id] else { throw .noSuchObject(path) }
        guard !isVaultLocked else { throw .isLocked }
        if let resolved = search.resolved {
            guard try vaultItem(resolved) != nil else { throw .noSuchObject(path) }
            return SecretObject.itemID(resolved)
        }
        let found = try withVault { vault throws(ServiceFailure) in try vault.searchAttributes(search.attributes) }
        guard let first = found.first else { throw .noSuchObject(path) }
        lockedSearches.resolve(id, to: first.id)
        return SecretObject.itemID(first.id)
    }
}
