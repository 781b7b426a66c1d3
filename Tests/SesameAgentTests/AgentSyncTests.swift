import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore
import SesameSync
import SesameSyncTransport
import Testing

@testable import SesameAgent

/// The agent's sync: automatic rounds after a change and every interval, and rounds asked for over the socket,
/// on a folder transport shared with another replica.
@Suite struct AgentSyncTests {
    let folder = TemporaryFolder()
    var root: String { folder.file("sync") }

    /// Device A (set up here, with `interval` seconds of automatic sync, then locked) and device B, joined.
    private func makeReplicas(interval: TimeInterval?) throws -> (pathA: String, deviceB: Vault) {
        let transport = FolderTransport(root: root)
        let pathA = try Fixture.makeVault(at: folder.file("a.sqlite"))
        let vaultA = try Vault(path: pathA, publicSuffixList: testPublicSuffixList)
        try vaultA.unlock(password: Fixture.secret())
        _ = try vaultA.setUpSync(password: Fixture.secret())
        try vaultA.setSetting(
            named: SyncTransportConfiguration.settingName,
            to: SyncTransportConfiguration(kind: .folder, location: root).setting)
        try vaultA.setSyncInterval(interval)
        _ = try vaultA.sync(with: transport)
        vaultA.close()
        let deviceB = try Vault.cloneForSync(
            at: folder.file("b.sqlite"), header: try SyncHeader(decoding: try transport.readHeader()!),
            password: Fixture.secret(), publicSuffixList: testPublicSuffixList)
        _ = try deviceB.sync(with: transport)
        return (pathA, deviceB)
    }

    @Test func theAgentSyncsAfterAChangeAndEveryIntervalWithoutBeingAsked() throws {
        let (pathA, deviceB) = try makeReplicas(interval: 1)
        let log = LogRecorder()
        let server = try Fixture.startServer(in: folder, logger: log.logger, configure: { $0.syncDebounce = 0.2 })
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        client.vault = pathA
        _ = try client.unlock(vault: pathA, password: Fixture.secret())

        // A local add through the agent reaches the other replica with no `sesame sync`.
        _ = try client.add(Item(title: "Added on A", password: "from-a"))
        let transport = FolderTransport(root: root)
        #expect(try eventually {
            _ = try deviceB.sync(with: transport)
            return try deviceB.allItems().items.map(\.title).contains("Added on A")
        })

        // A change made on the other replica shows up in the agent within the interval.
        try deviceB.add(Item(title: "Added on B", password: "from-b"))
        _ = try deviceB.sync(with: transport)
        #expect(try eventually { try client.list(.active).items.map { $0.title }.contains("Added on B") })

        let status = try client.syncStatus()
        #expect(status.autoSync?.interval == 1)
        #expect(status.autoSync?.lastRun != nil && status.autoSync?.lastError == nil)
        #expect(status.pendingChanges == 0)
        #expect(log.contains("Synced"))
        #expect(!log.entries.contains { $0.contains("from-a") || $0.contains("from-b") }, "no secret in the log")
    }

    @Test func automaticSyncIsOffUnlessTurnedOnAndAskingRunsARoundWithoutAPassword() throws {
        let (pathA, deviceB) = try makeReplicas(interval: nil)
        let server = try Fixture.startServer(in: folder, configure: { $0.syncDebounce = 0.1 })
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        client.vault = pathA
        _ = try client.unlock(vault: pathA, password: Fixture.secret())
        _ = try client.add(Item(title: "Waits for a sync", password: "x"))
        usleep(600_000)
        #expect(try client.syncStatus().pendingChanges == 1, "no automatic round while it is off")

        let summary = try client.sync()
        #expect(summary.published.count == 1 && summary.rejected.isEmpty)
        _ = try deviceB.sync(with: FolderTransport(root: root))
        #expect(try deviceB.allItems().items.map(\.title).contains("Waits for a sync"))
        #expect(try client.syncStatus().autoSync?.lastTrigger == "request")
    }

    @Test func aFailedAutomaticRoundIsReportedAndLosesNothing() throws {
        let (pathA, _) = try makeReplicas(interval: 1)
        let log = LogRecorder()
        let server = try Fixture.startServer(in: folder, logger: log.logger, configure: { $0.syncDebounce = 0.1 })
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        client.vault = pathA
        _ = try client.unlock(vault: pathA, password: Fixture.secret())
        // The synced folder breaks (a file where its ops folder was; tests run as root, so modes would not do):
        // rounds fail, and the change stays in the vault.
        let manager = FileManager.default
        if manager.fileExists(atPath: root + "/ops") { try manager.moveItem(atPath: root + "/ops", toPath: root + "/ops.away") }
        #expect(manager.createFile(atPath: root + "/ops", contents: Data("not a folder".utf8)))
        _ = try client.add(Item(title: "Kept locally", password: "y"))
        #expect(try eventually { try client.syncStatus().autoSync?.lastError != nil })
        #expect(log.contains("Automatic sync failed"))
        #expect(try client.list(.active).items.map { $0.title }.contains("Kept locally"))

        try manager.removeItem(atPath: root + "/ops")
        if manager.fileExists(atPath: root + "/ops.away") { try manager.moveItem(atPath: root + "/ops.away", toPath: root + "/ops") }
        // The next timed round publishes the batch the failed one had flushed.
        #expect(try eventually { try client.syncStatus().autoSync?.lastError == nil })
        #expect(try FolderTransport(root: root).listBatches().count == 1)
    }

    /// Device B's vault copied (same id, same key) publishes another batch 1 after the agent applied B's: the
    /// agent's round reports the equivocation as its error and in the status, and in its log by file name.
    @Test func anEquivocationIsTheRoundsErrorAndInTheStatus() throws {
        let (pathA, deviceB) = try makeReplicas(interval: nil)
        let pathB = folder.file("b.sqlite")
        deviceB.close()
        try FileManager.default.copyItem(atPath: pathB, toPath: folder.file("copy.sqlite"))
        let original = try Vault(path: pathB, publicSuffixList: testPublicSuffixList)
        try original.unlock(password: Fixture.secret())
        let copy = try Vault(path: folder.file("copy.sqlite"), publicSuffixList: testPublicSuffixList)
        try copy.unlock(password: Fixture.secret())
        let transport = FolderTransport(root: root)
        try original.add(Item(title: "Real", password: "1"))
        _ = try original.sync(with: transport)
        let log = LogRecorder()
        let server = try Fixture.startServer(in: folder, logger: log.logger)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        client.vault = pathA
        _ = try client.unlock(vault: pathA, password: Fixture.secret())
        #expect(try client.sync().appliedBatches == 1)

        try copy.add(Item(title: "Forked", password: "2"))
        let name = try #require(try copy.flushSyncBatch())
        try transport.writeBatch(name, try #require(try copy.ownSyncBatches().last?.file))
        let summary = try client.sync()

        #expect(summary.rejected.map(\.file) == [name.path])
        let status = try client.syncStatus()
        #expect(status.equivocations == [name.path])
        #expect(status.autoSync?.lastError?.contains("published two different files") == true)
        #expect(try client.list(.active).items.map { $0.title } == ["Real"])
        #expect(log.entries.contains { $0.contains("Sync file refused") && $0.contains(name.path) })
    }

    /// The other device changed the master password: the agent's rounds publish nothing under the retired key and
    /// say why; once this vault is given the new password (by another process, as `sesame sync password` does),
    /// the next round publishes what waited, with no restart.
    @Test func aPasswordChangedElsewhereHoldsTheAgentsChangesUntilItIsGiven() throws {
        let (pathA, deviceB) = try makeReplicas(interval: nil)
        let transport = FolderTransport(root: root)
        try deviceB.changeMasterPassword(to: SecureBytes(utf8: "changed on B"))
        try deviceB.add(Item(title: "Added on B", password: "from-b"))
        _ = try deviceB.sync(with: transport)

        let server = try Fixture.startServer(in: folder, configure: { $0.syncDebounce = 0.1 })
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        client.vault = pathA
        _ = try client.unlock(vault: pathA, password: Fixture.secret())
        _ = try client.add(Item(title: "Added on A", password: "from-a"))
        let behind = try client.sync()
        #expect(behind.newPasswordNeeded && behind.published.isEmpty)
        let status = try client.syncStatus()
        #expect(status.newPasswordNeeded && status.pendingChanges == 1)
        #expect(status.autoSync?.lastError == SyncError.newPasswordNeeded.description)

        let other = try Vault(path: pathA, publicSuffixList: testPublicSuffixList)
        try other.unlock(password: Fixture.secret())
        #expect(try other.adoptSyncPassword(SecureBytes(utf8: "changed on B")))
        other.close()
        let caughtUp = try client.sync()
        #expect(!caughtUp.newPasswordNeeded && caughtUp.published.count == 1)
        #expect(try client.list(.active).items.map(\.title).contains("Added on B"))
        #expect(try client.syncStatus().autoSync?.lastError == nil)
        _ = try deviceB.sync(with: transport)
        #expect(try deviceB.allItems().items.map(\.title).contains("Added on A"))
    }

    @Test func clientsAreServedWhileARoundWaitsForTheTransport() throws {
        let (pathA, _) = try makeReplicas(interval: nil)
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        client.vault = pathA
        _ = try client.unlock(vault: pathA, password: Fixture.secret())
        _ = try client.add(Item(title: "Before the round", password: "1"))

        // The round stops in the middle of writing its batch (a slow push), after it merged and flushed.
        let transport = StalledTransport(FolderTransport(root: root))
        let finished = DispatchSemaphore(value: 0)
        let outcome = Collector<Bool>()
        Thread.detachNewThread {
            let report = try? SyncRound.run(HeldVaultAccess(core: server.core, path: pathA), transport: transport)
            outcome.append(report?.written.count == 1)
            finished.signal()
        }
        #expect(transport.stalled.wait(timeout: .now() + 10) == .success)
        _ = try client.add(Item(title: "During the round", password: "2"))
        #expect(try client.list(.active).items.count == 2, "served while the round waits for the transport")
        transport.release.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(outcome.values == [true])
        #expect(try client.syncStatus().pendingChanges == 1, "the change made during the round waits for the next")
    }
}

/// A folder transport whose first batch write waits until the test releases it.
private final class StalledTransport: SyncTransport, @unchecked Sendable {
    let inner: FolderTransport
    let stalled = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)

    init(_ inner: FolderTransport) { self.inner = inner }

    func writeBatch(_ name: BatchName, _ file: [UInt8]) throws {
        stalled.signal()
        release.wait()
        try inner.writeBatch(name, file)
    }

    func pull() throws { try inner.pull() }
    func readHeader() throws -> [UInt8]? { try inner.readHeader() }
    func writeHeader(_ bytes: [UInt8]) throws { try inner.writeHeader(bytes) }
    func listBatches() throws -> [BatchName] { try inner.listBatches() }
    func readBatch(_ name: BatchName) throws -> [UInt8]? { try inner.readBatch(name) }
    func readFile(_ path: String) throws -> [UInt8]? { try inner.readFile(path) }
    func writeFile(_ path: String, _ bytes: [UInt8]) throws { try inner.writeFile(path, bytes) }
    func removeFile(_ path: String) throws { try inner.removeFile(path) }
    func listFiles(in folder: String) throws -> [String] { try inner.listFiles(in: folder) }
    func publish(device: String) throws { try inner.publish(device: device) }
    func unsafeEntries() throws -> [SyncFileRefusal] { try inner.unsafeEntries() }
    func fingerprint(of name: BatchName) throws -> [UInt8]? { try inner.fingerprint(of: name) }
}
