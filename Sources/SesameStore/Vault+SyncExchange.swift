import Foundation
import SesameCrypto
import SesameSync

// MARK: - Flushing this device's ops into batches, and merging other devices' batches into the view

extension Vault {
    /// Seals this device's pending ops into its next batch (``SyncFlush``), in one transaction that also records
    /// the batch's bytes: if the process dies before the file reaches the transport, the next sync writes the same
    /// bytes. Returns nil when nothing is pending.
    @discardableResult
    public func flushSyncBatch() throws -> BatchName? {
        try withSyncTransaction { try SyncFlush.nextBatch(in: $0) }
    }

    /// Every batch this device has flushed, with its bytes: the transport writes those it does not hold yet.
    public func ownSyncBatches(after seq: UInt64 = 0) throws -> [(name: BatchName, file: [UInt8])] {
        try withErrorMapping {
            let statement = try database.statement(
                "SELECT seq, file FROM sync_batches WHERE device = ? AND seq > ? AND file IS NOT NULL ORDER BY seq")
            defer { statement.reset() }
            try statement.bind(deviceID.bytes, at: 1).bind(Int64(seq), at: 2)
            var files: [(BatchName, [UInt8])] = []
            while try statement.step() {
                files.append((BatchName(device: deviceID, seq: UInt64(statement.int64(at: 0))), statement.blob(at: 1) ?? []))
            }
            return files
        }
    }

    /// The highest sequence number applied per device (this one included), for reading only newer files.
    public func appliedSeqs() throws -> [UUID: UInt64] {
        try withErrorMapping {
            let statement = try database.statement("SELECT device, max(seq) FROM sync_batches GROUP BY device")
            defer { statement.reset() }
            var seqs: [UUID: UInt64] = [:]
            while try statement.step() {
                if let device = UUID(bytes: statement.blob(at: 0)) { seqs[device] = UInt64(statement.int64(at: 1)) }
            }
            return seqs
        }
    }

    /// Merges batch files found in the sync root into the vault (``SyncMerge``), in one transaction. Files may
    /// come in any order, twice, or with gaps.
    ///
    /// - Parameter fingerprints: the transport's fingerprint of each file as it was before it was read; those of
    ///   files found applied (now or before) are recorded in the same transaction (``verifiedBatchFingerprints()``).
    /// - Throws: `SyncError.deviceRestoredFromBackup` when the files hold batches of this device that it does
    ///   not know: call `adoptNewDeviceID()` and sync again.
    public func ingestSyncBatches(
        _ files: [(name: BatchName, file: [UInt8])], fingerprints: [BatchName: [UInt8]] = [:]
    ) throws -> SyncIngestReport {
        try withSyncTransaction { try SyncMerge.ingest(files, fingerprints: fingerprints, into: $0) }
    }

    /// Runs one of the engine's steps on the vault's sync tables inside one SQLite transaction (a read-only one
    /// when `writing` is false), so a crash leaves the vault as it was before the step or after it.
    func withSyncTransaction<T>(writing: Bool = true, _ body: (SQLiteSyncTransaction) throws -> T) throws -> T {
        try withErrorMapping {
            let keys = try requireKeys()
            let step = { try body(SQLiteSyncTransaction(vault: self, keys: keys, identity: try self.requireSyncIdentity(keys: keys))) }
            return try writing ? database.writeTransaction(step) : database.readTransaction(step)
        }
    }

    /// Inside a write transaction: makes the item's row show the winner of its merged ops (``SyncMerge``).
    @discardableResult
    func materialize(_ id: UUID, identity: SyncIdentity, keys: Keys) throws -> Bool {
        try SyncMerge.materialize(id, in: SQLiteSyncTransaction(vault: self, keys: keys, identity: identity))
    }

    /// Makes the item's row show `winner`, a version the engine picked, and records it as shown. Returns false
    /// (the row keeps what it shows) for a version this Sesame cannot read (a newer format).
    func showSyncedVersion(_ winner: SyncOp, of id: UUID, keys: Keys) throws -> Bool {
        let row = try readRow(id: id)
        switch winner.kind {
        case .put(let rawState, let payload):
            let item: Item
            do {
                item = try payload.withUnsafeBytes { try ItemPayload.decode($0, id: id) }
            } catch {
                return false
            }
            let state = ItemState(rawValue: Int64(rawState)) == .trashed ? ItemState.trashed : .active
            let version = Self.newVersion()
            let sealed = try seal(item, version: version, replaces: row?.version, state: state, keys: keys)
            let tags = try indexTags(for: item, keys: keys)
            if let row {
                let old = indexTags(ofRow: row, id: id, keys: keys)
                try writeVersion(id: id, version: version, replacing: row, state: state, payload: sealed, keys: keys)
                try replaceIndex(of: id, from: old, to: tags, keys: keys)
            } else {
                let ref = try insertRow(id: id, version: version, state: state, payload: sealed, keys: keys)
                try replaceIndex(of: id, ref: ref, from: [], to: tags, keys: keys)
            }
            try forgetDeletion(of: id)
        case .delete:
            if let row {
                if row.state != .deleted {
                    let old = indexTags(ofRow: row, id: id, keys: keys)
                    try writeVersion(id: id, version: Self.newVersion(), replacing: row, state: .deleted, payload: nil, keys: keys)
                    try replaceIndex(of: id, from: old, to: [], keys: keys)
                }
            } else {
                try insertRow(id: id, version: Self.newVersion(), state: .deleted, payload: nil, keys: keys)
            }
            try database.statement("DELETE FROM item_usage WHERE item_id = ?").bind(id.bytes, at: 1).run()
            // The deletion happened when the other device made it, not when this one heard of it.
            try recordDeletion(
                of: id, at: Date(timeIntervalSince1970: Double(winner.time.milliseconds) / 1000), keys: keys)
        }
        try markShown(winner.id, item: id)
        return true
    }

    /// Returns the new row's number.
    @discardableResult
    private func insertRow(id: UUID, version: [UInt8], state: ItemState, payload: [UInt8]?, keys: Keys) throws -> Int64 {
        try database.statement("""
            INSERT INTO items (id, version, replaces, state, payload) VALUES (?, ?, NULL, ?, ?)
            """)
            .bind(id.bytes, at: 1).bind(version, at: 2).bind(state.rawValue, at: 3).bind(payload, at: 4).run()
        let ref = database.lastInsertedRowID
        try adjustDigest(Self.rowDigestName, removing: [], adding: [
            Self.rowMAC(id: id.bytes, version: version, state: state.rawValue, key: keys.digest)])
        return ref
    }
}
