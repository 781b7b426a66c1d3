import Foundation
import SesameDomains
import SesameStore

/// Keeps an `IdentityStore` equal to the vault: after every add, import, edit, trash, restore, delete and fill,
/// the store holds exactly the identities a full rebuild would give, and no stale one.
///
/// It remembers what it last wrote, per item (an ``IdentitySnapshot``). A change then costs one item: its
/// identities are rebuilt and compared with the previous ones, and only the difference is sent, as removals and
/// saves where the store supports incremental updates, or as one full replace (built from the snapshot, without
/// reading the vault again) where it does not. Without a snapshot (a new process, or after a failed write, when
/// the store's content is unknown) the next sync is a full replace. Configuration always replaces.
///
/// ```swift
/// let sync = IdentitySync(store: store)
/// service.onChange = { sync.note($0) }          // hears about every change the service makes
/// try service.add(item)
/// try await sync.flush(vault: service.vault)    // pushes the new item's identities
/// ```
///
/// Syncs run one at a time, in call order, even when an actor's other work interleaves with their awaits; a
/// change noted during a sync is pushed by the next one. Not `Sendable`: one owner (the provider actor, the app's
/// main actor) uses it; its async methods run on the caller's actor.
public final class IdentitySync {
    public let store: any IdentityStore
    /// What the store holds as far as this instance knows; nil when unknown.
    public private(set) var snapshot: IdentitySnapshot?
    /// False in a process with a tight memory budget (the AutoFill extension): a full sync then builds the one
    /// array the replace sends, item by item, and keeps no per-item snapshot (at 100,000 items the snapshot alone
    /// is about 48 MiB). Every later content sync of that process replaces again, which it rarely needs.
    public var keepsSnapshot = true
    private var pendingItems: Set<UUID> = []
    private var pendingUsage: Set<UUID> = []
    private var isSyncing = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(store: any IdentityStore) {
        self.store = store
    }

    /// Remembers a change until the next ``flush(vault:)``; `LocalVaultService.onChange` calls this.
    public func note(_ change: VaultChange) {
        switch change {
        case .items(let ids): pendingItems.formUnion(ids)
        case .usage(let id): pendingUsage.insert(id)
        }
    }

    public var hasPendingChanges: Bool { !pendingItems.isEmpty || !pendingUsage.isEmpty }

    // MARK: - Syncing

    /// Rebuilds every identity from the vault and brings the store to it: one full replace when `replacing`
    /// (configuration), when the store has no incremental updates or when nothing is known of its content;
    /// otherwise only the difference from the snapshot (a reconcile, for example when the app starts).
    @discardableResult
    public nonisolated(nonsending) func synchronizeAll(vault: Vault, replacing: Bool = false) async throws
        -> IdentitySyncReport
    {
        await acquire()
        defer { release() }
        return try await fullSync(vault: vault, replacing: replacing, state: store.state())
    }

    /// Pushes the changes noted since the last sync: the changed items' identities only.
    @discardableResult
    public nonisolated(nonsending) func flush(vault: Vault) async throws -> IdentitySyncReport {
        await acquire()
        defer { release() }
        guard hasPendingChanges else { return IdentitySyncReport(.unchanged, total: snapshot?.count) }
        let state = await store.state()
        guard state.isEnabled else { return storeDisabled() }
        guard var current = snapshot else {
            if pendingItems.isEmpty { return try await saveUsageWithoutSnapshot(vault: vault, state: state) }
            return try await fullSync(vault: vault, replacing: true, state: state)
        }
        let items = pendingItems, used = pendingUsage
        pendingItems.removeAll()
        pendingUsage.removeAll()
        var rebuilt: [(id: UUID, identities: [CredentialIdentity])] = []
        do {
            let ids = items.union(used)
            let suffixes = vault.publicSuffixList
            let usage = try vault.usage(ofItemsWithIDs: ids)
            for id in ids {
                rebuilt.append((id, try Self.identities(ofItemWithID: id, in: vault, usage: usage[id], suffixes: suffixes)))
            }
        } catch {
            // The vault could not be read (locked, busy): nothing was sent, try again next time.
            pendingItems.formUnion(items)
            pendingUsage.formUnion(used)
            throw error
        }
        // With `current` the only reference, the snapshot is changed in place: a copy of 100,000 items' worth
        // would cost more than the rest of the sync.
        snapshot = nil
        var changes = IdentityChanges()
        for (id, identities) in rebuilt { changes.formUnion(current.setIdentities(identities, ofItem: id)) }
        return try await push(changes, reaching: current, state: state)
    }

    /// Removes an identity the system handed back for an item that no longer exists, with every other identity
    /// known for that record. Needs no vault when the store takes removals; without incremental updates and
    /// without a snapshot the full set must be rebuilt from `vault` (nothing happens when it is nil).
    @discardableResult
    public nonisolated(nonsending) func removeStale(_ identity: CredentialIdentity, vault: Vault?) async throws
        -> IdentitySyncReport
    {
        await acquire()
        defer { release() }
        let state = await store.state()
        guard state.isEnabled else { return storeDisabled() }
        if var current = snapshot {
            snapshot = nil  // changed in place, not copied
            var changes = IdentityChanges()
            if let id = identity.itemID {
                changes = current.setIdentities([], ofItem: id)
                pendingItems.remove(id)
                pendingUsage.remove(id)
            }
            if !changes.removals.contains(where: { $0.hasSameKey(as: identity) }) { changes.removals.append(identity) }
            return try await push(changes, reaching: current, state: state)
        }
        if state.supportsIncrementalUpdates {
            try await store.removeIdentities([identity])
            return IdentitySyncReport(.incremental, removed: 1)
        }
        guard let vault else { return IdentitySyncReport(.deferred) }
        return try await fullSync(vault: vault, replacing: true, state: state)
    }

    // MARK: - Steps

    private nonisolated(nonsending) func fullSync(vault: Vault, replacing: Bool, state: IdentityStoreState) async throws
        -> IdentitySyncReport
    {
        guard state.isEnabled else { return storeDisabled() }
        // Everything noted so far is in what we read now; what is noted during the write below is not.
        let items = pendingItems, used = pendingUsage
        pendingItems.removeAll()
        pendingUsage.removeAll()
        guard keepsSnapshot else {
            let identities: [CredentialIdentity]
            do {
                identities = try Self.buildForReplace(from: vault)
            } catch {
                pendingItems.formUnion(items)
                pendingUsage.formUnion(used)
                throw error
            }
            snapshot = nil
            try await store.replaceIdentities(with: identities)
            return IdentitySyncReport(.replaced, saved: identities.count, total: identities.count)
        }
        let built: IdentitySnapshot
        do {
            built = try Self.build(from: vault)
        } catch {
            pendingItems.formUnion(items)
            pendingUsage.formUnion(used)
            throw error
        }
        if !replacing, let old = snapshot {
            // Nothing to write when nothing changed, whatever the store supports.
            return try await push(old.changes(to: built), reaching: built, state: state)
        }
        snapshot = nil
        try await store.replaceIdentities(with: built.allIdentities)
        snapshot = built
        return IdentitySyncReport(.replaced, saved: built.count, total: built.count)
    }

    /// Sends `changes` and, once the store has taken them, records `target` as its content. While the write is
    /// in flight, and for good if it fails, the content is unknown, so the next sync replaces everything.
    private nonisolated(nonsending) func push(_ changes: IdentityChanges, reaching target: IdentitySnapshot,
                                               state: IdentityStoreState) async throws -> IdentitySyncReport
    {
        guard !changes.isEmpty else {
            snapshot = target
            return IdentitySyncReport(.unchanged, total: target.count)
        }
        snapshot = nil
        if state.supportsIncrementalUpdates {
            if !changes.removals.isEmpty { try await store.removeIdentities(changes.removals) }
            if !changes.saves.isEmpty { try await store.saveIdentities(changes.saves) }
            snapshot = target
            return IdentitySyncReport(
                .incremental, saved: changes.saves.count, removed: changes.removals.count, total: target.count)
        }
        try await store.replaceIdentities(with: target.allIdentities)
        snapshot = target
        return IdentitySyncReport(.replaced, saved: target.count, total: target.count)
    }

    /// A fill changed only ranks, and nothing is known of the store (the extension's fresh process): overwrite
    /// the filled items' identities where the store takes partial saves. A store that needs the full set waits
    /// for the next full sync rather than making a fill decrypt the whole vault.
    private nonisolated(nonsending) func saveUsageWithoutSnapshot(vault: Vault, state: IdentityStoreState) async throws
        -> IdentitySyncReport
    {
        let used = pendingUsage
        pendingUsage.removeAll()
        guard state.supportsIncrementalUpdates else { return IdentitySyncReport(.deferred) }
        var saves: [CredentialIdentity] = []
        do {
            let suffixes = vault.publicSuffixList
            let usage = try vault.usage(ofItemsWithIDs: used)
            for id in used {
                saves += try Self.identities(ofItemWithID: id, in: vault, usage: usage[id], suffixes: suffixes)
            }
        } catch {
            pendingUsage.formUnion(used)
            throw error
        }
        guard !saves.isEmpty else { return IdentitySyncReport(.unchanged) }
        try await store.saveIdentities(saves)
        return IdentitySyncReport(.incremental, saved: saves.count)
    }

    /// The system cleared the store when the extension was disabled: nothing to write, and the next sync after
    /// it is enabled again (configuration) starts from scratch.
    private func storeDisabled() -> IdentitySyncReport {
        snapshot = nil
        pendingItems.removeAll()
        pendingUsage.removeAll()
        return IdentitySyncReport(.storeDisabled)
    }

    // MARK: - Reading the vault

    /// Every identity the vault's active items give: what the store must hold.
    public static func build(from vault: Vault) throws -> IdentitySnapshot {
        // Items are decoded one at a time, only what identities need of them (`ItemLogin`), and dropped once
        // their identities are built, so a full sync holds the identities, never the whole decrypted vault: at
        // 100,000 items that is what keeps a configuration inside the AutoFill extension's memory budget.
        var snapshot = IdentitySnapshot()
        let suffixes = vault.publicSuffixList
        try vault.forEachLogin(in: [.active]) { item in
            snapshot.insert(CredentialIdentity.identities(for: item, usage: nil, suffixes: suffixes), ofItem: item.id)
        }
        // Ranks come from usage, read in one scan of its table once the items are known.
        for (id, usage) in try vault.usage(ofItemsWithIDs: snapshot.itemIDs) {
            snapshot.setRank(CredentialIdentity.rank(for: usage), ofItem: id)
        }
        return snapshot
    }

    /// Every identity of the vault as one array, built while the items are read one at a time: what a full
    /// replace sends, without the per-item snapshot. Usage (a record per item ever filled) is read first, so each
    /// identity is built with its rank instead of the item of every identity being kept to set ranks afterwards.
    static func buildForReplace(from vault: Vault) throws -> [CredentialIdentity] {
        let usage = try vault.usageOfEveryItem()
        var identities: [CredentialIdentity] = []
        let suffixes = vault.publicSuffixList
        try vault.forEachLogin(in: [.active]) { item in
            identities.append(contentsOf: CredentialIdentity.identities(for: item, usage: usage[item.id], suffixes: suffixes))
        }
        return identities
    }

    /// The identities one item gives now: none when it is trashed, deleted, missing or unreadable.
    static func identities(ofItemWithID id: UUID, in vault: Vault, usage: ItemUsage?, suffixes: PublicSuffixList)
        throws -> [CredentialIdentity]
    {
        let found: (item: Item, state: ItemState)
        do {
            found = try vault.item(withID: id)
        } catch let error as VaultError {
            switch error {
            case .itemNotFound, .itemDamaged, .itemFromNewerVersion: return []
            default: throw error
            }
        }
        guard found.state == .active else { return [] }
        return CredentialIdentity.identities(for: found.item, usage: usage, suffixes: suffixes)
    }

    // MARK: - One sync at a time

    private nonisolated(nonsending) func acquire() async {
        guard isSyncing else {
            isSyncing = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the turn to the next waiting sync, in call order.
    private func release() {
        if waiting.isEmpty { isSyncing = false } else { waiting.removeFirst().resume() }
    }
}

@available(*, unavailable)
extension IdentitySync: Sendable {}

/// What one sync did.
public struct IdentitySyncReport: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The store already held the right identities; nothing was written.
        case unchanged
        /// Removals and saves of the changed identities only.
        case incremental
        /// Everything replaced in one write.
        case replaced
        /// The extension is disabled: the system cleared the store, nothing was written.
        case storeDisabled
        /// Nothing written now; the next full sync catches up.
        case deferred
    }

    public var kind: Kind
    public var saved: Int
    public var removed: Int
    /// Identities in the store afterwards, when known.
    public var total: Int?

    public init(_ kind: Kind, saved: Int = 0, removed: Int = 0, total: Int? = nil) {
        self.kind = kind
        self.saved = saved
        self.removed = removed
        self.total = total
    }
}
