import Foundation
import SesameCrypto
import SesameSync
import Testing

/// The round (`SyncRound`) against in-memory stores and a real folder: what it reads, merges, writes, reports and
/// prunes follows from SesameSync and `SyncStore` alone, with no SQLite and no SesameStore.
@Suite struct SyncRoundTests {
    private let folder: String
    private let transport: FolderTransport

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sesame-round-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        transport = FolderTransport(root: folder)
    }

    private func round(_ store: MemorySyncStore, snapshotEvery: UInt64 = 64) throws -> SyncRunReport {
        try SyncRound.run(store, transport: transport, snapshotEvery: snapshotEvery)
    }

    @Test func twoCopiesConvergeAndAnEditBeatsAConcurrentDelete() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let (a, b) = (UUID(), UUID())
        laptop.put(a, "alpha")
        laptop.put(b, "beta")
        let first = try round(laptop)
        #expect(first.flushed == BatchName(device: laptop.deviceID, seq: 1))
        #expect(first.written == [BatchName(device: laptop.deviceID, seq: 1)])
        #expect(first.headerPublished)
        #expect(try transport.readHeader() != nil)
        let joined = try round(phone)
        #expect(joined.ingest.appliedBatches == 1)
        #expect(joined.ingest.changedItems == 2)
        #expect(phone.value(of: a) == "alpha" && phone.value(of: b) == "beta")
        // Concurrent: the phone edits b while the laptop deletes it; the edit survives everywhere.
        phone.put(b, "beta 2")
        laptop.delete(b)
        _ = try round(laptop)
        _ = try round(phone)
        _ = try round(laptop)
        #expect(laptop.items == phone.items)
        #expect(laptop.value(of: b) == "beta 2")
    }

    @Test func concurrentEditsStayAsSiblingsOnEveryCopy() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let item = UUID()
        laptop.put(item, "one")
        _ = try round(laptop)
        _ = try round(phone)
        laptop.put(item, "laptop's")
        phone.put(item, "phone's")
        _ = try round(laptop)
        _ = try round(phone)
        _ = try round(laptop)
        #expect(laptop.value(of: item) == phone.value(of: item))
        #expect(laptop.siblings(of: item) == 1 && phone.siblings(of: item) == 1)
    }

    @Test func aRoundWithNothingNewWritesNothing() throws {
        let laptop = MemorySyncStore()
        laptop.put(UUID(), "x")
        _ = try round(laptop)
        let ack = try #require(try transport.readFile(laptop.syncAcknowledgement().path))
        let again = try round(laptop)
        #expect(again.flushed == nil && again.written.isEmpty && again.ingest.appliedBatches == 0)
        // The acknowledgement is sealed afresh each time, so an unchanged one left in place shows no rewrite.
        #expect(try transport.readFile(laptop.syncAcknowledgement().path) == ack)
    }

    @Test func aDifferentFileAtAnAppliedNameIsEquivocationAndIsNotApplied() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        let item = UUID()
        laptop.put(item, "genuine")
        _ = try round(laptop)
        _ = try round(phone)
        // A holder of the key writes another batch 1 of the laptop: it authenticates, and it is not the applied one.
        let name = BatchName(device: laptop.deviceID, seq: 1)
        let (vault, keyring) = laptop.syncKeyring()
        let forged = Batch(
            device: laptop.deviceID, seq: 1, previousHash: Batch.noPreviousHash, seen: [:],
            ops: [SyncOp(id: OpID(device: laptop.deviceID, counter: 1), item: item,
                         kind: .put(state: 0, payload: Array("forged".utf8)), parents: [],
                         time: HybridTimestamp(milliseconds: 1, counter: 0))]
        ).sealed(vault: vault, key: keyring.current.keys.batch)
        try transport.writeBatch(name, forged)
        let report = try round(phone)
        #expect(report.ingest.rejected.map(\.name) == [name])
        #expect(report.ingest.rejected.contains { if case .equivocation = $0.reason { true } else { false } })
        #expect(phone.equivocations == [name])
        #expect(phone.value(of: item) == "genuine")
        // The applied file back: no longer reported, and not read again while it stays.
        try transport.writeBatch(name, try #require(laptop.ownSyncBatches(after: 0).first?.file))
        let restored = try round(phone)
        #expect(restored.ingest.rejected.isEmpty && restored.ingest.unchanged == [name])
        #expect(phone.equivocations.isEmpty)
        #expect(try round(phone).ingest.unchanged.isEmpty)
    }

    @Test func ownBatchesArePrunedOnceAcknowledgedAndSnapshottedAndANewCopyStartsFromTheSnapshot() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        // The phone's acknowledgement (nothing applied yet) holds back pruning until it catches up.
        _ = try round(phone)
        for index in 0..<3 {
            laptop.put(UUID(), "v\(index)")
            #expect(try round(laptop, snapshotEvery: 1).pruned == 0)
        }
        #expect(try transport.listFiles(in: "snap/" + laptop.deviceID.hexName) == ["000000000003.snp"])
        _ = try round(phone, snapshotEvery: 1)
        let compacting = try round(laptop, snapshotEvery: 1)
        #expect(compacting.pruned == 3)
        #expect(try transport.listBatches().filter { $0.device == laptop.deviceID }.isEmpty)
        #expect(laptop.ownSyncBatches(after: 0).isEmpty)
        laptop.put(UUID(), "after pruning")
        _ = try round(laptop, snapshotEvery: 1)
        let newcomer = MemorySyncStore(joining: laptop)
        let started = try round(newcomer)
        #expect(started.startedFromSnapshot != nil)
        #expect(newcomer.items == laptop.items)
        #expect(newcomer.items.count == 4)
    }

    /// Regression: a new copy used to start from a snapshot only when some batch was listed, so once every batch
    /// was pruned (all devices had acknowledged them) it started from nothing and showed an empty vault.
    @Test func aNewCopyStartsFromASnapshotWhenEveryBatchWasPruned() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        _ = try round(phone)
        for index in 0..<3 {
            laptop.put(UUID(), "v\(index)")
            _ = try round(laptop, snapshotEvery: 1)
        }
        _ = try round(phone, snapshotEvery: 1)
        #expect(try round(laptop, snapshotEvery: 1).pruned == 3)
        #expect(try transport.listBatches().isEmpty)
        let newcomer = MemorySyncStore(joining: laptop)
        let started = try round(newcomer)
        #expect(started.startedFromSnapshot == "snap/\(laptop.deviceID.hexName)/000000000003.snp")
        #expect(newcomer.items == laptop.items && newcomer.items.count == 3)
    }

    @Test func aRestoredCopyGetsANewDeviceIDAndLosesNothing() throws {
        let laptop = MemorySyncStore()
        let backup = laptop.copy()
        laptop.put(UUID(), "before the backup was restored")
        _ = try round(laptop)
        let item = UUID()
        backup.put(item, "made on the restored copy")
        let report = try round(backup)
        #expect(report.adoptedNewDeviceID)
        #expect(backup.deviceID != laptop.deviceID)
        _ = try round(laptop)
        #expect(laptop.value(of: item) == "made on the restored copy")
        #expect(laptop.items == backup.items)
    }

    @Test func aLinkAtAnotherDevicesFileIsReportedAndTheRestMerges() throws {
        let laptop = MemorySyncStore()
        let phone = MemorySyncStore(joining: laptop)
        laptop.put(UUID(), "x")
        _ = try round(laptop)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/acks/" + UUID().hexName + ".ack", withDestinationPath: "/etc/passwd")
        let report = try round(phone)
        #expect(report.refused.count == 1)
        #expect(report.ingest.appliedBatches == 1)
    }
}
