import Foundation

/// One round of sync: pull, merge what others published, flush this device's changes into a batch, write every
/// own batch the transport lacks and this device's acknowledgement, compact, publish. Each step is idempotent, so
/// a round killed anywhere is finished by the next one without losing or doubling anything. The vault is reached
/// through `access` one step at a time, and never while the transport works.
public enum SyncRound {
    /// - Parameter snapshotEvery: own batches between two snapshots of this device.
    public static func run(
        _ access: some SyncVaultAccess, transport: some SyncTransport, snapshotEvery: UInt64 = 64
    ) throws -> SyncRunReport {
        do {
            return try runOnce(access, transport: transport, snapshotEvery: snapshotEvery)
        } catch SyncError.deviceRestoredFromBackup {
            try access.withVault { try $0.adoptNewDeviceID() }
            var report = try runOnce(access, transport: transport, snapshotEvery: snapshotEvery)
            report.adoptedNewDeviceID = true
            return report
        }
    }

    private static func runOnce(
        _ access: some SyncVaultAccess, transport: some SyncTransport, snapshotEvery: UInt64
    ) throws -> SyncRunReport {
        var report = SyncRunReport()
        try transport.pull()
        let device = try access.withVault { vault in
            // Another process may have given this copy a new id since this handle opened it.
            try vault.reloadDeviceID()
            return vault.deviceID
        }
        // Links, pipes and devices where Sesame's files live, folders over their budget: reported, never followed.
        for refusal in try transport.unsafeEntries() { report.note(refusal) }
        // A header refused (a link, too large) counts as none: this device's own replaces it.
        let publishedHeader = try perFile(&report) { try transport.readHeader() }
        switch try access.withVault({ try $0.reconcileSyncHeader(published: publishedHeader) }) {
        case .publish(let header):
            try writing(SyncHeader.fileName) { try transport.writeHeader(header) }
            report.headerPublished = true
        case .adopted:
            report.headerAdopted = true
        case .unchanged:
            break
        }
        var names = try transport.listBatches()
        if try access.withVault({ try $0.appliedSeqs().isEmpty }) {
            report.startedFromSnapshot = try startFromNewestSnapshot(access, transport, batches: names, report: &report)
        }
        let (applied, verified) = try access.withVault { (try $0.appliedSeqs(), try $0.verifiedBatchFingerprints()) }
        var files: [(name: BatchName, file: [UInt8])] = []
        var fingerprints: [BatchName: [UInt8]] = [:]
        var budget = SyncBudget.maximumBatchBytesPerRound
        for name in names {
            // Taken before reading: if the file changes in between, the next round sees another fingerprint.
            let fingerprint = try perFile(&report) { try transport.fingerprint(of: name) }
            // An applied name is read again only when its file changed since it was last found to be the one
            // applied: a different file there is equivocation.
            if name.seq <= applied[name.device] ?? 0, let fingerprint, verified[name] == fingerprint { continue }
            // Past the round's budget the rest waits for the next round.
            guard budget > 0, let file = try perFile(&report, { try transport.readBatch(name) }) else { continue }
            // Empty files count too: the budget bounds the number of files read as well as their bytes.
            budget -= max(file.count, 4096)
            files.append((name, file))
            fingerprints[name] = fingerprint
        }
        let (ingest, flushed, own, acknowledgement) = try access.withVault { vault in
            let ingest = try vault.ingestSyncBatches(files, fingerprints: fingerprints)
            // Several batches when the changes exceed what one may hold.
            var flushed: BatchName?
            while let name = try vault.flushSyncBatch() { flushed = name }
            return (ingest, flushed, try vault.ownSyncBatches(after: 0), try vault.syncAcknowledgement())
        }
        report.ingest = ingest
        report.flushed = flushed
        let present = Set(names)
        for (name, file) in own where !present.contains(name) {
            try writing(name.path) { try transport.writeBatch(name, file) }
            report.written.append(name)
            names.append(name)
        }
        try access.withVault { try $0.forgetBatchesNoLongerListed(Set(names)) }
        var changed = !report.written.isEmpty
        // A refused acknowledgement (a link, too large) counts as none: this device's own replaces it.
        let publishedFile = try perFile(&report) { try transport.readFile(acknowledgement.path) }
        let published = try publishedFile.flatMap { file in
            try access.withVault { try $0.openAcknowledgement(file, of: device) }
        }
        if published != acknowledgement.value {
            try writing(acknowledgement.path) { try transport.writeFile(acknowledgement.path, acknowledgement.file) }
            changed = true
        }
        changed = try compact(access, transport, device: device, batches: names, every: snapshotEvery,
                              report: &report) || changed
        if changed { try transport.publish(device: device.hexName) }
        report.newPasswordNeeded = try access.withVault { try $0.needsNewSyncPassword }
        return report
    }

    /// Reads one file for the round; a file the transport refuses is reported and treated as absent.
    private static func perFile<T>(_ report: inout SyncRunReport, _ read: () throws -> T?) throws -> T? {
        do {
            return try read()
        } catch let refusal as SyncFileRefusal {
            report.note(refusal)
            return nil
        }
    }

    /// Writes or removes one of this device's files: a path the transport refuses (a link or a file where a
    /// folder belongs) fails the round, which then says which, having written nothing through it.
    private static func writing(_ path: String, _ write: () throws -> Void) throws {
        do {
            try write()
        } catch let refusal as SyncFileRefusal {
            throw SyncError.transport("will not write \(path) through \(refusal.path): \(refusal.reason)")
        }
    }

    // MARK: - Compaction

    /// Writes a snapshot every `every` own batches, and prunes own batches that every device acknowledged and
    /// every device's newest snapshot covers (so a newcomer can start from any of them).
    private static func compact(
        _ access: some SyncVaultAccess, _ transport: some SyncTransport, device: UUID, batches: [BatchName],
        every: UInt64, report: inout SyncRunReport
    ) throws -> Bool {
        var changed = false
        let ownSeq = try access.withVault { try $0.appliedSeqs()[device] ?? 0 }
        let ownFolder = "snap/\(device.hexName)"
        let ownSnapshots = try transport.listFiles(in: ownFolder).compactMap(snapshotSeq).sorted()
        // A snapshot sealed under a retired key is believed by nobody who moved to the newest one: replace it.
        let retired = try !ownSnapshots.isEmpty && access.withVault { try $0.ownSnapshotIsUnderRetiredKey }
        if ownSeq >= (ownSnapshots.last ?? 0) + every || retired,
            let snapshot = try access.withVault({ try $0.makeSyncSnapshot() }) {
            if snapshot.file.count > SyncBudget.maximumSnapshotBytes {
                // Other devices would refuse it: keep the batches it would replace instead.
                report.note(SyncFileRefusal(path: snapshot.path, reason: .fileTooLarge(
                    bytes: UInt64(snapshot.file.count), limit: SyncBudget.maximumSnapshotBytes)))
            } else {
                try writing(snapshot.path) { try transport.writeFile(snapshot.path, snapshot.file) }
                try access.withVault { try $0.noteOwnSnapshotEpoch(snapshot.epoch) }
                report.snapshotWritten = snapshot.path
                for old in ownSnapshots where old < snapshot.seq {
                    let path = ownFolder + "/" + String(format: "%012llu.snp", old)
                    try writing(path) { try transport.removeFile(path) }
                }
                changed = true
            }
        }
        let ownBatches = batches.filter { $0.device == device }
        guard !ownBatches.isEmpty else { return changed }
        var files: [(device: UUID, file: [UInt8])] = []
        for name in try transport.listFiles(in: "acks") where name.hasSuffix(".ack") {
            guard let other = UUID(hexName: name.dropLast(4)),
                let file = try perFile(&report, { try transport.readFile("acks/" + name) })
            else { continue }
            files.append((other, file))
        }
        let acknowledgements = try access.withVault { vault in
            var opened: [UUID: Acknowledgement] = [:]
            for (other, file) in files {
                if let acknowledgement = try vault.openAcknowledgement(file, of: other) { opened[other] = acknowledgement }
            }
            return opened
        }
        let devices = Set(batches.map(\.device)).union(acknowledgements.keys).union([device])
        var coverage = UInt64.max
        for snapshot in try newestSnapshots(access, transport, report: &report) {
            coverage = min(coverage, snapshot.progress[device]?.seq ?? 0)
        }
        let prunable = Acknowledgement.prunableSeq(
            of: device, devices: devices, acknowledgements: acknowledgements,
            snapshotCoverage: coverage == .max ? 0 : coverage)
        for name in ownBatches where name.seq <= prunable {
            try writing(name.path) { try transport.removeFile(name.path) }
            report.pruned += 1
            changed = true
        }
        if prunable > 0 { try access.withVault { try $0.forgetOwnSyncBatches(through: prunable) } }
        return changed
    }

    /// The newest snapshot of each device that authenticates.
    private static func newestSnapshots(
        _ access: some SyncVaultAccess, _ transport: some SyncTransport, report: inout SyncRunReport
    ) throws -> [Snapshot] {
        var files: [(device: UUID, seq: UInt64, file: [UInt8])] = []
        for folder in try transport.listFiles(in: "snap") {
            guard let device = UUID(hexName: folder),
                let seq = try transport.listFiles(in: "snap/" + folder).compactMap(snapshotSeq).max(),
                let file = try perFile(&report, { try transport.readFile("snap/\(folder)/" + String(format: "%012llu.snp", seq)) })
            else { continue }
            files.append((device, seq, file))
        }
        return try access.withVault { try $0.openSyncSnapshots(files) }
    }

    /// A new copy starts from the snapshot that covers the most, when the batches it would otherwise need from
    /// the start were pruned. Returns the snapshot's path.
    private static func startFromNewestSnapshot(
        _ access: some SyncVaultAccess, _ transport: some SyncTransport, batches: [BatchName],
        report: inout SyncRunReport
    ) throws -> String? {
        let firstSeqs = Dictionary(batches.map { ($0.device, $0.seq) }, uniquingKeysWith: min)
        let usable = try newestSnapshots(access, transport, report: &report).filter { snapshot in
            // Every series continues right after the snapshot, or has nothing pruned.
            firstSeqs.allSatisfy { device, first in first <= (snapshot.progress[device]?.seq ?? 0) + 1 }
        }
        // Some series lacks its first batch: pruned, every one of its batches perhaps (once every device had
        // acknowledged them), so only a snapshot holds what it said.
        let pruned = usable.contains { snapshot in
            snapshot.progress.contains { device, progress in progress.seq > 0 && firstSeqs[device] != 1 }
        }
        guard pruned,
            let best = usable.max(by: { $0.progress.values.map(\.seq).reduce(0, +) < $1.progress.values.map(\.seq).reduce(0, +) }),
            let file = try perFile(&report, { try transport.readFile(best.path) }),
            try access.withVault({ try $0.startFromSyncSnapshot(file, device: best.device, seq: best.seq) })
        else { return nil }
        return best.path
    }

    private static func snapshotSeq(_ fileName: String) -> UInt64? {
        guard fileName.utf8.count == 16, fileName.hasSuffix(".snp") else { return nil }
        let digits = fileName.dropLast(4)
        return digits.allSatisfy { $0.isASCII && $0.isNumber } ? UInt64(digits) : nil
    }
}
