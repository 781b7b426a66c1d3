import Foundation
import SesameSync

// MARK: - Snapshots, and starting a new copy from a snapshot (acknowledgements are SesameSync's `SyncStore`'s)

extension Vault {
    /// A snapshot of every item's heads and of every series' progress, named after this device's latest batch;
    /// nil before its first batch.
    public func makeSyncSnapshot() throws -> (path: String, file: [UInt8], seq: UInt64, epoch: UInt32)? {
        try withErrorMapping {
            let keys = try requireKeys()
            return try database.readTransaction {
                let identity = try requireSyncIdentity(keys: keys)
                // Behind a newer key epoch, a snapshot sealed under a retired one would be readable with the old
                // password.
                guard try !isBehindSyncEpoch(identity: identity, keys: keys) else { return nil }
                let ledger = SQLiteBatchLedger(vault: self)
                let seqs = try appliedSeqs()
                guard let own = seqs[deviceID], own > 0 else { return nil }
                var progress: [UUID: Snapshot.Progress] = [:]
                for (device, seq) in seqs {
                    progress[device] = Snapshot.Progress(
                        seq: seq, hash: try ledger.appliedHash(of: device, seq: seq) ?? [],
                        lastCounter: try ledger.lastCounter(of: device))
                }
                let statement = try database.statement("""
                    SELECT device, counter, kind, state, parents, hlc_ms, hlc_counter, sealed, item FROM sync_ops
                    WHERE batch IS NOT NULL
                    """)
                defer { statement.reset() }
                var ops: [SyncOp] = []
                while try statement.step() {
                    guard let item = UUID(bytes: statement.blob(at: 8)) else { continue }
                    ops.append(try syncOp(statement, item: item, identity: identity))
                }
                var known: [UUID: Set<OpID>] = [:]
                let references = try database.statement("SELECT item, device, counter FROM sync_superseded")
                defer { references.reset() }
                while try references.step() {
                    guard let item = UUID(bytes: references.blob(at: 0)), let device = UUID(bytes: references.blob(at: 1))
                    else { continue }
                    known[item, default: []].insert(OpID(device: device, counter: UInt64(bitPattern: references.int64(at: 2))))
                }
                let compacted = Snapshot.compact(ops, superseded: known)
                let snapshot = Snapshot(
                    device: deviceID, seq: own, progress: progress, ops: compacted.ops, superseded: compacted.superseded)
                let current = identity.keyring.current
                return (snapshot.path, snapshot.sealed(vault: identity.vault, key: current.keys.batch), own, current.epoch)
            }
        }
    }

    /// Records the key epoch of the snapshot this device just published.
    public func noteOwnSnapshotEpoch(_ epoch: UInt32) throws {
        try withErrorMapping { try database.writeTransaction { try setMeta("sync_snapshot_epoch", String(epoch)) } }
    }

    /// Starts a copy that has applied nothing yet from a snapshot found at `snap/<device>/<seq>.snp`: its ops
    /// and progress are taken over, and the items materialised, in one transaction. Returns false (and changes
    /// nothing) when this copy has applied batches already or the snapshot does not authenticate.
    public func startFromSyncSnapshot(_ file: [UInt8], device: UUID, seq: UInt64) throws -> Bool {
        try withErrorMapping {
            let keys = try requireKeys()
            return try database.writeTransaction {
                let identity = try requireSyncIdentity(keys: keys)
                guard try appliedSeqs().isEmpty,
                    let snapshot = identity.keyring.openUnderNewestEpoch({ keys throws(SyncError) in
                        try Snapshot.open(file, vault: identity.vault, device: device, seq: seq, key: keys.batch)
                    }),
                    snapshot.progress[deviceID] == nil
                else { return false }
                var observed = try syncObserved()
                for op in snapshot.ops {
                    // Batch 0: applied, but from no batch this copy holds.
                    try insertSyncOp(op, batch: 0, identity: identity)
                    observed = max(observed, op.time)
                }
                for (item, ids) in snapshot.superseded {
                    for id in ids {
                        try database.statement(
                            "INSERT OR IGNORE INTO sync_superseded (item, device, counter) VALUES (?, ?, ?)")
                            .bind(item.bytes, at: 1).bind(id.device.bytes, at: 2)
                            .bind(Int64(bitPattern: id.counter), at: 3).run()
                    }
                }
                for (other, entry) in snapshot.progress {
                    try recordAppliedBatch(device: other, seq: entry.seq, hash: entry.hash, lastCounter: entry.lastCounter)
                }
                try setMeta("sync_observed", "\(observed.milliseconds).\(observed.counter)")
                for item in Set(snapshot.ops.map(\.item)) { try materialize(item, identity: identity, keys: keys) }
                return true
            }
        }
    }

    /// Forgets the bytes of own batches up to `seq` once they are pruned from the transport; their ops stay.
    public func forgetOwnSyncBatches(through seq: UInt64) throws {
        try withErrorMapping {
            try database.writeTransaction {
                try database.statement("UPDATE sync_batches SET file = NULL WHERE device = ? AND seq <= ?")
                    .bind(deviceID.bytes, at: 1).bind(Int64(seq), at: 2).run()
            }
        }
    }
}
