import Foundation
import SesameSync

/// What one `sync` did, for `sesame sync` and its `--json`.
public struct SyncRunReport: Sendable {
    public var ingest = SyncIngestReport()
    /// The batch this run flushed, if any.
    public var flushed: BatchName?
    /// Own batch files written to the transport (the new one, and any lost earlier).
    public var written: [BatchName] = []
}

extension Vault {
    /// One round of sync: pull, merge what others published, flush this device's changes into a batch, write
    /// every own batch the transport lacks, publish. Each step is idempotent, so a run killed anywhere is
    /// finished by the next one without losing or doubling anything.
    public func sync(with transport: some SyncTransport) throws -> SyncRunReport {
        var report = SyncRunReport()
        try transport.pull()
        let names = try transport.listBatches()
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
        }
        if !report.written.isEmpty { try transport.publish(device: deviceID.hexName) }
        return report
    }
}
