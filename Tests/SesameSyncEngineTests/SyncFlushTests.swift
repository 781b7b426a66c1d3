import Foundation
import SesameCrypto
import SesameSync
import Testing

/// The flush (`SyncFlush`) on in-memory stores: which pending ops form the next batch, how it chains, and when
/// nothing may be sealed.
@Suite struct SyncFlushTests {
    private func op(_ counter: UInt64, bytes: Int) -> SyncOp {
        SyncOp(id: OpID(device: UUID(), counter: counter), item: UUID(),
               kind: .put(state: 0, payload: [UInt8](repeating: 0x61, count: bytes)), parents: [], time: .zero)
    }

    @Test func aBatchTakesPendingOpsUpToTheTargetAndAtLeastOne() {
        let third = SyncBudget.batchOpsTarget / 3
        let ops = (1...4).map { op($0, bytes: third) }
        #expect(SyncFlush.batchPrefix(of: ops) == Array(ops.prefix(2)))
        let huge = [op(1, bytes: SyncBudget.batchOpsTarget + 1), op(2, bytes: 1)]
        #expect(SyncFlush.batchPrefix(of: huge) == [huge[0]])
        #expect(SyncFlush.batchPrefix(of: []).isEmpty)
    }

    @Test func eachBatchChainsToTheLastAndSaysWhatItSawOfOthers() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        phone.put(UUID(), "phone's")
        _ = try phone.flushSyncBatch()
        _ = try laptop.ingestSyncBatches(phone.ownSyncBatches(after: 0), fingerprints: [:])
        #expect(try laptop.flushSyncBatch() == nil)
        laptop.put(UUID(), "a")
        laptop.put(UUID(), "b")
        #expect(try laptop.flushSyncBatch() == BatchName(device: laptop.deviceID, seq: 1))
        laptop.put(UUID(), "c")
        #expect(try laptop.flushSyncBatch() == BatchName(device: laptop.deviceID, seq: 2))
        #expect(laptop.pendingCount == 0)
        let files = laptop.ownSyncBatches(after: 0)
        let (vault, keyring) = laptop.syncKeyring()
        let batches = try files.map { try Batch.open($0.file, vault: vault, device: laptop.deviceID, seq: $0.name.seq,
                                                      key: keyring.current.keys.batch) }
        #expect(batches.map(\.ops.count) == [2, 1])
        #expect(batches[0].previousHash == Batch.noPreviousHash)
        #expect(batches[1].previousHash == Batch.hash(ofFile: files[0].file))
        #expect(batches[1].seen == [phone.deviceID: 1])
        #expect(batches[1].ops[0].id.counter == 3)
    }

    @Test func behindANewerKeyEpochNothingIsSealedAndThenOneBatchVouchesForTheOldOnes() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        laptop.put(UUID(), "before the password change")
        _ = try laptop.flushSyncBatch()
        let old = laptop.ownSyncBatches(after: 0)
        // Another device changed the master password: its header names a root the laptop lacks.
        let rotated = try laptop.syncKeyring().keyring.rotated(after: 0)
        laptop.storeHeader(MemorySyncStore.header(vault: laptop.vaultID, keyring: rotated, generation: 1), pending: false)
        #expect(try laptop.needsNewSyncPassword)
        laptop.put(UUID(), "waits for the new password")
        #expect(try laptop.flushSyncBatch() == nil)
        #expect(try laptop.makeSyncSnapshot() == nil)
        #expect(laptop.pendingCount == 1)
        // With the new root the pending op goes out under it, and that batch vouches for batch 1.
        laptop.takeIn(rotated)
        phone.takeIn(rotated)
        let held = try phone.ingestSyncBatches(old, fingerprints: [:])
        #expect(held.heldUnderRetiredKey == [old[0].name] && held.appliedBatches == 0)
        #expect(try laptop.flushSyncBatch() == BatchName(device: laptop.deviceID, seq: 2))
        let both = try phone.ingestSyncBatches(laptop.ownSyncBatches(after: 0), fingerprints: [:])
        #expect(both.appliedBatches == 2)
        #expect(phone.items == laptop.items && phone.items.count == 2)
    }

    @Test func afterTakingInANewKeyAnEmptyBatchVouchesWhenNothingIsPending() throws {
        let laptop = MemorySyncStore()
        laptop.put(UUID(), "x")
        _ = try laptop.flushSyncBatch()
        #expect(try laptop.flushSyncBatch() == nil)
        laptop.takeIn(try laptop.syncKeyring().keyring.rotated(after: 0))
        #expect(try laptop.flushSyncBatch() == BatchName(device: laptop.deviceID, seq: 2))
        #expect(try laptop.flushSyncBatch() == nil)
    }
}
