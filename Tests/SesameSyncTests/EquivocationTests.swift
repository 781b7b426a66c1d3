import Foundation
import SesameCrypto
@testable import SesameStore
import SesameSync
import Testing

/// A different file at a (device, sequence) already applied: reported every round while it is there, kept in
/// `sync status`, never applied (issue 22, finding 13); and applied files are not read again while unchanged.
@Suite struct EquivocationTests {
    let folder = TemporaryFolder()

    /// A copy of device A's vault (same id, same key) writes its own batch 2 after A's was applied elsewhere:
    /// what a copy restored from a backup does when the transport withheld A's newer file.
    @Test func aDifferentFileAtAnAppliedNameIsReportedNotApplied() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let (original, forked) = try forkedDevice(shared)
        let reader = try cloneSyncedVault(at: folder.file("reader.sqlite"), transport: shared)
        try original.add(Item(title: "Real", password: "1"))
        _ = try original.sync(with: shared)
        let name = try #require(try original.ownSyncBatches().last?.name)
        let genuine = try #require(try shared.readBatch(name))
        #expect(try reader.sync(with: shared).ingest.appliedBatches == 1)

        try forked.add(Item(title: "Forked", password: "2"))
        #expect(try forked.flushSyncBatch() == name)
        try shared.writeBatch(name, try #require(try forked.ownSyncBatches().last?.file))

        let report = try reader.sync(with: shared)
        let reason = SyncError.equivocation(device: name.device.hexName, seq: name.seq)
        #expect(report.ingest.rejected.map(\.name) == [name])
        let rejected = report.summary(conflicts: 0).rejected
        #expect(rejected.map(\.file) == [name.path] && rejected.map(\.reason) == [reason.description])
        #expect(try reader.syncStatus().equivocations == [name])
        #expect(Set(try reader.allItems().items.map(\.title)) == ["Before the copy", "Real"])
        #expect(try reader.sync(with: shared).ingest.rejected.map(\.name) == [name], "reported every round")

        // The transport puts the applied file back: nothing left to report.
        try shared.writeBatch(name, genuine)
        #expect(try reader.sync(with: shared).ingest.rejected.isEmpty)
        #expect(try reader.syncStatus().equivocations.isEmpty)
    }

    /// A file at an applied name that does not authenticate is the transport's doing, not a device's: refused
    /// as altered, and not listed as equivocation.
    @Test func anAlteredFileAtAnAppliedNameIsRefusedAsAltered() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let writer = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        try writer.add(Item(title: "One", password: "1"))
        _ = try writer.sync(with: shared)
        let reader = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        let name = try #require(try shared.listBatches().last)
        var file = try #require(try shared.readBatch(name))
        file[file.count - 1] ^= 1
        try shared.writeBatch(name, file)

        let report = try reader.sync(with: shared)

        #expect(report.ingest.rejected.map(\.reason) == [.authenticationFailed])
        #expect(try reader.syncStatus().equivocations.isEmpty)
    }

    /// Watching for equivocation costs one `fstat` per applied file per round, not a read.
    @Test func appliedFilesAreReadAgainOnlyWhenTheyChange() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let writer = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        for index in 0..<3 {
            try writer.add(Item(title: "Item \(index)", password: "p"))
            _ = try writer.sync(with: shared)
        }
        let counting = CountingTransport(shared)
        let reader = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: counting)
        _ = try reader.sync(with: counting)
        counting.batchReads = 0
        _ = try reader.sync(with: counting)
        #expect(counting.batchReads == 0)
        let name = try #require(try shared.listBatches().first)
        try shared.writeBatch(name, try #require(try shared.readBatch(name)))
        _ = try reader.sync(with: counting)
        #expect(counting.batchReads == 1, "a file rewritten (new inode) is read and found the same")
        counting.batchReads = 0
        _ = try reader.sync(with: counting)
        #expect(counting.batchReads == 0)
    }

    /// The fingerprint of a file just applied is recorded in the ingest's own transaction: a round that merges
    /// one change writes (syncs to disk and checkpoints) once, as it did before fingerprints existed.
    @Test func aRoundThatMergesOneChangeWritesOnce() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let writer = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        try writer.add(Item(title: "One", password: "1"))
        _ = try writer.sync(with: shared)
        let counting = CountingTransport(shared)
        let reader = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: counting)
        _ = try reader.sync(with: counting)
        let id = try #require(try writer.allItems().items.first?.id)
        try writer.updateItem(withID: id) { $0.notes = "changed" }
        _ = try writer.sync(with: shared)

        let before = reader.database.committedWrites
        #expect(try reader.sync(with: counting).ingest.appliedBatches == 1)
        #expect(reader.database.committedWrites - before == 1)
        counting.batchReads = 0
        _ = try reader.sync(with: counting)
        #expect(counting.batchReads == 0, "the applied file's fingerprint was recorded")
    }

    // MARK: - Helpers

    /// Device A, set up with one published batch, and a byte-for-byte copy of its vault made then: two vaults
    /// that write as the same device.
    private func forkedDevice(_ shared: FolderTransport) throws -> (original: Vault, copy: Vault) {
        let path = folder.file("a.sqlite")
        let first = try makeSyncedVault(at: path, transport: shared)
        try first.add(Item(title: "Before the copy", password: "0"))
        _ = try first.sync(with: shared)
        first.close()
        try FileManager.default.copyItem(atPath: path, toPath: folder.file("copy.sqlite"))
        return (try unlocked(path), try unlocked(folder.file("copy.sqlite")))
    }

    private func unlocked(_ path: String) throws -> Vault {
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        return vault
    }
}

/// A folder transport that counts batch reads.
private final class CountingTransport: SyncTransport, @unchecked Sendable {
    let inner: FolderTransport
    var batchReads = 0

    init(_ inner: FolderTransport) { self.inner = inner }

    func readBatch(_ name: BatchName) throws -> [UInt8]? {
        batchReads += 1
        return try inner.readBatch(name)
    }

    func pull() throws { try inner.pull() }
    func readHeader() throws -> [UInt8]? { try inner.readHeader() }
    func writeHeader(_ bytes: [UInt8]) throws { try inner.writeHeader(bytes) }
    func listBatches() throws -> [BatchName] { try inner.listBatches() }
    func writeBatch(_ name: BatchName, _ file: [UInt8]) throws { try inner.writeBatch(name, file) }
    func readFile(_ path: String) throws -> [UInt8]? { try inner.readFile(path) }
    func writeFile(_ path: String, _ bytes: [UInt8]) throws { try inner.writeFile(path, bytes) }
    func removeFile(_ path: String) throws { try inner.removeFile(path) }
    func listFiles(in folder: String) throws -> [String] { try inner.listFiles(in: folder) }
    func publish(device: String) throws { try inner.publish(device: device) }
    func unsafeEntries() throws -> [SyncFileRefusal] { try inner.unsafeEntries() }
    func fingerprint(of name: BatchName) throws -> [UInt8]? { try inner.fingerprint(of: name) }
}
