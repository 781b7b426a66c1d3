import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import SesameSyncTransport
import Testing

/// Whoever writes the sync root (a git remote, a Syncthing peer) plants links, pipes and huge files there
/// (issue 22): nothing is written through them, nothing is read beyond its budget, and the round says which
/// file it met and goes on with the rest.
@Suite struct HostileSyncRootTests {
    let folder = TemporaryFolder()

    /// The attack as found: the device's acknowledgement is deleted so the next round rewrites it, and a link
    /// named like the temporary file the writer used to open (`.tmp-<pid>-<name>`) points at the vault.
    @Test func aPlantedTemporaryLinkInAFolderNeverReachesTheVault() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let vaultPath = folder.file("a.sqlite")
        let vault = try makeSyncedVault(at: vaultPath, transport: shared)
        try vault.add(Item(title: "Kept", password: "1"))
        _ = try vault.sync(with: shared)
        let device = vault.deviceID.hexName
        try FileManager.default.removeItem(atPath: shared.root + "/acks/\(device).ack")
        let planted = "acks/.tmp-\(getpid())-\(device).ack"
        try FileManager.default.createSymbolicLink(atPath: shared.root + "/" + planted, withDestinationPath: "../../a.sqlite")

        let report = try vault.sync(with: shared)

        try expectIntact(vaultPath, holding: "Kept")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: shared.root + "/" + planted) == "../../a.sqlite")
        let acknowledgement = try #require(try shared.readFile("acks/\(device).ack"))
        #expect(try vault.openAcknowledgement(acknowledgement, of: vault.deviceID) != nil, "the ack was written")
        #expect(report.refused.contains { $0.path == planted && $0.reason == .unsafeEntry(kind: "a symbolic link", expected: "a regular file or folder") })
        #expect(report.summary(conflicts: 0).rejected.contains { $0.file == planted && $0.reason.contains("symbolic link") })
    }

    /// The same attack through git: the remote commits the links; git checks them out as plain files
    /// (`core.symlinks=false`) and the round reports them.
    @Test func aLinkCommittedToTheRemoteIsNeitherCheckedOutNorFollowed() throws {
        let remote = folder.file("remote.git")
        try git(["init", "-q", "--bare", "-b", "main", remote])
        let vaultPath = folder.file("a.sqlite")
        let transport = GitTransport(workTree: vaultPath + ".sync", remote: remote)
        try transport.prepare()
        let vault = try makeSyncedVault(at: vaultPath, transport: transport)
        try vault.add(Item(title: "Kept", password: "1"))
        _ = try vault.sync(with: transport)
        let device = vault.deviceID.hexName

        let attacker = folder.file("attacker")
        try git(["clone", "-q", remote, attacker])
        try git(["-C", attacker, "rm", "-q", "acks/\(device).ack"])
        let planted = "acks/.tmp-\(getpid())-\(device).ack"
        // git removed the emptied folder.
        try FileManager.default.createDirectory(atPath: attacker + "/acks", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: attacker + "/" + planted, withDestinationPath: "../../a.sqlite")
        try git(["-C", attacker, "add", "-A"])
        try git(["-C", attacker, "-c", "user.name=x", "-c", "user.email=x@invalid", "commit", "-q", "-m", "plant"])
        try git(["-C", attacker, "push", "-q", "origin", "HEAD:main"])

        let report = try vault.sync(with: transport)

        try expectIntact(vaultPath, holding: "Kept")
        var status = stat()
        #expect(lstat(transport.workTree + "/" + planted, &status) == 0 && status.st_mode & S_IFMT == S_IFREG,
                "checked out as a plain file")
        #expect(report.refused.contains { $0.path == planted && "\($0.reason)".contains("symbolic link in the remote") })
        #expect(try transport.readFile("acks/\(device).ack") != nil, "the ack was written again")
    }

    /// A link where one of this device's folders belongs: the round fails naming it, and writes nothing there.
    @Test func aLinkWhereThisDevicesFolderBelongsIsNeverWrittenThrough() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let vault = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        try vault.add(Item(title: "First", password: "1"))
        _ = try vault.sync(with: shared)
        let own = shared.root + "/ops/\(vault.deviceID.hexName)"
        let outside = folder.file("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: own)
        try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: outside)
        try vault.add(Item(title: "Second", password: "2"))

        #expect {
            _ = try vault.sync(with: shared)
        } throws: { error in
            let own = "ops/\(vault.deviceID.hexName)"
            return "\(error)".contains("will not write \(own)/") && "\(error)".contains("through \(own): It is a symbolic link")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
        #expect(try vault.allItems().items.count == 2, "the change stays in the vault")
    }

    /// A sparse 1 GiB "batch" in a new device folder: refused by its size before anything is allocated, every
    /// round, while the other devices' files still merge.
    @Test func aHugeFileIsRefusedBeforeItIsRead() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        try first.add(Item(title: "Still merged", password: "1"))
        _ = try first.sync(with: shared)
        let huge = BatchName(device: UUID(), seq: 1)
        try FileManager.default.createDirectory(atPath: shared.root + "/" + huge.folder, withIntermediateDirectories: true)
        let descriptor = open(shared.root + "/" + huge.path, O_WRONLY | O_CREAT, 0o600)
        #expect(descriptor >= 0 && ftruncate(descriptor, 1 << 30) == 0)
        close(descriptor)

        let baseline = PeakMemory.resetAndRead()
        let report = try second.sync(with: shared)
        let peak = PeakMemory.read()

        let refusal = SyncError.fileTooLarge(bytes: 1 << 30, limit: SyncBudget.maximumBatchBytes)
        #expect(report.refused == [SyncFileRefusal(path: huge.path, reason: refusal)])
        #expect(try second.allItems().items.map(\.title) == ["Still merged"])
        // Reading it would take a gibibyte (twice, with the copy the old reader made).
        #expect(peak - baseline < 256 << 20, "peak grew by \((peak - baseline) >> 20) MiB")
        #expect(throws: SyncFileRefusal(path: huge.path, reason: refusal)) { _ = try shared.readBatch(huge) }
        #expect(try second.sync(with: shared).refused.map(\.path) == [huge.path], "every round, still unread")
    }

    /// A pipe at a batch name would block a reader for ever; a link to a readable file would be read.
    @Test func pipesAndLinksAtFileNamesAreReportedAndNeverOpened() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let vault = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        _ = try vault.sync(with: shared)
        let stranger = BatchName(device: UUID(), seq: 1)
        try FileManager.default.createDirectory(atPath: shared.root + "/" + stranger.folder, withIntermediateDirectories: true)
        #expect(mkfifo(shared.root + "/" + stranger.path, 0o600) == 0)
        let linkedAck = "acks/\(UUID().hexName).ack"
        try FileManager.default.createSymbolicLink(atPath: shared.root + "/" + linkedAck, withDestinationPath: "/etc/passwd")

        let report = try vault.sync(with: shared)

        #expect(Set(report.refused.map(\.path)) == [stranger.path, linkedAck])
        #expect(report.refused.contains { $0.path == stranger.path && "\($0.reason)".contains("named pipe") })
        #expect(try shared.listBatches().allSatisfy { $0.device == vault.deviceID })
        #expect(throws: SyncFileRefusal.self) { _ = try shared.readFile(linkedAck) }
    }

    /// A folder above the count budget is skipped and named; the round goes on.
    @Test func aFolderWithTooManyEntriesIsSkipped() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let vault = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        _ = try vault.sync(with: shared)
        let crowded = "ops/" + UUID().hexName
        let path = shared.root + "/" + crowded
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for index in 0...SyncBudget.maximumFolderEntries {
            close(open(path + "/" + String(format: "%012d.sop", index + 1), O_WRONLY | O_CREAT, 0o600))
        }
        try vault.add(Item(title: "Published", password: "1"))

        let report = try vault.sync(with: shared)

        #expect(report.refused == [SyncFileRefusal(path: crowded, reason: .tooManyEntries(limit: SyncBudget.maximumFolderEntries))])
        #expect(report.written.count == 1)
        #expect(try shared.listBatches().allSatisfy { $0.device == vault.deviceID })
    }

    /// A header from the transport asking for more Argon2id than any synced vault may use is refused before a
    /// key is derived. (No vault above the budget exists to be set up: `KDFParameters` refuses to make one.)
    @Test func keyDerivationAboveTheBudgetIsRefusedBeforeDeriving() throws {
        let salt = [UInt8](repeating: 1, count: KDFParameters.saltByteCount)
        let costly = KDFParameters(passes: SyncBudget.maximumKDFPasses + 1, memoryBytes: 19 << 20, salt: salt)
        let header = SyncHeader(vault: UUID(), kdf: costly, keyring: SyncKeyring(root: SymmetricKey()),
                                passwordKey: SymmetricKey())
        #expect(throws: SyncError.keyDerivationTooCostly(memoryMiB: 19, passes: SyncBudget.maximumKDFPasses + 1)) {
            _ = try SyncHeader(decoding: header.encoded)
        }
        #expect(throws: SyncError.keyDerivationTooCostly(memoryMiB: 19, passes: SyncBudget.maximumKDFPasses + 1)) {
            _ = try Vault.cloneForSync(at: folder.file("new.sqlite"), header: header,
                                       password: SecureBytes(utf8: testPassword), publicSuffixList: emptySuffixList)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("new.sqlite")))
        #expect(throws: CryptoError.self) {
            _ = try KDFParameters.generate(memoryMiB: 19, passes: Int(SyncBudget.maximumKDFPasses) + 1)
        }
    }

    /// Writers stay within what readers accept: changes beyond one batch's budget go out as several batches.
    @Test func aFlushLargerThanOneBatchSplitsIntoSeveral() throws {
        let shared = FolderTransport(root: folder.file("sync"))
        let vault = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        _ = try vault.sync(with: shared)
        let notes = String(repeating: "n", count: 12 << 20)
        for index in 0..<3 { try vault.add(Item(title: "Large \(index)", password: "p", notes: notes)) }

        let report = try vault.sync(with: shared)

        #expect(report.written.count == 2)
        for name in report.written {
            let size = try #require(try shared.readBatch(name)).count
            #expect(size <= SyncBudget.maximumBatchBytes)
        }
        let other = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        #expect(try other.allItems().items.count == 3)
    }

    /// Every peer of a synced folder could replace a vault kept inside it.
    @Test func aSyncedFolderHoldingTheVaultIsRefused() throws {
        let inside = SyncTransportConfiguration(kind: .folder, location: folder.path)
        #expect {
            _ = try inside.makeTransport(vaultPath: folder.file("sub/../vault.sqlite"))
        } throws: { error in
            "\(error)".contains("holds the vault itself")
        }
        try FileManager.default.createSymbolicLink(atPath: folder.file("alias"), withDestinationPath: folder.path)
        #expect(throws: SyncError.self) {
            _ = try SyncTransportConfiguration(kind: .folder, location: folder.file("alias"))
                .makeTransport(vaultPath: folder.file("vault.sqlite"))
        }
        let beside = SyncTransportConfiguration(kind: .folder, location: folder.file("sync"))
        _ = try beside.makeTransport(vaultPath: folder.file("vault.sqlite"))
    }

    // MARK: - Helpers

    private func expectIntact(_ path: String, holding title: String) throws {
        let reopened = try Vault(path: path, publicSuffixList: emptySuffixList)
        try reopened.unlock(password: SecureBytes(utf8: testPassword))
        #expect(try reopened.allItems().items.map(\.title) == [title])
        reopened.close()
    }

    private func git(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }
}

/// This process's peak resident memory (`VmHWM`), which `/proc/self/clear_refs` resets to the current size.
enum PeakMemory {
    static func resetAndRead() -> Int {
        if let file = fopen("/proc/self/clear_refs", "w") {
            fputs("5", file)
            fclose(file)
        }
        return read()
    }

    static func read() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kib << 10
    }
}
