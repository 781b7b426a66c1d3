import Foundation
import Testing
import SesameCrypto
@testable import SesameStore

/// The vault file's life cycle: connections closed, WAL checkpointed, backups consistent.
@Suite struct VaultFileTests {
    /// Descriptors of this process open on files in `folder` (other tests run in parallel and open their own).
    private static func openDescriptors(in folder: TemporaryFolder) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count { descriptor in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
            return target?.hasPrefix(folder.path + "/") == true
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func thousandOpenUnlockCloseCyclesKeepDescriptorsConstant() throws {
        let folder = TemporaryFolder()
        let path = folder.file("vault.sqlite")
        do {
            let vault = try makeVault(in: folder)
            try vault.add(Item(title: "kept", password: "pw"))
            vault.close()
        }
        let password = SecureBytes(utf8: "correct horse")
        for cycle in 0..<1_000 {
            // The previous cycle's vault is gone: none of its descriptors may remain.
            #expect(try Self.openDescriptors(in: folder) == 0, "cycle \(cycle)")
            let vault = try Vault(path: path)
            try vault.unlock(password: password)
            #expect(try vault.count() == 1)
            // Half close explicitly, half just let go of the vault: both must release the connection.
            if cycle.isMultiple(of: 2) { vault.close() }
        }
        #expect(try Self.openDescriptors(in: folder) == 0)
    }

    @Test func closedVaultRefusesUseAndLeavesNoWAL() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        try vault.add(Item(title: "x"))
        vault.close()
        #expect(!vault.isUnlocked)
        #expect(throws: VaultError.self) { try vault.count() }
        // The last connection closed: SQLite folded the WAL into the main file and removed it.
        #expect(!FileManager.default.fileExists(atPath: folder.file("vault.sqlite-wal")))
    }

    @Test func mainFileAloneHoldsEveryCommittedItemWhileAnotherConnectionStaysOpen() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let holder = try Vault(path: vault.path)  // like the agent: keeps the WAL alive
        for index in 0..<20 { try vault.add(Item(title: "item \(index)", password: "pw")) }
        let copy = folder.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: vault.path, toPath: copy)
        let opened = try Vault(path: copy)
        try opened.unlock(password: SecureBytes(utf8: "correct horse"))
        #expect(try opened.allItems().items.count == 20)
        holder.close()
    }
}
