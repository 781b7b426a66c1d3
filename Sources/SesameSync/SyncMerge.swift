import Foundation

/// Merging other devices' batch files into a store, and what an item then shows: the decisions; the store only
/// holds what they read and write (``SyncTransaction``), in one transaction per call.
public enum SyncMerge {
    /// Merges batch files found in the sync root: every applicable batch (the next of its device, authenticated,
    /// chained: ``BatchIngest``) has its ops stored, and every item they touch is shown from its merged ops. Files
    /// may come in any order, twice, or with gaps.
    ///
    /// - Parameter fingerprints: the transport's fingerprint of each file as it was before it was read; those of
    ///   files found applied (now or before) are recorded.
    /// - Throws: `SyncError.deviceRestoredFromBackup` when the files hold batches of this device that it does
    ///   not know: it was restored from an older copy and needs a new device id.
    public static func ingest(
        _ files: [(name: BatchName, file: [UInt8])], fingerprints: [BatchName: [UInt8]],
        into store: some SyncTransaction
    ) throws -> SyncIngestReport {
        var report = SyncIngestReport()
        var touched: Set<UUID> = []
        var observed = try store.observedTime()
        let ownSeq = try store.appliedSeq(of: store.deviceID)
        if files.contains(where: { $0.name.device == store.deviceID && $0.name.seq > ownSeq }) {
            throw SyncError.deviceRestoredFromBackup
        }
        // This device's own files (all applied, so only compared with what it wrote) are judged too: a different
        // one is equivocation, someone else holding the key wrote as this device.
        var waiting: [BatchName] = []
        for series in Dictionary(grouping: files, by: \.name.device).values {
            let verdicts = try BatchIngest.examineSeries(
                series, vault: store.vaultID, keyring: store.keyring, ledger: store)
            for (name, verdict) in verdicts {
                switch verdict {
                case .apply(let batch, let hash, let epoch):
                    for op in batch.ops {
                        try store.insertOp(op, batch: batch.seq)
                        touched.insert(op.item)
                        observed = max(observed, op.time)
                    }
                    try store.recordAppliedBatch(
                        device: batch.device, seq: batch.seq, hash: hash,
                        lastCounter: try batch.ops.last?.id.counter ?? store.lastCounter(of: batch.device),
                        epoch: epoch, file: nil)
                    for (other, seq) in batch.seen { try store.recordSeen(seq, of: other) }
                    report.appliedBatches += 1
                    report.appliedOps += batch.ops.count
                    report.applied.append(name)
                case .alreadyApplied:
                    report.unchanged.append(name)
                    try store.forgetEquivocation(at: name)
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
                    if case .equivocation = error { try store.recordEquivocation(at: name) }
                }
            }
        }
        report.waiting = waiting.sorted()
        let found = Set(report.applied + report.unchanged)
        let verified = fingerprints.filter { name, _ in found.contains(name) }
        if !verified.isEmpty { try store.recordVerifiedFingerprints(verified) }
        try store.setObservedTime(observed)
        for item in touched where try materialize(item, in: store) { report.changedItems += 1 }
        return report
    }

    /// Makes the item show the winner of its merged ops, and records whether it has a conflict. Returns whether
    /// what it shows changed.
    @discardableResult
    public static func materialize(_ item: UUID, in store: some SyncTransaction) throws -> Bool {
        let resolution = try resolution(of: item, in: store)
        if let winner = resolution.winner, let changed = try store.showSetting(winner, of: item) {
            return changed
        }
        try store.setConflict(resolution.hasConflict, item: item)
        guard let winner = resolution.winner, try store.shownOp(of: item) != winner.id else { return false }
        return try store.show(winner, of: item)
    }

    /// The merged state of one item.
    public static func resolution(of item: UUID, in store: some SyncTransaction) throws -> ItemResolution {
        ItemResolution(ops: try store.ops(ofItem: item, withPayloads: true), superseded: try store.supersededIDs(ofItem: item))
    }

    /// The live versions of an item, the one shown first: more than one is a conflict for the user to resolve.
    public static func liveVersions(of item: UUID, in store: some SyncTransaction) throws -> [SyncOp] {
        let resolution = try resolution(of: item, in: store)
        return [resolution.winner].compactMap { $0 } + resolution.siblings
    }
}
