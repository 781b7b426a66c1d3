import Foundation
import SesameCrypto
import SesameSync
import Testing

/// Snapshots (`SyncSnapshotting`) on in-memory stores: what one holds, and when a copy may start from it.
@Suite struct SyncSnapshottingTests {
    @Test func aNewCopyStartsFromASnapshotAndContinuesWithTheBatchesAfterIt() throws {
        let laptop = MemorySyncStore()
        let (kept, edited, deleted) = (UUID(), UUID(), UUID())
        laptop.put(kept, "kept")
        laptop.put(edited, "first")
        laptop.put(deleted, "gone soon")
        _ = try laptop.flushSyncBatch()
        laptop.put(edited, "second")
        laptop.delete(deleted)
        _ = try laptop.flushSyncBatch()
        laptop.put(UUID(), "pending: in no snapshot")
        let snapshot = try #require(try laptop.makeSyncSnapshot())
        #expect(snapshot.seq == 2 && snapshot.path == "snap/\(laptop.deviceID.hexName)/000000000002.snp")
        let (vault, keyring) = laptop.syncKeyring()
        let opened = try Snapshot.open(snapshot.file, vault: vault, device: laptop.deviceID, seq: 2,
                                       key: keyring.current.keys.batch)
        // Heads only: the superseded first version of `edited` and the put under the deletion are left out.
        #expect(opened.ops.count == 3)
        #expect(opened.progress[laptop.deviceID]?.seq == 2)
        let newcomer = MemorySyncStore(joining: laptop)
        #expect(try newcomer.startFromSyncSnapshot(snapshot.file, device: laptop.deviceID, seq: 2))
        #expect(newcomer.value(of: kept) == "kept" && newcomer.value(of: edited) == "second")
        #expect(newcomer.value(of: deleted) == nil && newcomer.items.count == 2)
        #expect(newcomer.appliedSeqs() == [laptop.deviceID: 2])
        // The pending op goes out in batch 3, which chains onto what the snapshot recorded.
        _ = try laptop.flushSyncBatch()
        let next = try newcomer.ingestSyncBatches(laptop.ownSyncBatches(after: 2), fingerprints: [:])
        #expect(next.appliedBatches == 1 && next.rejected.isEmpty)
        #expect(newcomer.items == laptop.items)
    }

    @Test func aSnapshotIsRefusedByACopyThatAppliedSomethingAndWhenAlteredOrMisnamed() throws {
        let laptop = MemorySyncStore()
        laptop.put(UUID(), "x")
        _ = try laptop.flushSyncBatch()
        let snapshot = try #require(try laptop.makeSyncSnapshot())
        let started = MemorySyncStore(joining: laptop)
        _ = try started.ingestSyncBatches(laptop.ownSyncBatches(after: 0), fingerprints: [:])
        #expect(try !started.startFromSyncSnapshot(snapshot.file, device: laptop.deviceID, seq: 1))
        let fresh = MemorySyncStore(joining: laptop)
        var altered = snapshot.file
        altered[altered.count - 1] ^= 1
        #expect(try !fresh.startFromSyncSnapshot(altered, device: laptop.deviceID, seq: 1))
        #expect(try !fresh.startFromSyncSnapshot(snapshot.file, device: laptop.deviceID, seq: 2))
        #expect(fresh.items.isEmpty && fresh.appliedSeqs().isEmpty)
        #expect(try fresh.startFromSyncSnapshot(snapshot.file, device: laptop.deviceID, seq: 1))
        #expect(fresh.items == laptop.items)
    }

    @Test func aSnapshotNamingThisDeviceIsRefused() throws {
        let laptop = MemorySyncStore()
        let backup = laptop.copy()
        laptop.put(UUID(), "x")
        _ = try laptop.flushSyncBatch()
        let snapshot = try #require(try laptop.makeSyncSnapshot())
        // The backup has the laptop's id and applied nothing: the snapshot holds progress of its own series.
        #expect(try !backup.startFromSyncSnapshot(snapshot.file, device: laptop.deviceID, seq: 1))
        #expect(backup.appliedSeqs().isEmpty)
    }

    @Test func noSnapshotBeforeTheFirstBatch() throws {
        let laptop = MemorySyncStore()
        laptop.put(UUID(), "pending")
        #expect(try laptop.makeSyncSnapshot() == nil)
    }
}
