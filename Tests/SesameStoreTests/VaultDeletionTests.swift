import Foundation
import Testing
import SesameCrypto
@testable import SesameStore

/// When items were deleted: recorded with the tombstone, sealed, kept through a key change, read by exports.
@Suite struct VaultDeletionTests {
    let folder = TemporaryFolder()

    private func rawRecords() throws -> [[UInt8]: [UInt8]] {
        let database = try Database(path: folder.file("vault.sqlite"), create: false)
        defer { database.close() }
        let statement = try database.statement("SELECT item_id, sealed FROM item_deletions")
        defer { statement.reset() }
        var records: [[UInt8]: [UInt8]] = [:]
        while try statement.step() { records[statement.blob(at: 0) ?? []] = statement.blob(at: 1) ?? [] }
        return records
    }

    @Test func aDeletionRecordsItsTimeAndOnlyDeletedItemsAreListed() throws {
        let vault = try makeVault(in: folder)
        let gone = Item(title: "Gone")
        let kept = Item(title: "Kept")
        try vault.add(contentsOf: [gone, kept])
        #expect(try vault.deletions().isEmpty)

        let when = Date(timeIntervalSince1970: 1_700_000_000.5)
        try vault.delete(id: gone.id, now: when)
        try vault.setState(.trashed, ofItemWithID: kept.id)
        #expect(try vault.deletions() == [ItemDeletion(id: gone.id, deleted: when)])
    }

    @Test func theTimeIsSealedAndBoundToItsItem() throws {
        let vault = try makeVault(in: folder)
        let first = Item(title: "First")
        let second = Item(title: "Second")
        try vault.add(contentsOf: [first, second])
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        try vault.delete(id: first.id, now: when)
        try vault.delete(id: second.id, now: when.addingTimeInterval(60))

        let records = try rawRecords()
        let sealed = try #require(records[first.id.bytes])
        let clear = withUnsafeBytes(of: when.timeIntervalSinceReferenceDate.bitPattern.littleEndian, Array.init)
        #expect(sealed.count > clear.count && !sealed.indices.contains { sealed[$0...].starts(with: clear) })
        #expect(!String(decoding: sealed, as: UTF8.self).contains("1700000000"))

        // A record copied onto another item's row does not open there: that item is left out, not misdated.
        let database = try Database(path: folder.file("vault.sqlite"), create: false)
        try database.writeTransaction {
            try database.statement("UPDATE item_deletions SET sealed = ? WHERE item_id = ?")
                .bind(sealed, at: 1).bind(second.id.bytes, at: 2).run()
        }
        database.close()
        #expect(try vault.deletions() == [ItemDeletion(id: first.id, deleted: when)])
    }

    @Test func aMasterPasswordChangeResealsDeletionTimes() throws {
        let vault = try makeVault(in: folder, password: "one")
        let item = Item(title: "Gone")
        try vault.add(item)
        let when = Date(timeIntervalSince1970: 1_600_000_000)
        try vault.delete(id: item.id, now: when)
        let sealedBefore = try rawRecords()[item.id.bytes]
        try vault.changeMasterPassword(to: SecureBytes(utf8: "two"))
        #expect(try rawRecords()[item.id.bytes] != sealedBefore)
        let reopened = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        try reopened.unlock(password: SecureBytes(utf8: "two"))
        #expect(try reopened.deletions() == [ItemDeletion(id: item.id, deleted: when)])
    }
}
