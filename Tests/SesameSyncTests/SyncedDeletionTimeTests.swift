import Foundation
import SesameStore
import SesameSync
import Testing

/// Deletion times (what a KeePass export writes as deletion records) across devices: a deletion merged from
/// another device is dated by that device's op, and an item that comes back loses its deletion time.
@Suite struct SyncedDeletionTimeTests {
    let folder = TemporaryFolder()
    var shared: FolderTransport { FolderTransport(root: folder.file("sync")) }

    @Test func aMergedDeletionIsDatedByItsOpAndAnItemThatComesBackLosesItsTime() throws {
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let gone = Item(title: "Gone", password: "g")
        let disputed = Item(title: "Disputed", password: "d")
        try first.add(contentsOf: [gone, disputed])
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)

        // The op's hybrid time is in whole milliseconds.
        let before = (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000
        try first.delete(id: gone.id)
        let after = Date()
        // A put beats a concurrent delete: Disputed, deleted on the first device and edited on the second, comes back.
        try first.delete(id: disputed.id)
        try second.updateItem(withID: disputed.id) { $0.password = "edited" }
        for vault in [first, second, first] { _ = try vault.sync(with: shared) }

        let merged = try #require(try second.deletions().first { $0.id == gone.id })
        #expect(merged.deleted.timeIntervalSince1970 >= before && merged.deleted <= after)
        #expect(try second.deletions().map(\.id) == [gone.id])
        #expect(try first.item(withID: disputed.id).item.password == "edited")
        #expect(try first.deletions().map(\.id) == [gone.id])
    }
}
