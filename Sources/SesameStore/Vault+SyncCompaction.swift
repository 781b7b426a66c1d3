import Foundation
import SesameSync

// MARK: - Snapshots, and starting a new copy from a snapshot (acknowledgements are SesameSync's `SyncStore`'s)

extension Vault {
    /// A snapshot of every item's heads and of every series' progress (``SyncSnapshotting``), named after this
    /// device's latest batch; nil before its first batch.
    public func makeSyncSnapshot() throws -> (path: String, file: [UInt8], seq: UInt64, epoch: UInt32)? {
        try withSyncTransaction(writing: false) { try SyncSnapshotting.make(in: $0) }
    }

    /// Records the key epoch of the snapshot this device just published.
    public func noteOwnSnapshotEpoch(_ epoch: UInt32) throws {
        try withErrorMapping { try database.writeTransaction { try setMeta("sync_snapshot_epoch", String(epoch)) } }
    }

    /// Starts a copy that has applied nothing yet from a snapshot found at `snap/<device>/<seq>.snp`
    /// (``SyncSnapshotting``), in one transaction. Returns false (and changes nothing) when it cannot.
    public func startFromSyncSnapshot(_ file: [UInt8], device: UUID, seq: UInt64) throws -> Bool {
        try withSyncTransaction { try SyncSnapshotting.start(from: file, device: device, seq: seq, in: $0) }
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
