import Foundation

/// Which of this device's pending ops form its next batch, and sealing it: the decisions; the store records the
/// batch's bytes with the ops it carries in the same transaction, so if the process dies before the file reaches
/// the transport, the next round writes the same bytes.
public enum SyncFlush {
    /// Seals the next batch: ops up to ``SyncBudget/batchOpsTarget`` (at least one), so no device ever refuses it
    /// as too large; the rest stay pending for the next call. Returns nil when nothing is pending, and while this
    /// copy is behind a newer key epoch.
    public static func nextBatch(in store: some SyncTransaction) throws -> BatchName? {
        let keyring = store.keyring
        // Behind a newer key epoch: sealing under a retired one would show the change to whoever holds the old
        // password. The ops wait, unflushed, for the new password.
        guard try !store.isBehindNewestEpoch() else { return nil }
        let device = store.deviceID
        let ops = batchPrefix(of: try store.pendingOps())
        let current = keyring.current
        let applied = try store.appliedSeq(of: device)
        // After taking in a newer key, one batch under it (empty if need be) vouches for this device's batches
        // under the retired one, which devices that moved hold until then.
        let vouches = try applied > 0 && store.appliedEpoch(of: device) < current.epoch
        guard !ops.isEmpty || vouches else { return nil }
        let seq = applied + 1
        let previous = seq == 1 ? Batch.noPreviousHash : try store.appliedHash(of: device, seq: seq - 1) ?? []
        var seen = try store.appliedSeqs()
        seen[device] = nil
        let file = Batch(device: device, seq: seq, previousHash: previous, seen: seen, ops: ops)
            .sealed(vault: store.vaultID, key: current.keys.batch, epoch: current.epoch)
        try store.recordAppliedBatch(
            device: device, seq: seq, hash: Batch.hash(ofFile: file),
            lastCounter: try ops.last?.id.counter ?? store.lastCounter(of: device), epoch: current.epoch, file: file)
        if let last = ops.last { try store.markFlushed(through: last.id.counter, batch: seq) }
        return BatchName(device: device, seq: seq)
    }

    /// The first pending ops whose encoding stays within ``SyncBudget/batchOpsTarget`` (at least one).
    public static func batchPrefix(of ops: [SyncOp]) -> [SyncOp] {
        var total = 0
        var count = 0
        for op in ops {
            total += Batch.encodedByteCount(of: op)
            guard count == 0 || total <= SyncBudget.batchOpsTarget else { break }
            count += 1
        }
        return Array(ops.prefix(count))
    }
}
