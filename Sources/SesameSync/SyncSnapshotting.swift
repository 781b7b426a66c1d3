import Foundation

/// What this device's snapshot holds, and when a copy may start from another device's: the decisions; the store
/// reads and writes inside one transaction per call.
public enum SyncSnapshotting {
    /// A snapshot of every item's heads and of every series' progress, named after this device's latest batch,
    /// sealed under the newest key; nil before its first batch, and while behind a newer key epoch (sealed under
    /// a retired one, it would be readable with the old password).
    public static func make(in store: some SyncTransaction) throws
        -> (path: String, file: [UInt8], seq: UInt64, epoch: UInt32)?
    {
        let keyring = store.keyring
        guard try !store.isBehindNewestEpoch() else { return nil }
        let seqs = try store.appliedSeqs()
        guard let own = seqs[store.deviceID], own > 0 else { return nil }
        var progress: [UUID: Snapshot.Progress] = [:]
        for (device, seq) in seqs {
            progress[device] = Snapshot.Progress(
                seq: seq, hash: try store.appliedHash(of: device, seq: seq) ?? [],
                lastCounter: try store.lastCounter(of: device))
        }
        let compacted = Snapshot.compact(try store.appliedOps(), superseded: try store.supersededIDs())
        let snapshot = Snapshot(
            device: store.deviceID, seq: own, progress: progress, ops: compacted.ops, superseded: compacted.superseded)
        let current = keyring.current
        return (snapshot.path, snapshot.sealed(vault: store.vaultID, key: current.keys.batch), own, current.epoch)
    }

    /// Starts a copy that has applied nothing yet from a snapshot found at `snap/<device>/<seq>.snp`: its ops,
    /// superseded ids and progress are taken over and its items shown. Returns false (and changes nothing) when
    /// this copy has applied batches already, the snapshot does not authenticate under the newest key, or it
    /// records progress of this device.
    public static func start(
        from file: [UInt8], device: UUID, seq: UInt64, in store: some SyncTransaction
    ) throws -> Bool {
        let vault = store.vaultID
        guard try store.appliedSeqs().isEmpty,
            let snapshot = store.keyring.openUnderNewestEpoch({ keys throws(SyncError) in
                try Snapshot.open(file, vault: vault, device: device, seq: seq, key: keys.batch)
            }),
            snapshot.progress[store.deviceID] == nil
        else { return false }
        var observed = try store.observedTime()
        for op in snapshot.ops {
            // Batch 0: applied, but from no batch this copy holds.
            try store.insertOp(op, batch: 0)
            observed = max(observed, op.time)
        }
        for (item, ids) in snapshot.superseded { try store.recordSuperseded(ids, ofItem: item) }
        for (other, entry) in snapshot.progress {
            try store.recordAppliedBatch(
                device: other, seq: entry.seq, hash: entry.hash, lastCounter: entry.lastCounter, epoch: 0, file: nil)
        }
        try store.setObservedTime(observed)
        for item in Set(snapshot.ops.map(\.item)) { try SyncMerge.materialize(item, in: store) }
        return true
    }
}
