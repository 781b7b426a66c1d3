import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import Testing

/// The store integration: local writes become ops of the device's series, other devices' batches are merged
/// into the SQLite vault, conflicts are shown and resolved, and a restored copy takes a new device id.
@Suite struct SyncedVaultTests {
    let folder = TemporaryFolder()
    var shared: FolderTransport { FolderTransport(root: folder.file("sync")) }

    @Test func everyLocalWriteIsOneOpFlushedIntoOneBatch() throws {
        let vault = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let item = Item(title: "Mail", username: "ann", password: "one")
        try vault.add(item)
        try vault.updateItem(withID: item.id) { $0.password = "two" }
        try vault.setState(.trashed, ofItemWithID: item.id)
        let other = Item(title: "Bank", password: "x")
        try vault.add(other)
        try vault.delete(id: other.id)
        #expect(try vault.syncStatus().pendingOps == 5)
        let report = try vault.sync(with: shared)
        #expect(report.flushed == BatchName(device: vault.deviceID, seq: 1))
        #expect(try vault.syncStatus().pendingOps == 0)
        #expect(try shared.listBatches() == [BatchName(device: vault.deviceID, seq: 1)])
        // Nothing to flush: no empty batches.
        #expect(try vault.sync(with: shared).flushed == nil)
    }

    @Test func aCloneReceivesEverythingAndBothConverge() throws {
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let items = (0..<20).map { Item(title: "Site \($0)", username: "u\($0)", password: "p\($0)") }
        try first.add(contentsOf: items)
        try first.setState(.trashed, ofItemWithID: items[3].id)
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        #expect(second.deviceID != first.deviceID)
        #expect(try second.visibleState() == first.visibleState())
        #expect(try second.item(withID: items[3].id).state == .trashed)
        // Changes flow both ways, and the domain index follows.
        try second.updateItem(withID: items[0].id) { $0.urls = [ItemURL("https://example.org/login")] }
        try first.delete(id: items[1].id)
        for vault in [first, second, first] { _ = try vault.sync(with: shared) }
        #expect(try second.visibleState() == first.visibleState())
        #expect(try first.items(withDomains: ["example.org"]).items.map(\.id) == [items[0].id])
        #expect(throws: VaultError.itemNotFound(items[1].id)) { try second.item(withID: items[1].id) }
    }

    @Test func concurrentEditsAreAConflictUntilOneVersionIsKept() throws {
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let item = Item(title: "Router", password: "original")
        try first.add(item)
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        try first.updateItem(withID: item.id) { $0.password = "from-first" }
        try second.updateItem(withID: item.id) { $0.password = "from-second" }
        for vault in [first, second, first] { _ = try vault.sync(with: shared) }
        #expect(try first.visibleState() == second.visibleState())
        let conflicts = try second.syncConflicts()
        #expect(conflicts.count == 1)
        #expect(Set(conflicts[0].versions.map(\.item.password)) == ["from-first", "from-second"])
        // Keep the version that is not shown.
        let sibling = conflicts[0].versions[1]
        try second.resolveConflict(itemID: item.id, keeping: sibling.id)
        for vault in [second, first] { _ = try vault.sync(with: shared) }
        for vault in [first, second] {
            #expect(try vault.syncConflicts().isEmpty)
            #expect(try vault.item(withID: item.id).item.password == sibling.item.password)
        }
    }

    @Test func anEditSurvivesAConcurrentDelete() throws {
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let item = Item(title: "Shop", password: "a")
        try first.add(item)
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        try first.delete(id: item.id)
        try second.updateItem(withID: item.id) { $0.password = "b" }
        for vault in [first, second, first] { _ = try vault.sync(with: shared) }
        for vault in [first, second] { #expect(try vault.item(withID: item.id).item.password == "b") }
    }

    @Test func aCopyRestoredFromBackupTakesANewDeviceID() throws {
        let path = folder.file("a.sqlite")
        var vault = try makeSyncedVault(at: path, transport: shared)
        let kept = Item(title: "Kept", password: "1")
        try vault.add(kept)
        _ = try vault.sync(with: shared)
        vault.close()
        try FileManager.default.copyItem(atPath: path, toPath: folder.file("backup.sqlite"))
        vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        try vault.add(Item(title: "Later", password: "2"))
        _ = try vault.sync(with: shared)
        let oldDevice = vault.deviceID
        vault.close()
        // The machine is restored from the backup, and a change is made before syncing.
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.copyItem(atPath: folder.file("backup.sqlite"), toPath: path)
        vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        try vault.add(Item(title: "After restore", password: "3"))
        // The round notices, moves the unpublished change to a new device id, and syncs as that device.
        #expect(try vault.sync(with: shared).adoptedNewDeviceID)
        #expect(vault.deviceID != oldDevice)
        vault.close()
        vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        #expect(vault.deviceID != oldDevice)
        #expect(try vault.sync(with: shared).adoptedNewDeviceID == false)
        #expect(Set(try vault.allItems().items.map(\.title)) == ["Kept", "Later", "After restore"])
        let fresh = try cloneSyncedVault(at: folder.file("c.sqlite"), transport: shared)
        #expect(try fresh.visibleState() == vault.visibleState())
    }
}

/// Files a transport withholds are noticed from what other devices say they applied.
@Suite struct WithheldBatchTests {
    let folder = TemporaryFolder()

    @Test func batchesSeenByOthersButMissingHereAreReported() throws {
        let full = FolderTransport(root: folder.file("full"))
        let partial = FolderTransport(root: folder.file("partial"))
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: full)
        try partial.writeHeader(try full.readHeader()!)
        try first.add(Item(title: "one", password: "1"))
        _ = try first.sync(with: full)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: full)
        let third = try cloneSyncedVault(at: folder.file("c.sqlite"), transport: full)
        try first.add(Item(title: "two", password: "2"))
        _ = try first.sync(with: full)
        try second.add(Item(title: "from second", password: "3"))
        _ = try second.sync(with: full)
        // The third device's transport delivers the second device's batch but holds back the first's newest.
        try copyBatches(from: full, to: partial) { $0.device == second.deviceID }
        _ = try third.sync(with: partial)
        let status = try third.syncStatus()
        #expect(status.applied[first.deviceID] == 1)
        #expect(status.seenElsewhere[first.deviceID] == 2)
        #expect(Set(try third.allItems().items.map(\.title)) == ["one", "from second"])
    }
}
