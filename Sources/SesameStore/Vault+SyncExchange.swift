import Foundation
import SesameCrypto
import SesameSync

// MARK: - Flushing this device's ops into batches, and merging other devices' batches into the view

extension Vault {
    /// Seals this device's pending ops into its next batch, in one transaction that also records the batch's
    /// bytes: if the process dies before the file reaches the transport, the next sync writes the same bytes.
    /// A batch takes ops up to ``SyncBudget/batchOpsTarget`` (at least one), so no device ever refuses it as too
    /// large; the rest stay pending for the next call. Returns nil when nothing is pending.
    @discardableResult
    public func flushSyncBatch() throws -> BatchName? {
        try withErrorMapping {
            let keys = try requireKeys()
            return try database.writeTransaction {
                let identity = try requireSyncIdentity(keys: keys)
                // Behind a newer key epoch: sealing under a retired one would show the change to whoever holds the
                // old password. The ops wait, unflushed, for `adoptSyncPassword`.
                guard try !isBehindSyncEpoch(identity: identity, keys: keys) else { return nil }
                let ops = Self.batchPrefix(of: try pendingOps(identity: identity))
                let ledger = SQLiteBatchLedger(vault: self)
                let current = identity.keyring.current
                // After taking in a newer key, one batch under it (empty if need be) vouches for this device's
                // batches under the retired one, which devices that moved hold until then.
                let vouches = try ledger.appliedSeq(of: deviceID) > 0 && ledger.appliedEpoch(of: deviceID) < current.epoch
                guard !ops.isEmpty || vouches else { return nil }
                let seq = try ledger.appliedSeq(of: deviceID) + 1
                let previous = seq == 1 ? Batch.noPreviousHash : try ledger.appliedHash(of: deviceID, seq: seq - 1) ?? []
                var seen = try appliedSeqs()
                seen[deviceID] = nil
                let file = Batch(device: deviceID, seq: seq, previousHash: previous, seen: seen, ops: ops)
                    .sealed(vault: identity.vault, key: current.keys.batch, epoch: current.epoch)
                try recordAppliedBatch(
                    device: deviceID, seq: seq, hash: Batch.hash(ofFile: file),
                    lastCounter: try ops.last?.id.counter ?? ledger.lastCounter(of: deviceID), epoch: current.epoch,
                    file: file)
                if let last = ops.last {
                    try database.statement(
                        "UPDATE sync_ops SET batch = ? WHERE device = ? AND batch IS NULL AND counter <= ?")
                        .bind(Int64(seq), at: 1).bind(deviceID.bytes, at: 2)
                        .bind(Int64(bitPattern: last.id.counter), at: 3).run()
                }
                return BatchName(device: deviceID, seq: seq)
            }
        }
    }

    /// The first pending ops whose encoding stays within ``SyncBudget/batchOpsTarget`` (at least one).
    static func batchPrefix(of ops: [SyncOp]) -> [SyncOp] {
        var total = 0
        var count = 0
        for op in ops {
            total += Batch.encodedByteCount(of: op)
            guard count == 0 || total <= SyncBudget.batchOpsTarget else { break }
            count += 1
        }
        return Array(ops.prefix(count))
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

    /// Merges batch files found in the sync root into the vault, in one transaction: every applicable batch
    /// (the next of its device, authenticated, chained) has its ops stored, and every item they touch is
    /// re-materialised from its merged ops. Files may come in any order, twice, or with gaps.
    ///
    /// - Parameter fingerprints: the transport's fingerprint of each file as it was before it was read; those of
    ///   files found applied (now or before) are recorded in the same transaction (``verifiedBatchFingerprints()``).
    /// - Throws: `SyncError.deviceRestoredFromBackup` when the files hold batches of this device that it does
    ///   not know: call `adoptNewDeviceID()` and sync again.
    public func ingestSyncBatches(
        _ files: [(name: BatchName, file: [UInt8])], fingerprints: [BatchName: [UInt8]] = [:]
    ) throws -> SyncIngestReport {
        try withErrorMapping {
            let keys = try requireKeys()
            return try database.writeTransaction {
                let identity = try requireSyncIdentity(keys: keys)
                let ledger = SQLiteBatchLedger(vault: self)
                var report = SyncIngestReport()
                var touched: Set<UUID> = []
                var observed = try syncObserved()
                let ownSeq = try ledger.appliedSeq(of: deviceID)
                if files.contains(where: { $0.name.device == deviceID && $0.name.seq > ownSeq }) {
                    throw SyncError.deviceRestoredFromBackup
                }
                // This device's own files (all applied, so only compared with what it wrote) are judged too: a
                // different one is equivocation, someone else holding the key wrote as this device.
                var waiting: [BatchName] = []
                for series in Dictionary(grouping: files, by: \.name.device).values {
                    let verdicts = try BatchIngest.examineSeries(
                        series, vault: identity.vault, keyring: identity.keyring, ledger: ledger)
                    for (name, verdict) in verdicts {
                        switch verdict {
                        case .apply(let batch, let hash, let epoch):
                            for op in batch.ops {
                                try insertSyncOp(op, batch: batch.seq, identity: identity)
                                touched.insert(op.item)
                                observed = max(observed, op.time)
                            }
                            try recordAppliedBatch(
                                device: batch.device, seq: batch.seq, hash: hash,
                                lastCounter: try batch.ops.last?.id.counter ?? ledger.lastCounter(of: batch.device),
                                epoch: epoch)
                            for (other, seq) in batch.seen {
                                try database.statement("""
                                    INSERT INTO sync_seen (device, seq) VALUES (?, ?)
                                    ON CONFLICT (device) DO UPDATE SET seq = max(seq, excluded.seq)
                                    """)
                                    .bind(other.bytes, at: 1).bind(Int64(seq), at: 2).run()
                            }
                            report.appliedBatches += 1
                            report.appliedOps += batch.ops.count
                            report.applied.append(name)
                        case .alreadyApplied:
                            report.unchanged.append(name)
                            try database.statement("DELETE FROM sync_equivocations WHERE device = ? AND seq = ?")
                                .bind(name.device.bytes, at: 1).bind(Int64(name.seq), at: 2).run()
                        case .waiting:
                            waiting.append(name)
                        case .missingKey:
                            waiting.append(name)
                            report.sealedUnderMissingKey.append(name)
                        case .heldUnderRetiredKey:
                            waiting.append(name)
                            report.heldUnderRetiredKey.append(name)
                        case .rejected(let error):
                            report.rejected.append(SyncIngestReport.Rejection(name: name, reason: error))
                            if case .equivocation = error {
                                try database.statement(
                                    "INSERT OR IGNORE INTO sync_equivocations (device, seq) VALUES (?, ?)")
                                    .bind(name.device.bytes, at: 1).bind(Int64(name.seq), at: 2).run()
                            }
                        }
                    }
                }
                report.waiting = waiting.sorted()
                let found = Set(report.applied + report.unchanged)
                try recordVerifiedBatches(fingerprints.filter { name, _ in found.contains(name) })
                try setMeta("sync_observed", "\(observed.milliseconds).\(observed.counter)")
                for item in touched where try materialize(item, identity: identity, keys: keys) {
                    report.changedItems += 1
                }
                return report
            }
        }
    }

    /// Makes the item's row show the winner of its merged ops, and records whether it has a conflict. Returns
    /// whether the row changed.
    @discardableResult
    func materialize(_ id: UUID, identity: SyncIdentity, keys: Keys) throws -> Bool {
        let resolution = try syncResolution(ofItem: id, identity: identity)
        if let winner = resolution.winner, let changed = try materializeSetting(id, winner: winner) {
            // A synced setting: its live versions are merged by whoever reads it, never a conflict to resolve.
            return changed
        }
        if resolution.hasConflict {
            try database.statement("INSERT OR IGNORE INTO sync_conflicts (item) VALUES (?)").bind(id.bytes, at: 1).run()
        } else {
            try database.statement("DELETE FROM sync_conflicts WHERE item = ?").bind(id.bytes, at: 1).run()
        }
        guard let winner = resolution.winner, try shownOp(of: id) != winner.id else { return false }
        let row = try readRow(id: id)
        switch winner.kind {
        case .put(let rawState, let payload):
            let item: Item
            do {
                item = try payload.withUnsafeBytes { try ItemPayload.decode($0, id: id) }
            } catch {
                // An authenticated version this Sesame cannot read (a newer format): the row keeps what it shows.
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

    func recordAppliedBatch(
        device: UUID, seq: UInt64, hash: [UInt8], lastCounter: UInt64, epoch: UInt32 = 0, file: [UInt8]? = nil
    ) throws {
        try database.statement("INSERT INTO sync_batches (device, seq, hash, last_counter, file) VALUES (?, ?, ?, ?, ?)")
            .bind(device.bytes, at: 1).bind(Int64(seq), at: 2).bind(hash, at: 3)
            .bind(Int64(bitPattern: lastCounter), at: 4).bind(file, at: 5).run()
        guard epoch > 0 else { return }
        try database.statement("""
            INSERT INTO sync_epochs (device, epoch) VALUES (?, ?)
            ON CONFLICT (device) DO UPDATE SET epoch = max(epoch, excluded.epoch)
            """)
            .bind(device.bytes, at: 1).bind(Int64(epoch), at: 2).run()
    }

    private func shownOp(of id: UUID) throws -> OpID? {
        let statement = try database.statement("SELECT device, counter FROM sync_shown WHERE item = ?")
        defer { statement.reset() }
        try statement.bind(id.bytes, at: 1)
        guard try statement.step(), let device = UUID(bytes: statement.blob(at: 0)) else { return nil }
        return OpID(device: device, counter: UInt64(bitPattern: statement.int64(at: 1)))
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

/// `BatchIngest`'s view of what this vault has applied, read from `sync_batches` and `sync_ops`.
struct SQLiteBatchLedger: BatchLedger {
    let vault: Vault

    func appliedSeq(of device: UUID) throws -> UInt64 {
        let statement = try vault.database.statement("SELECT max(seq) FROM sync_batches WHERE device = ?")
        defer { statement.reset() }
        try statement.bind(device.bytes, at: 1)
        return try statement.step() ? UInt64(statement.int64(at: 0)) : 0
    }

    func appliedHash(of device: UUID, seq: UInt64) throws -> [UInt8]? {
        let statement = try vault.database.statement("SELECT hash FROM sync_batches WHERE device = ? AND seq = ?")
        defer { statement.reset() }
        try statement.bind(device.bytes, at: 1).bind(Int64(seq), at: 2)
        return try statement.step() ? statement.blob(at: 0) : nil
    }

    func appliedEpoch(of device: UUID) throws -> UInt32 {
        let statement = try vault.database.statement("SELECT epoch FROM sync_epochs WHERE device = ?")
        defer { statement.reset() }
        try statement.bind(device.bytes, at: 1)
        return try statement.step() ? UInt32(truncatingIfNeeded: statement.int64(at: 0)) : 0
    }

    func lastCounter(of device: UUID) throws -> UInt64 {
        let statement = try vault.database.statement(
            "SELECT last_counter FROM sync_batches WHERE device = ? ORDER BY seq DESC LIMIT 1")
        defer { statement.reset() }
        try statement.bind(device.bytes, at: 1)
        return try statement.step() ? UInt64(bitPattern: statement.int64(at: 0)) : 0
    }
}
