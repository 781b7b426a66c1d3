import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import Testing
import SesameAutoFillTestSupport

/// Real vaults over folders that a sync tool copies between machines at random: partially, late, out of order,
/// with its own junk beside the batches; and processes killed between the steps of a sync.
@Suite struct FolderExchangeTests {
    let folder = TemporaryFolder()

    @Test("Three vaults over randomly and partially copied folders converge", arguments: [UInt64(7), 21])
    func randomPartialDelayedCopies(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let folders = (0..<3).map { FolderTransport(root: folder.file("sync\($0)")) }
        var vaults = [try makeSyncedVault(at: folder.file("v0.sqlite"), transport: folders[0])]
        _ = try vaults[0].sync(with: folders[0])
        for index in 1..<3 {
            try folders[index].writeHeader(try folders[0].readHeader()!)
            try copyBatches(from: folders[0], to: folders[index])
            vaults.append(try cloneSyncedVault(at: folder.file("v\(index).sqlite"), transport: folders[index]))
        }
        for step in 0..<60 {
            let index = Int.random(in: 0..<3, using: &generator)
            let vault = vaults[index]
            let ids = try vault.allItems().items.map(\.id)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: try vault.add(Item(title: "item \(step)", password: "p\(step)"))
            case 1, 2:
                if let id = ids.randomElement(using: &generator) {
                    try vault.updateItem(withID: id) { $0.password = "edit \(step) on \(index)" }
                }
            case 3:
                if let id = ids.randomElement(using: &generator) { try vault.delete(id: id) }
            case 4: _ = try vault.sync(with: folders[index])
            default:
                // The sync tool delivers some files from one machine to another; junk of its own appears too.
                let target = Int.random(in: 0..<3, using: &generator)
                guard target != index else { continue }
                try copyBatches(from: folders[index], to: folders[target]) { _ in Bool.random(using: &generator) }
                let junk = folders[target].root + "/ops/\(vault.deviceID.hexName)"
                try? Data("partial".utf8).write(to: URL(fileURLWithPath: junk + "/000000000099.sync-conflict-x.sop"))
            }
        }
        for _ in 0..<2 {
            for index in 0..<3 {
                _ = try vaults[index].sync(with: folders[index])
                for target in 0..<3 where target != index { try copyBatches(from: folders[index], to: folders[target]) }
            }
        }
        for index in 0..<3 { _ = try vaults[index].sync(with: folders[index]) }
        let states = try vaults.map { try $0.visibleState() }
        #expect(states[0] == states[1])
        #expect(states[1] == states[2])
        #expect(!states[0].isEmpty)
    }

    @Test func killedBetweenFlushAndPublishLosesNothingAndDoublesNothing() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        let item = Item(title: "Flushed", password: "1")
        try first.add(item)
        // The flush committed, then the process died before the file was renamed into place: a temporary file
        // is left behind, and the batch is missing.
        let name = try #require(try first.flushSyncBatch())
        try FileManager.default.createDirectory(atPath: shared.root + "/" + name.folder, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: shared.root + "/\(name.folder)/.tmp-99-\(name.fileName)"))
        #expect(try second.sync(with: shared).ingest.appliedBatches == 0)
        // The next run writes the very same bytes; the other device applies them once.
        let report = try first.sync(with: shared)
        #expect(report.written == [name])
        #expect(report.flushed == nil)
        #expect(try shared.readBatch(name) == first.ownSyncBatches().last?.file)
        #expect(try second.sync(with: shared).ingest.appliedBatches == 1)
        #expect(try second.sync(with: shared).ingest.appliedBatches == 0)
        #expect(try second.allItems().items.map(\.title) == ["Flushed"])
        #expect(try first.syncStatus().flushedBatches == 1)
    }

    @Test func tamperedFilesAreReportedAndOtherDevicesStillMerge() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        try first.add(Item(title: "From first", password: "1"))
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        let third = try cloneSyncedVault(at: folder.file("c.sqlite"), transport: shared)
        try second.add(Item(title: "From second", password: "2"))
        try third.add(Item(title: "From third", password: "3"))
        let secondName = try #require(try second.sync(with: shared).flushed)
        _ = try third.sync(with: shared)
        var bytes = try #require(try shared.readBatch(secondName))
        bytes[bytes.count / 2] ^= 0x40
        try FileManager.default.removeItem(atPath: shared.root + "/" + secondName.path)
        try shared.writeBatch(secondName, bytes)
        let report = try first.sync(with: shared)
        #expect(report.ingest.rejected.map(\.name) == [secondName])
        #expect(report.ingest.rejected.first?.reason == .authenticationFailed)
        #expect(Set(try first.allItems().items.map(\.title)) == ["From first", "From third"])
    }
}

/// Compaction on real vaults: snapshots are written, batches every device acknowledged are pruned, and a new
/// device joins from a snapshot plus what remains.
@Suite struct VaultCompactionTests {
    let folder = TemporaryFolder()

    @Test func prunedSyncRootStillClonesToTheSameVault() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        _ = try first.sync(with: shared, snapshotEvery: 2)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        var ids: [UUID] = []
        for round in 0..<6 {
            let item = Item(title: "round \(round)", password: "p\(round)")
            try first.add(item)
            ids.append(item.id)
            _ = try first.sync(with: shared, snapshotEvery: 2)
            if round > 0 { try second.updateItem(withID: ids[0]) { $0.notes = "seen in round \(round)" } }
            _ = try second.sync(with: shared, snapshotEvery: 2)
        }
        try first.delete(id: ids[1])
        let last = try first.sync(with: shared, snapshotEvery: 2)
        _ = try second.sync(with: shared, snapshotEvery: 2)
        _ = try first.sync(with: shared, snapshotEvery: 2)
        // Old batches are gone from the root, and a snapshot replaces them.
        let remaining = try shared.listBatches()
        #expect(!remaining.contains(BatchName(device: first.deviceID, seq: 1)))
        #expect(!remaining.contains(BatchName(device: second.deviceID, seq: 1)))
        let snapshots = try shared.listFiles(in: "snap/\(first.deviceID.hexName)")
        #expect(last.snapshotWritten != nil || !snapshots.isEmpty)
        let third = try Vault.cloneForSync(
            at: folder.file("c.sqlite"), header: try SyncHeader(decoding: try shared.readHeader()!),
            password: SecureBytes(utf8: testPassword), publicSuffixList: emptySuffixList)
        let report = try third.sync(with: shared)
        #expect(report.startedFromSnapshot != nil)
        #expect(report.ingest.rejected.isEmpty && report.ingest.waiting.isEmpty)
        #expect(try third.visibleState() == first.visibleState())
        #expect(try second.visibleState() == first.visibleState())
    }

    @Test func nothingIsPrunedUntilEveryDeviceAcknowledged() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        try first.add(Item(title: "one", password: "1"))
        _ = try first.sync(with: shared, snapshotEvery: 1)
        // A second device joined but never syncs again (it acknowledged only the first batch).
        let silent = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        for round in 0..<4 {
            try first.add(Item(title: "more \(round)", password: "x"))
            _ = try first.sync(with: shared, snapshotEvery: 1)
        }
        let own = try shared.listBatches().filter { $0.device == first.deviceID }.map(\.seq)
        #expect(own == [2, 3, 4, 5])
        _ = try silent.sync(with: shared)
        #expect(try silent.visibleState() == first.visibleState())
    }
}
