import Foundation
import SesameSync

// MARK: - Conflicts: items whose concurrent versions both survived, and resolving one by keeping a version

/// One live version of an item in conflict.
public struct SyncVersion: Sendable {
    public let id: OpID
    public let item: Item
    public let state: ItemState
    /// When the version was made, by its device's hybrid clock.
    public let time: Date
}

/// An item with concurrent versions: the first is the one shown, the others are siblings.
public struct SyncConflict: Sendable {
    public let itemID: UUID
    public let versions: [SyncVersion]
}

/// What this copy knows about sync without reading the transport.
public struct SyncLocalStatus: Sendable {
    public let device: UUID
    public let vault: UUID
    /// Ops written here and not yet flushed into a batch.
    public let pendingOps: Int
    /// Own batches flushed so far.
    public let flushedBatches: UInt64
    /// Highest applied sequence number per device (this one included).
    public let applied: [UUID: UInt64]
    public let conflicts: Int
    /// The latest change seen per device, by its hybrid clock.
    public let lastChange: [UUID: Date]
    /// The highest batch of each device that some device said it had applied: beyond `applied`, files exist
    /// that this copy has not received (late, or withheld by the transport).
    public let seenElsewhere: [UUID: UInt64]
    /// The master password was changed on another device and this copy lacks the new key (`adoptSyncPassword`).
    public let newPasswordNeeded: Bool
    /// Applied names at which the last rounds found a different file (equivocation), while it is there.
    public let equivocations: [BatchName]
}

extension Vault {
    public func syncStatus() throws -> SyncLocalStatus {
        try withErrorMapping {
            let identity = try requireSyncIdentity(keys: try requireKeys())
            let applied = try appliedSeqs()
            let pending = try database.statement("SELECT count(*) FROM sync_ops WHERE device = ? AND batch IS NULL")
            defer { pending.reset() }
            try pending.bind(deviceID.bytes, at: 1)
            let pendingCount = try pending.step() ? Int(pending.int64(at: 0)) : 0
            let latest = try database.statement("SELECT device, max(hlc_ms) FROM sync_ops GROUP BY device")
            defer { latest.reset() }
            var lastChange: [UUID: Date] = [:]
            while try latest.step() {
                guard let device = UUID(bytes: latest.blob(at: 0)) else { continue }
                lastChange[device] = Date(timeIntervalSince1970: Double(latest.int64(at: 1)) / 1000)
            }
            return SyncLocalStatus(
                device: deviceID, vault: identity.vault, pendingOps: pendingCount,
                flushedBatches: applied[deviceID] ?? 0, applied: applied,
                conflicts: Int(try database.scalarInt("SELECT count(*) FROM sync_conflicts")), lastChange: lastChange,
                seenElsewhere: try seenElsewhere(), newPasswordNeeded: try needsNewSyncPassword,
                equivocations: try syncEquivocations())
        }
    }

    private func seenElsewhere() throws -> [UUID: UInt64] {
        let statement = try database.statement("SELECT device, seq FROM sync_seen")
        defer { statement.reset() }
        var seen: [UUID: UInt64] = [:]
        while try statement.step() {
            if let device = UUID(bytes: statement.blob(at: 0)) { seen[device] = UInt64(statement.int64(at: 1)) }
        }
        return seen
    }

    /// Every item with live concurrent versions (``SyncMerge/liveVersions(of:in:)``), the shown one first.
    public func syncConflicts() throws -> [SyncConflict] {
        try withSyncTransaction(writing: false) { store in
            let statement = try database.statement("SELECT item FROM sync_conflicts")
            var ids: [UUID] = []
            while try statement.step() { if let id = UUID(bytes: statement.blob(at: 0)) { ids.append(id) } }
            statement.reset()
            return try ids.sorted(by: UUID.bytewiseLess).compactMap { id in
                let versions = try SyncMerge.liveVersions(of: id, in: store).compactMap(Self.version)
                return versions.count > 1 ? SyncConflict(itemID: id, versions: versions) : nil
            }
        }
    }

    /// Ends a conflict by keeping one version: it becomes a new version of this device that supersedes every
    /// live one, so every device shows it once they sync. The others stay in the log as history.
    public func resolveConflict(itemID: UUID, keeping versionID: OpID) throws {
        try withSyncTransaction { store in
            guard let kept = try SyncMerge.liveVersions(of: itemID, in: store).first(where: { $0.id == versionID }),
                let version = Self.version(of: kept)
            else { throw VaultError.itemNotFound(itemID) }
            try recordSyncChange(of: itemID, item: version.item, state: version.state, keys: store.keys)
            // The new op shows the kept content; materialise it like any merged version.
            try database.statement("DELETE FROM sync_shown WHERE item = ?").bind(itemID.bytes, at: 1).run()
            try SyncMerge.materialize(itemID, in: store)
        }
    }

    private static func version(of op: SyncOp) -> SyncVersion? {
        guard case .put(let state, let payload) = op.kind,
            let item = try? payload.withUnsafeBytes({ try ItemPayload.decode($0, id: op.item) })
        else { return nil }
        return SyncVersion(
            id: op.id, item: item, state: state == 1 ? .trashed : .active,
            time: Date(timeIntervalSince1970: Double(op.time.milliseconds) / 1000))
    }
}
