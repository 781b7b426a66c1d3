import Foundation
import SesameDomains
import SesameStore

/// The identities of a vault, per item: what `IdentitySync` last wrote to the store, and what a rebuild gives.
///
/// Keeping them per item is what makes an incremental sync cost one item: after an edit, only that item's
/// identities are rebuilt and compared with its previous ones.
public struct IdentitySnapshot: Sendable, Equatable {
    public private(set) var identitiesByItem: [UUID: [CredentialIdentity]]
    /// The number of identities, kept up to date so reporting it costs nothing.
    public private(set) var count: Int

    public init() {
        identitiesByItem = [:]
        count = 0
    }

    /// The identities of `items` (active ones: the caller filters), with ranks from `usage`.
    public init(items: [Item], usage: [UUID: ItemUsage], suffixes: PublicSuffixList) {
        var byItem: [UUID: [CredentialIdentity]] = [:]
        byItem.reserveCapacity(items.count)
        var count = 0
        for item in items {
            let identities = CredentialIdentity.identities(for: item, usage: usage[item.id], suffixes: suffixes)
            guard !identities.isEmpty else { continue }
            byItem[item.id] = identities
            count += identities.count
        }
        identitiesByItem = byItem
        self.count = count
    }

    /// Adds the identities of an item not in the snapshot yet, without computing changes: how a full sync builds
    /// a snapshot while it reads the items one at a time.
    mutating func insert(_ identities: [CredentialIdentity], ofItem id: UUID) {
        guard !identities.isEmpty else { return }
        identitiesByItem[id] = identities
        count += identities.count
    }

    /// Sets the rank of every identity of an item.
    mutating func setRank(_ rank: Int, ofItem id: UUID) {
        guard var identities = identitiesByItem[id] else { return }
        for index in identities.indices { identities[index].rank = rank }
        identitiesByItem[id] = identities
    }

    /// The items that have identities.
    var itemIDs: Dictionary<UUID, [CredentialIdentity]>.Keys { identitiesByItem.keys }

    /// Every identity, in no particular order: what a full replace sends.
    public var allIdentities: [CredentialIdentity] {
        var all: [CredentialIdentity] = []
        all.reserveCapacity(count)
        for identities in identitiesByItem.values { all.append(contentsOf: identities) }
        return all
    }

    public func identities(ofItem id: UUID) -> [CredentialIdentity] {
        identitiesByItem[id] ?? []
    }

    /// Replaces one item's identities (none: the item is gone or offers nothing) and returns what the store must
    /// be told.
    @discardableResult
    public mutating func setIdentities(_ identities: [CredentialIdentity], ofItem id: UUID) -> IdentityChanges {
        let old = identitiesByItem[id] ?? []
        var changes = IdentityChanges()
        guard old != identities else { return changes }
        changes.add(from: old, to: identities)
        identitiesByItem[id] = identities.isEmpty ? nil : identities
        count += identities.count - old.count
        return changes
    }

    /// What turns a store holding this snapshot into one holding `target`.
    public func changes(to target: IdentitySnapshot) -> IdentityChanges {
        var changes = IdentityChanges()
        for (id, new) in target.identitiesByItem {
            let old = identitiesByItem[id] ?? []
            if old != new { changes.add(from: old, to: new) }
        }
        for (id, old) in identitiesByItem where target.identitiesByItem[id] == nil {
            changes.removals.append(contentsOf: old)
        }
        return changes
    }
}

/// Removals and saves that bring a store from one set of identities to another.
public struct IdentityChanges: Sendable, Equatable {
    /// Identities whose key is no longer wanted (item gone, URL or user name edited away).
    public var removals: [CredentialIdentity] = []
    /// New identities and identities whose rank changed (a save overwrites the rank).
    public var saves: [CredentialIdentity] = []

    public init(removals: [CredentialIdentity] = [], saves: [CredentialIdentity] = []) {
        self.removals = removals
        self.saves = saves
    }

    public var isEmpty: Bool { removals.isEmpty && saves.isEmpty }

    /// One item's lists are short (one identity per site), so linear searches beat building sets.
    mutating func add(from old: [CredentialIdentity], to new: [CredentialIdentity]) {
        for identity in old where !new.contains(where: { $0.hasSameKey(as: identity) }) {
            removals.append(identity)
        }
        for identity in new where !old.contains(identity) {
            saves.append(identity)
        }
    }

    mutating func formUnion(_ other: IdentityChanges) {
        removals.append(contentsOf: other.removals)
        saves.append(contentsOf: other.saves)
    }
}
