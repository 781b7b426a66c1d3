import Foundation
import Testing
import SesameCrypto
@testable import SesameStore

/// Rows changed behind Sesame's back: reported as damage, naming the item, and removable.
@Suite struct VaultTamperTests {
    private func overwritePayload(of id: UUID, with payload: [UInt8], in vault: Vault) throws {
        try vault.database.writeTransaction {
            try vault.database.statement("UPDATE items SET payload = ? WHERE id = ?")
                .bind(payload, at: 1).bind(id.bytes, at: 2).run()
        }
    }

    @Test func randomBytesInAPayloadAreDamageNotANewerSesame() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", password: "pw")
        try vault.add(item)
        try overwritePayload(of: item.id, with: [0xEE] + SecureRandom.bytes(count: 80), in: vault)
        #expect(throws: VaultError.itemDamaged(item.id)) { try vault.item(withID: item.id) }
    }

    @Test func damagedItemCanBeDeleted() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", password: "pw")
        let kept = Item(title: "kept", password: "pw")
        try vault.add(contentsOf: [item, kept])
        try overwritePayload(of: item.id, with: SecureRandom.bytes(count: 80), in: vault)
        try vault.delete(id: item.id)
        let scan = try vault.allItems()
        #expect(scan.damaged.isEmpty)
        #expect(scan.items.map(\.id) == [kept.id])
    }

    private func execute(_ sql: String, binding bytes: [[UInt8]] = [], in vault: Vault) throws {
        try vault.database.writeTransaction {
            let statement = try vault.database.statement(sql)
            for (index, value) in bytes.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
            try statement.run()
        }
    }

    private func reopened(_ vault: Vault) throws -> Vault {
        let fresh = try Vault(path: vault.path, publicSuffixList: testPublicSuffixList)
        try fresh.unlock(password: SecureBytes(utf8: "correct horse"))
        return fresh
    }

    private func isSetChange(_ error: VaultError) -> Bool {
        if case .damaged(_, let detail) = error { return detail.contains("set of items was changed") }
        return false
    }

    @Test func stateFlippedInClearNamesTheItem() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", password: "pw")
        try vault.add(item)
        try execute("UPDATE items SET state = 1 WHERE id = ?", binding: [item.id.bytes], in: vault)
        let fresh = try reopened(vault)
        #expect(throws: VaultError.itemDamaged(item.id)) { try fresh.item(withID: item.id) }
        #expect(try fresh.allItems(in: [.active, .trashed]).damaged.contains(.itemDamaged(item.id)))
    }

    @Test func olderPayloadPutBackIsDetected() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", password: "old")
        try vault.add(item)
        let old = try #require(try vault.readRow(id: item.id))
        try vault.updateItem(withID: item.id) { $0.password = "new" }

        // The payload alone: it no longer matches the row's version, and the item is named.
        try execute("UPDATE items SET payload = ? WHERE id = ?", binding: [old.payload!, item.id.bytes], in: vault)
        #expect(throws: VaultError.itemDamaged(item.id)) { try reopened(vault).item(withID: item.id) }

        // The whole old row, consistent in itself: the row digest no longer matches.
        try execute("UPDATE items SET version = ?, replaces = NULL, payload = ? WHERE id = ?",
                    binding: [old.version, old.payload!, item.id.bytes], in: vault)
        let fresh = try reopened(vault)
        let scan = try fresh.allItems()
        #expect(scan.items.map(\.password) == ["old"])
        #expect(scan.damaged.contains(where: isSetChange))
    }

    @Test func deletedRowIsDetected() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let gone = Item(title: "gone", password: "pw")
        let kept = Item(title: "kept", password: "pw")
        try vault.add(contentsOf: [gone, kept])
        try execute("DELETE FROM items WHERE id = ?", binding: [gone.id.bytes], in: vault)
        let scan = try reopened(vault).allItems()
        #expect(scan.items.map(\.id) == [kept.id])
        #expect(scan.damaged.contains(where: isSetChange))
        // Legitimate changes keep the digest in step: no false alarm after edits, trash and deletion.
        let clean = Item(title: "clean", password: "pw")
        let otherFolder = TemporaryFolder()
        let other = try makeVault(in: otherFolder)
        try other.add(contentsOf: [clean, Item(title: "b")])
        try other.updateItem(withID: clean.id) { $0.urls = [ItemURL("https://github.com")] }
        try other.setState(.trashed, ofItemWithID: clean.id)
        try other.setState(.active, ofItemWithID: clean.id)
        try other.recordUse(ofItemWithID: clean.id)
        try other.delete(id: clean.id)
        #expect(try reopened(other).allItems().damaged.isEmpty)
    }

    @Test func malformedIDIsReported() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", password: "pw")
        try vault.add(item)
        try execute("UPDATE items SET id = x'0102' WHERE id = ?", binding: [item.id.bytes], in: vault)
        let damaged = try reopened(vault).allItems().damaged
        #expect(damaged.contains { $0.description.contains("malformed id (0102)") })
    }

    @Test func movedIndexTagsAreRepairedAtUnlock() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", password: "pw", urls: [ItemURL("https://github.com/login")])
        try vault.add(item)
        try execute("UPDATE item_tags SET tag = randomblob(8)", binding: [], in: vault)
        #expect(try vault.items(withDomains: ["github.com"]).items.isEmpty)  // what fill saw before
        let fresh = try reopened(vault)
        #expect(try fresh.items(withDomains: ["github.com"]).items.map(\.id) == [item.id])
        #expect(try fresh.allItems().damaged.isEmpty)
    }

    @Test func vaultFromBeforeRowBindingIsUpgradedAtUnlock() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", password: "pw")
        try vault.add(item)
        // Rewrite the item as the previous format sealed it, and drop the digests, as in a version-1 vault.
        let keys = try vault.requireKeys()
        var plaintext = ItemPayload.encode(item)
        let legacy = [1] + AEAD.seal(plaintext, using: keys.items, authenticating: Vault.itemAssociatedData(
            item.id, format: 1, version: [], replaces: nil, state: 0))
        zeroize(&plaintext)
        try execute("UPDATE items SET payload = ? WHERE id = ?", binding: [legacy, item.id.bytes], in: vault)
        try execute("DELETE FROM meta WHERE name IN ('row_digest', 'index_digest')", in: vault)
        try wrapKeyAsBeforeDigests(vault)

        let fresh = try reopened(vault)
        #expect(try fresh.item(withID: item.id).item == item)
        #expect(try fresh.readRow(id: item.id)?.payload?.first == ItemPayload.currentFormat)
        #expect(try fresh.allItems().damaged.isEmpty)
        // Once upgraded, a format-1 payload can only be an old one put back.
        try execute("UPDATE items SET payload = ? WHERE id = ?", binding: [legacy, item.id.bytes], in: fresh)
        #expect(throws: VaultError.itemDamaged(item.id)) { try reopened(fresh).item(withID: item.id) }
    }

    /// Wraps the vault key as Sesame did before the wrapping stated that the vault keeps digests.
    private func wrapKeyAsBeforeDigests(_ vault: Vault, password: String = "correct horse") throws {
        var header = try vault.readHeader()
        let vaultKey = try vault.requireKeys().vault
        let wrappingKey = try PasswordKDF.deriveKey(from: SecureBytes(utf8: password), parameters: header.kdf)
        header.wrappedKey = vaultKey.withUnsafeBytes {
            AEAD.seal($0, using: wrappingKey, authenticating: header.wrappingAssociatedData(.predatesDigests))
        }
        header.checksum = header.computedChecksum()
        try vault.database.writeTransaction { try Vault.write(header, to: vault.database) }
    }

    @Test func deletedDigestsAreDamageNotAnOldVault() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let kept = Item(title: "kept", password: "pw")
        try vault.add(kept)
        try vault.add(Item(title: "removed", password: "pw"))
        let removed = try vault.allItems().items.first { $0.title == "removed" }!
        try execute("DELETE FROM items WHERE id = ?", binding: [removed.id.bytes], in: vault)
        try execute("DELETE FROM meta WHERE name = 'row_digest'", in: vault)

        let fresh = try reopened(vault)
        let listing = try fresh.allItems()
        #expect(listing.items.map(\.id) == [kept.id])
        #expect(listing.damaged.count == 1)
        // Reported on every unlock, not quietly re-digested into a trusted state.
        #expect(try reopened(fresh).allItems().damaged.count == 1)
    }

    /// A vault whose payloads are all format 2 (written before format 3) and whose key predates the wrapping that
    /// states digests: deleted digests are damage, as with format 3 payloads, not a version-1 vault to upgrade.
    @Test func deletedDigestsBesideFormatTwoPayloadsAreDamage() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", password: "pw")
        try vault.add(item)
        let row = try #require(try vault.readRow(id: item.id))
        var plaintext = ItemPayload.encode(item)
        let formatTwo = [2] + AEAD.seal(plaintext, using: try vault.requireKeys().items, authenticating: Vault.itemAssociatedData(
            item.id, format: 2, version: row.version, replaces: row.replaces, state: row.rawState))
        zeroize(&plaintext)
        try execute("UPDATE items SET payload = ? WHERE id = ?", binding: [formatTwo, item.id.bytes], in: vault)
        #expect(try reopened(vault).item(withID: item.id).item == item)
        try execute("DELETE FROM meta WHERE name IN ('row_digest', 'index_digest')", in: vault)
        try wrapKeyAsBeforeDigests(vault)

        let fresh = try reopened(vault)
        #expect(fresh.rowSetProblem != nil)
        #expect(try fresh.readRow(id: item.id)?.payload == formatTwo)  // not re-sealed as an upgrade would
    }

    @Test func deletingEveryItemAndTheDigestsOfAnEmptiedVaultIsDetected() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        try vault.add(Item(title: "only", password: "pw"))
        try execute("DELETE FROM items", in: vault)
        try execute("DELETE FROM meta WHERE name IN ('row_digest', 'index_digest')", in: vault)
        // No payload is left to show the vault's age: only the key's wrapping can.
        #expect(try reopened(vault).allItems().damaged.count == 1)
    }

    @Test func keyWrappedBeforeDigestsIsRewrappedOnceAndThenProtects() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", password: "pw")
        try vault.add(item)
        try wrapKeyAsBeforeDigests(vault)
        let before = try vault.readHeader()

        let fresh = try reopened(vault)
        #expect(try fresh.allItems().damaged.isEmpty)
        let after = try fresh.readHeader()
        #expect(after.wrappedKey != before.wrappedKey)
        #expect(after.kdf == before.kdf && after.isIntact)
        // Rewrapped: the same password still opens it, and deleting the digests is now damage even with no
        // current-format payload to give it away.
        try execute("DELETE FROM items", in: fresh)
        try execute("DELETE FROM meta WHERE name IN ('row_digest', 'index_digest')", in: fresh)
        #expect(try reopened(fresh).allItems().damaged.count == 1)
    }
}
