import Foundation
@testable import SesameAgent
import SesameAutoFill
import SesameStore
import Testing

/// A long-running agent opens the vault once per unlock: every connection it opens must be closed again, or it
/// heads for EMFILE and, with nothing closing, nothing checkpoints the WAL.
@Suite struct AgentDescriptorTests {
    /// Descriptors of this process (the agent runs in it) open on files in `folder`.
    private static func openDescriptors(in folder: TemporaryFolder) -> Int {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.count { descriptor in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
            return target?.hasPrefix(folder.path + "/") == true
        }
    }

    // 1,000 Argon2id derivations at the minimum cost take well under a minute alone; the limit guards a hang.
    @Test(.timeLimit(.minutes(15)))
    func thousandUnlockLockCyclesInOneAgentKeepDescriptorsConstant() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: [Fixture.login(1)])
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        client.vault = path

        // The first cycle settles what stays open for the agent's life (its socket, the lock file). The locked
        // agent releases the vault a moment after the reply, so the baseline is read once it has: read at once,
        // under load it still counted the vault's file, WAL and shared memory.
        _ = try client.unlock(vault: path, password: Fixture.secret())
        #expect(try client.list().items.count == 1)
        let whileOpen = Self.openDescriptors(in: folder)
        _ = try client.lock()
        let released = eventually(timeout: 30) { Self.openDescriptors(in: folder) < whileOpen }
        try #require(released, "the locked agent kept its \(whileOpen) descriptors on the vault's files")
        let baseline = Self.openDescriptors(in: folder)

        var grew: [Int] = []
        for cycle in 1..<1_000 {
            _ = try client.unlock(vault: path, password: Fixture.secret())
            _ = try client.list()
            _ = try client.lock()
            // A locked agent's vault is released once no request uses it.
            let settled = eventually(timeout: 5) { Self.openDescriptors(in: folder) <= baseline }
            if !settled { grew.append(cycle) }
            if grew.count > 3 { break }
        }
        #expect(grew.isEmpty, "descriptors above the baseline of \(baseline) after cycles \(grew)")
        #expect(Self.openDescriptors(in: folder) == baseline)
        // The last connection closed: the WAL was folded into the file, which alone holds every item.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal")
                || ((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) == 0)
    }
}
