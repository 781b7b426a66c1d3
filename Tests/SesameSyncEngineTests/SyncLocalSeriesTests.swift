import Foundation
import SesameCrypto
import SesameSync
import Testing

/// This device's own series (`SyncLocalSeries`) on in-memory stores: what a local change supersedes, its clock,
/// and moving unflushed ops to a new device id.
@Suite struct SyncLocalSeriesTests {
    @Test func aLocalChangeSupersedesEveryLiveVersionAndEndsTheConflictHere() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let item = UUID()
        laptop.put(item, "one")
        _ = try laptop.flushSyncBatch()
        _ = try phone.ingestSyncBatches(laptop.ownSyncBatches(after: 0), fingerprints: [:])
        laptop.put(item, "laptop's")
        _ = try laptop.flushSyncBatch()
        phone.put(item, "phone's")
        _ = try phone.ingestSyncBatches(laptop.ownSyncBatches(after: 1), fingerprints: [:])
        #expect(phone.conflicts == [item])
        let heads = try SyncMerge.resolution(of: item, in: phone).heads
        #expect(heads.count == 2)
        let times = phone.ops(ofItem: item, withPayloads: false).map(\.time)
        phone.put(item, "settled")
        let op = try #require(phone.pendingOps().last)
        #expect(op.parents == heads)
        #expect(times.allSatisfy { $0 < op.time })
        #expect(phone.conflicts.isEmpty && phone.shownOp(of: item) == op.id)
        #expect(try SyncMerge.resolution(of: item, in: phone).heads == [op.id])
    }

    @Test func aLocalChangeAfterMergingAClockRunningAheadIsLaterThanWhatItMerged() throws {
        let phone = MemorySyncStore()
        let ahead = UUID()
        let item = UUID()
        let future = HybridTimestamp(milliseconds: UInt64(Date().timeIntervalSince1970 * 1000) + 86_400_000, counter: 7)
        let file = phone.sealedBatch(Batch(
            device: ahead, seq: 1, previousHash: Batch.noPreviousHash, seen: [:],
            ops: [SyncOp(id: OpID(device: ahead, counter: 1), item: item,
                         kind: .put(state: 0, payload: Array("from the future".utf8)), parents: [], time: future)]))
        #expect(try phone.ingestSyncBatches([(BatchName(device: ahead, seq: 1), file)], fingerprints: [:]).appliedBatches == 1)
        phone.put(item, "edited here")
        let op = try #require(phone.pendingOps().last)
        #expect(op.time > future)
        #expect(try SyncMerge.resolution(of: item, in: phone).winner?.id == op.id)
    }

    @Test func aNewDeviceIDTakesTheUnflushedOpsRenumberedAndLeavesTheFlushedOnes() throws {
        let laptop = MemorySyncStore()
        let (flushedItem, pendingItem) = (UUID(), UUID())
        laptop.put(flushedItem, "published")
        _ = try laptop.flushSyncBatch()
        let old = laptop.deviceID
        laptop.put(pendingItem, "first")
        laptop.put(pendingItem, "second")
        try laptop.adoptNewDeviceID()
        let new = laptop.deviceID
        #expect(new != old)
        let pending = laptop.pendingOps()
        #expect(pending.map(\.id) == [OpID(device: new, counter: 1), OpID(device: new, counter: 2)])
        #expect(pending[1].parents == [pending[0].id])
        #expect(laptop.localCounter() == 2)
        #expect(laptop.shownOp(of: pendingItem) == pending[1].id)
        #expect(laptop.ops(ofItem: flushedItem, withPayloads: false).map(\.id) == [OpID(device: old, counter: 1)])
        // The next change continues the new series, and the next batch is the new device's first.
        laptop.put(UUID(), "third")
        #expect(laptop.pendingOps().last?.id == OpID(device: new, counter: 3))
        #expect(try laptop.flushSyncBatch() == BatchName(device: new, seq: 1))
    }
}
