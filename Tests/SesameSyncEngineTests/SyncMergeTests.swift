import Foundation
import SesameCrypto
import SesameSync
import Testing

/// The merge (`SyncMerge`) on in-memory stores, without a transport: which batch applies, in what order, what is
/// refused, when a copy was restored from a backup, and what is a conflict.
@Suite struct SyncMergeTests {
    /// Each value put by `store`, flushed into a batch of its own; returns those batches' files.
    private func batches(of store: MemorySyncStore, _ values: [(UUID, String)]) throws -> [(name: BatchName, file: [UInt8])] {
        let before = store.appliedSeq(of: store.deviceID)
        for (item, value) in values {
            store.put(item, value)
            #expect(try store.flushSyncBatch() != nil)
        }
        return store.ownSyncBatches(after: before)
    }

    @Test func batchesThatArriveOutOfOrderWaitForTheGapAndApplyOnceItCloses() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let item = UUID()
        let files = try batches(of: laptop, [(item, "one"), (item, "two"), (item, "three")])
        let late = try phone.ingestSyncBatches([files[2], files[1]], fingerprints: [:])
        #expect(late.appliedBatches == 0)
        #expect(late.waiting == [files[1].name, files[2].name])
        #expect(phone.value(of: item) == nil && phone.appliedSeqs().isEmpty)
        // The first closes the gap: all three apply, in sequence order, whatever order they are handed in.
        let closed = try phone.ingestSyncBatches([files[2], files[0], files[1]], fingerprints: [:])
        #expect(closed.applied == [files[0].name, files[1].name, files[2].name])
        #expect(closed.appliedOps == 3 && closed.changedItems == 1)
        #expect(phone.value(of: item) == "three")
        #expect(phone.appliedSeqs() == [laptop.deviceID: 3])
    }

    @Test func anAppliedBatchIsNotAppliedTwiceAndWhatABatchSawIsRecorded() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let phoneFiles = try batches(of: phone, [(UUID(), "phone's")])
        _ = try laptop.ingestSyncBatches(phoneFiles, fingerprints: [:])
        // The laptop's batch says it had applied the phone's first.
        let laptopFiles = try batches(of: laptop, [(UUID(), "laptop's")])
        let fingerprint: [UInt8] = [1, 2, 3]
        let first = try phone.ingestSyncBatches(laptopFiles, fingerprints: [laptopFiles[0].name: fingerprint])
        #expect(first.appliedBatches == 1)
        #expect(phone.seenElsewhere == [phone.deviceID: 1])
        #expect(phone.verifiedBatchFingerprints() == [laptopFiles[0].name: fingerprint])
        let again = try phone.ingestSyncBatches(laptopFiles + phoneFiles, fingerprints: [:])
        #expect(again.appliedBatches == 0 && again.changedItems == 0)
        #expect(Set(again.unchanged) == Set([laptopFiles[0].name, phoneFiles[0].name]))
        #expect(phone.items.count == 2)
    }

    @Test func anotherAuthenticFileAtAnAppliedNameIsEquivocationAndAnAlteredOneIsNot() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let item = UUID()
        let files = try batches(of: laptop, [(item, "genuine")])
        _ = try phone.ingestSyncBatches(files, fingerprints: [:])
        let name = files[0].name
        let forged = laptop.sealedBatch(Batch(
            device: laptop.deviceID, seq: 1, previousHash: Batch.noPreviousHash, seen: [:],
            ops: [SyncOp(id: OpID(device: laptop.deviceID, counter: 1), item: item,
                         kind: .put(state: 0, payload: Array("forged".utf8)), parents: [],
                         time: HybridTimestamp(milliseconds: 1, counter: 0))]))
        let equivocation = try phone.ingestSyncBatches([(name, forged)], fingerprints: [name: [9]])
        #expect(equivocation.rejected.count == 1)
        #expect(equivocation.rejected.allSatisfy { if case .equivocation = $0.reason { true } else { false } })
        #expect(phone.equivocations == [name])
        #expect(phone.value(of: item) == "genuine")
        // Only a file found to be the applied one has its fingerprint kept.
        #expect(phone.verifiedBatchFingerprints()[name] == nil)
        var altered = files[0].file
        altered[altered.count - 1] ^= 1
        let damage = try phone.ingestSyncBatches([(name, altered)], fingerprints: [:])
        #expect(damage.rejected.allSatisfy { if case .authenticationFailed = $0.reason { true } else { false } })
        #expect(damage.rejected.count == 1)
        // The applied file back: the equivocation is over.
        #expect(try phone.ingestSyncBatches(files, fingerprints: [:]).unchanged == [name])
        #expect(phone.equivocations.isEmpty)
    }

    @Test func aCopyFindingBatchesOfItsOwnIDThatItNeverWroteWasRestoredAndChangesNothing() throws {
        let laptop = MemorySyncStore()
        let other = MemorySyncStore(joining: laptop)
        let backup = laptop.copy()
        let files = try batches(of: laptop, [(UUID(), "written after the backup")])
        let fromOther = try batches(of: other, [(UUID(), "another device's")])
        backup.put(UUID(), "pending on the restored copy")
        #expect(throws: SyncError.deviceRestoredFromBackup) {
            try backup.ingestSyncBatches(fromOther + files, fingerprints: [:])
        }
        // The whole ingest is refused: not even the other device's batch went in.
        #expect(backup.appliedSeqs().isEmpty)
        #expect(backup.items.count == 1 && backup.pendingCount == 1)
        // Its own applied batches are no sign of a restore.
        #expect(try laptop.ingestSyncBatches(files, fingerprints: [:]).unchanged == [files[0].name])
    }

    @Test func concurrentEditsAreAConflictOnBothCopiesUntilAnEditSeesThemBoth() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let item = UUID()
        _ = try phone.ingestSyncBatches(try batches(of: laptop, [(item, "one")]), fingerprints: [:])
        #expect(phone.conflicts.isEmpty)
        let fromLaptop = try batches(of: laptop, [(item, "laptop's")])
        let fromPhone = try batches(of: phone, [(item, "phone's")])
        _ = try laptop.ingestSyncBatches(fromPhone, fingerprints: [:])
        _ = try phone.ingestSyncBatches(fromLaptop, fingerprints: [:])
        #expect(laptop.conflicts == [item] && phone.conflicts == [item])
        #expect(laptop.value(of: item) == phone.value(of: item))
        let versions = try SyncMerge.liveVersions(of: item, in: phone).map(\.id)
        #expect(Set(versions) == [OpID(device: laptop.deviceID, counter: 2), OpID(device: phone.deviceID, counter: 1)])
        // An edit made after seeing both supersedes both.
        _ = try phone.ingestSyncBatches(try batches(of: laptop, [(item, "settled")]), fingerprints: [:])
        #expect(laptop.conflicts.isEmpty && phone.conflicts.isEmpty)
        #expect(phone.value(of: item) == "settled")
        #expect(try SyncMerge.liveVersions(of: item, in: phone).count == 1)
    }

    @Test func anEditConcurrentWithADeletionIsNoConflictAndTheEditIsShown() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let item = UUID()
        _ = try phone.ingestSyncBatches(try batches(of: laptop, [(item, "one")]), fingerprints: [:])
        laptop.delete(item)
        #expect(try laptop.flushSyncBatch() != nil)
        let fromPhone = try batches(of: phone, [(item, "edited")])
        _ = try phone.ingestSyncBatches(laptop.ownSyncBatches(after: 1), fingerprints: [:])
        _ = try laptop.ingestSyncBatches(fromPhone, fingerprints: [:])
        #expect(laptop.value(of: item) == "edited" && phone.value(of: item) == "edited")
        #expect(laptop.conflicts.isEmpty && phone.conflicts.isEmpty)
    }

    @Test func aWinnerTheStoreCannotReadLeavesWhatItShows() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let item = UUID()
        _ = try phone.ingestSyncBatches(try batches(of: laptop, [(item, "readable")]), fingerprints: [:])
        let report = try phone.ingestSyncBatches(try batches(of: laptop, [(item, "unreadable: a newer format")]),
                                                 fingerprints: [:])
        #expect(report.appliedBatches == 1 && report.changedItems == 0)
        #expect(phone.value(of: item) == "readable")
    }
}
