import Foundation
import SesameSync

/// What one `sync` did, for `sesame sync` and its `--json`.
public struct SyncRunReport: Sendable {
    public var ingest = SyncIngestReport()
    /// The batch this run flushed, if any.
    public var flushed: BatchName?
    /// Own batch files written to the transport (the new one, and any lost earlier).
    public var written: [BatchName] = []
    /// The snapshot this copy started from (a new device in a compacted sync root).
    public var startedFromSnapshot: String?
    /// The snapshot this run wrote, and how many own batches it pruned.
    public var snapshotWritten: String?
    public var pruned = 0
}

extension Vault {
    /// One round of sync: pull, merge what others published, flush this device's changes into a batch, write
    /// every own batch the transport lacks and this device's acknowledgement, compact, publish. Each step is
    /// idempotent, so a run killed anywhere is finished by the next one without losing or doubling anything.
    ///
    /// - Parameter snapshotEvery: own batches between two snapshots of this device.
    public func sync(with transport: some SyncTransport, snapshotEvery: UInt64 = 64) throws -> SyncRunReport {
        var report = SyncRunReport()
        try transport.pull()
        var names = try transport.listBatches()
        if try appliedSeqs().isEmpty {
            report.startedFromSnapshot = try startFromNewestSnapshot(transport, batches: names)
        }
        let applied = try appliedSeqs()
        var files: [(name: BatchName, file: [UInt8])] = []
        for name in names where name.seq > applied[name.device] ?? 0 {
            if let file = try transport.readBatch(name) { files.append((name, file)) }
        }
        report.ingest = try ingestSyncBatches(files)
        report.flushed = try flushSyncBatch()
        let present = Set(names)
        for (name, file) in try ownSyncBatches() where !present.contains(name) {
            try transport.writeBatch(name, file)
            report.written.append(name)
            names.append(name)
        }
        var changed = !report.written.isEmpty
        let acknowledgement = try syncAcknowledgement()
        let published = try transport.readFile(acknowledgement.path).flatMap {
            try openAcknowledgement($0, of: deviceID)
        }
        if published != acknowledgement.value {
            try transport.writeFile(acknowledgement.path, acknowledgement.file)
            changed = true
        }
        changed = try compact(transport, batches: names, every: snapshotEvery, report: &report) || changed
        if changed { try transport.publish(device: deviceID.hexName) }
        return report
    }

    // MARK: - Compaction

    /// Writes a snapshot every `every` own batches, and prunes own batches that every device acknowledged and
    /// every device's newest snapshot covers (so a newcomer can start from any of them).
    private func compact(
        _ transport: some SyncTransport, batches: [BatchName], every: UInt64, report: inout SyncRunReport
    ) throws -> Bool {
        var changed = false
        let ownSeq = try appliedSeqs()[deviceID] ?? 0
        let ownFolder = "snap/\(deviceID.hexName)"
        let ownSnapshots = try transport.listFiles(in: ownFolder).compactMap(Self.snapshotSeq).sorted()
        if ownSeq >= (ownSnapshots.last ?? 0) + every, let snapshot = try makeSyncSnapshot() {
            try transport.writeFile(snapshot.path, snapshot.file)
            report.snapshotWritten = snapshot.path
            for old in ownSnapshots where old < snapshot.seq {
                try transport.removeFile(ownFolder + "/" + String(format: "%012llu.snp", old))
            }
            changed = true
        }
        let ownBatches = batches.filter { $0.device == deviceID }
        guard !ownBatches.isEmpty else { return changed }
        var acknowledgements: [UUID: Acknowledgement] = [:]
        for name in try transport.listFiles(in: "acks") where name.hasSuffix(".ack") {
            guard let device = UUID(hexName: name.dropLast(4)), let file = try transport.readFile("acks/" + name),
                let acknowledgement = try openAcknowledgement(file, of: device)
            else { continue }
            acknowledgements[device] = acknowledgement
        }
        let devices = Set(batches.map(\.device)).union(acknowledgements.keys).union([deviceID])
        var coverage = UInt64.max
        for snapshot in try newestSnapshots(transport) { coverage = min(coverage, snapshot.progress[deviceID]?.seq ?? 0) }
        let prunable = Acknowledgement.prunableSeq(
            of: deviceID, devices: devices, acknowledgements: acknowledgements,
            snapshotCoverage: coverage == .max ? 0 : coverage)
        for name in ownBatches where name.seq <= prunable {
            try transport.removeFile(name.path)
            report.pruned += 1
            changed = true
        }
        if prunable > 0 { try forgetOwnSyncBatches(through: prunable) }
        return changed
    }

    /// The newest snapshot of each device that authenticates.
    private func newestSnapshots(_ transport: some SyncTransport) throws -> [Snapshot] {
        let identity = try requireSyncIdentity(keys: try requireKeys())
        var snapshots: [Snapshot] = []
        for folder in try transport.listFiles(in: "snap") {
            guard let device = UUID(hexName: folder),
                let seq = try transport.listFiles(in: "snap/" + folder).compactMap(Self.snapshotSeq).max(),
                let file = try transport.readFile("snap/\(folder)/" + String(format: "%012llu.snp", seq)),
                let snapshot = try? Snapshot.open(file, vault: identity.vault, device: device, seq: seq,
                                                  key: identity.keys.batch)
            else { continue }
            snapshots.append(snapshot)
        }
        return snapshots
    }

    /// A new copy starts from the snapshot that covers the most, when the batches it would otherwise need from
    /// the start were pruned. Returns the snapshot's path.
    private func startFromNewestSnapshot(_ transport: some SyncTransport, batches: [BatchName]) throws -> String? {
        let firstSeqs = Dictionary(batches.map { ($0.device, $0.seq) }, uniquingKeysWith: min)
        let usable = try newestSnapshots(transport).filter { snapshot in
            // Every series continues right after the snapshot, or has nothing pruned.
            firstSeqs.allSatisfy { device, first in first <= (snapshot.progress[device]?.seq ?? 0) + 1 }
        }
        guard !firstSeqs.values.allSatisfy({ $0 == 1 }),
            let best = usable.max(by: { $0.progress.values.map(\.seq).reduce(0, +) < $1.progress.values.map(\.seq).reduce(0, +) }),
            let file = try transport.readFile(best.path),
            try startFromSyncSnapshot(file, device: best.device, seq: best.seq)
        else { return nil }
        return best.path
    }

    private static func snapshotSeq(_ fileName: String) -> UInt64? {
        guard fileName.utf8.count == 16, fileName.hasSuffix(".snp") else { return nil }
        let digits = fileName.dropLast(4)
        return digits.allSatisfy { $0.isASCII && $0.isNumber } ? UInt64(digits) : nil
    }
}
