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

    // 1,000 Argon2id derivations take about 20 s alone; the limit only guards against a hang on a loaded machine.
    @Test(.timeLimit(.minutes(15)))
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
            let vault = try Vault(path: path, publicSuffixList: testPublicSuffixList)
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
        let holder = try Vault(path: vault.path, publicSuffixList: testPublicSuffixList)  // like the agent: keeps the WAL alive
        for index in 0..<20 { try vault.add(Item(title: "item \(index)", password: "pw")) }
        let copy = folder.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: vault.path, toPath: copy)
        let opened = try Vault(path: copy, publicSuffixList: testPublicSuffixList)
        try opened.unlock(password: SecureBytes(utf8: "correct horse"))
        #expect(try opened.allItems().items.count == 20)
        holder.close()
    }

    @Test func passwordChangeRotatesTheVaultKey() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder, password: "one")
        let before = Item(title: "Before", password: "p1", urls: [ItemURL("https://github.com")])
        try vault.add(before)
        let oldHeader = try vault.readHeader()
        try vault.changeMasterPassword(to: SecureBytes(utf8: "two"))
        let after = Item(title: "After", password: "p2")
        try vault.add(after)
        vault.close()

        // An attacker keeps the old header (an old backup) and learns the old password: items written since
        // the change must stay closed.
        let database = try Database(path: folder.file("vault.sqlite"), create: false)
        try database.writeTransaction { try Vault.write(oldHeader, to: database) }
        database.close()
        let reopened = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        try reopened.unlock(password: SecureBytes(utf8: "one"))
        #expect(throws: VaultError.itemDamaged(after.id)) { try reopened.item(withID: after.id) }
        #expect(throws: VaultError.itemDamaged(before.id)) { try reopened.item(withID: before.id) }
    }

    @Test func passwordChangeKeepsTrashUsageSettingsAndIndex() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder, password: "one")
        let active = Item(title: "Active", password: "a", urls: [ItemURL("https://github.com")])
        let trashed = Item(title: "Trashed", password: "t")
        let deleted = Item(title: "Deleted", password: "d")
        try vault.add(contentsOf: [active, trashed, deleted])
        try vault.setState(.trashed, ofItemWithID: trashed.id)
        try vault.delete(id: deleted.id)
        try vault.updateItem(withID: active.id) { $0.password = "a2" }
        try vault.recordUse(ofItemWithID: active.id, at: Date(timeIntervalSince1970: 1_000_000))
        try vault.setSetting(named: "equivalents", to: [1, 2, 3])
        try vault.changeMasterPassword(to: SecureBytes(utf8: "two"))
        // Checkpointed and truncated: no page sealed under the old key is left in the WAL.
        let wal = try? FileManager.default.attributesOfItem(atPath: folder.file("vault.sqlite-wal"))
        #expect((wal?[.size] as? NSNumber)?.intValue ?? 0 == 0)

        let reopened = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        try reopened.unlock(password: SecureBytes(utf8: "two"))
        let shown = try reopened.item(withID: active.id)
        #expect(shown.item.password == "a2")
        #expect(shown.item.passwordHistory.map(\.password) == ["a"])
        #expect(try reopened.item(withID: trashed.id).state == .trashed)
        #expect(throws: VaultError.itemNotFound(deleted.id)) { try reopened.item(withID: deleted.id) }
        #expect(try reopened.usage(ofItemsWithIDs: [active.id])[active.id]?.count == 1)
        #expect(try reopened.setting(named: "equivalents") == [1, 2, 3])
        #expect(try reopened.items(withDomains: ["github.com"]).items.map(\.id) == [active.id])
    }

    @Test func aFolderIsNamedAsAFolder() throws {
        let folder = TemporaryFolder()
        #expect(throws: VaultError.isFolder(path: folder.path)) { try Vault(path: folder.path, publicSuffixList: testPublicSuffixList) }
        #expect(VaultError.isFolder(path: "/x").description.contains("folder"))
    }

    @Test func creatingOverSomethingElseSaysWhatIsThere() throws {
        let folder = TemporaryFolder()
        let create = { (path: String) throws -> Vault in
            try Vault.create(at: path, password: SecureBytes(utf8: "pw"), kdf: testKDF(), publicSuffixList: testPublicSuffixList)
        }
        let empty = folder.file("empty")
        #expect(FileManager.default.createFile(atPath: empty, contents: nil))
        #expect(throws: VaultError.cannotCreate(path: empty, reason: "an empty file exists there")) { try create(empty) }

        let other = folder.file("other.sqlite")
        let database = try Database(path: other, create: true)
        try database.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        database.close()
        #expect(throws: VaultError.cannotCreate(path: other, reason: "a file that is not a Sesame vault exists there")) {
            try create(other)
        }

        let fifo = folder.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        for special in [fifo, "/dev/null"] {
            #expect(throws: VaultError.cannotCreate(path: special, reason: "it exists and is not a regular file")) {
                try create(special)
            }
        }
        #expect(throws: VaultError.cannotCreate(path: folder.path, reason: "it is a folder")) { try create(folder.path) }

        let vault = try create(folder.file("vault.sqlite"))
        #expect(throws: VaultError.alreadyExists(path: vault.path)) { try create(vault.path) }
        for path in [empty, other] { #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] != nil) }
    }
}
