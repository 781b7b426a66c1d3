import Foundation
import Testing
import SesameCrypto
@testable import SesameStore

/// Cheapest parameters the vault accepts, so tests stay fast.
func testKDF() -> KDFParameters { try! KDFParameters.generate(memoryMiB: 19, passes: 2) }

func makeVault(in folder: TemporaryFolder, password: String = "correct horse") throws -> Vault {
    try Vault.create(at: folder.file("vault.sqlite"), password: SecureBytes(utf8: password), kdf: testKDF(), publicSuffixList: testPublicSuffixList)
}

@Suite struct VaultTests {
    /// Items are found through an index of their ids' first 8 bytes: ids that share them stay apart in every
    /// read and write, and an id already in the vault is refused (no index does it since schema step 5).
    @Test func idsSharingTheirFirstBytesStayApartAndAnIDIsAddedOnce() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let first = try #require(UUID(uuidString: "01020304-0506-4708-8000-000000000001"))
        let second = try #require(UUID(uuidString: "01020304-0506-4708-8000-000000000002"))
        try vault.add(Item(id: first, title: "first", password: "1", urls: [ItemURL("https://one.example")]))
        try vault.add(Item(id: second, title: "second", password: "2", urls: [ItemURL("https://two.example")]))
        #expect(try vault.item(withID: first).item.title == "first" && vault.item(withID: second).item.title == "second")
        try vault.updateItem(withID: second) { $0.password = "22" }
        try vault.setState(.trashed, ofItemWithID: first)
        #expect(try vault.item(withID: first).state == .trashed && vault.item(withID: second).item.password == "22")
        try vault.delete(id: first)
        #expect(throws: VaultError.itemNotFound(first)) { try vault.item(withID: first) }
        #expect(try vault.item(withID: second).item.password == "22")
        #expect(try vault.deletions().map(\.id) == [first])
        #expect(try vault.items(withDomains: ["two.example"]).items.map(\.id) == [second])

        let path = vault.path
        #expect(throws: VaultError.storage(path: path, detail: "an item with id \(second.uuidString.lowercased()) is already in the vault")) {
            try vault.add(contentsOf: [Item(title: "new"), Item(id: second, title: "again")])
        }
        #expect(try vault.count() == 1)  // all or none: "new" was not added either
        #expect(throws: VaultError.storage(path: path, detail: "an item with id \(first.uuidString.lowercased()) is already in the vault")) {
            try vault.add(Item(id: first, title: "over the tombstone"))
        }
        let twice = UUID()
        #expect(throws: VaultError.self) { try vault.add(contentsOf: [Item(id: twice, title: "a"), Item(id: twice, title: "b")]) }
        #expect(try vault.count() == 1 && vault.count(in: .deleted) == 1)
        let plan = try vault.database.statement("EXPLAIN QUERY PLAN SELECT version FROM items WHERE \(Vault.itemWithID(1))")
        #expect(try plan.step() && plan.string(at: 3)?.contains("USING INDEX items_by_id") == true)
        plan.reset()
    }

    /// Rows sealed in format 2 (every vault before format 3) are read in place, and an edit writes the item back
    /// in format 3, the compact encoding, with nothing lost.
    @Test func formatTwoRowsAreReadAndRewrittenCompactOnEdit() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        var item = Item(
            title: "Mail", username: "ann", password: "one", urls: [ItemURL("https://mail.example.com/login")],
            notes: "n", created: Date(timeIntervalSinceReferenceDate: 786_000_000.5))
        try vault.add(item)
        let keys = try vault.requireKeys()
        let row = try #require(try vault.readRow(id: item.id))
        #expect(row.payload?.first == 3)
        var plaintext = ItemPayload.encode(item)
        let formatTwo = [2] + AEAD.seal(plaintext, using: keys.items, authenticating: Vault.itemAssociatedData(
            item.id, format: 2, version: row.version, replaces: row.replaces, state: row.rawState))
        zeroize(&plaintext)
        #expect(formatTwo.count > row.payload!.count + 20)
        try vault.database.writeTransaction {
            try vault.database.statement("UPDATE items SET payload = ? WHERE id = ?").bind(formatTwo, at: 1).bind(item.id.bytes, at: 2).run()
        }
        #expect(try vault.item(withID: item.id).item == item)
        #expect(try vault.items(withDomains: ["example.com"]).items == [item])
        var logins: [ItemLogin] = []
        try vault.forEachLogin { logins.append($0) }
        #expect(logins == [ItemLogin(item)])

        let edited = try vault.updateItem(withID: item.id, now: Date(timeIntervalSinceReferenceDate: 786_000_100)) { $0.password = "two" }
        item.password = "two"
        item.passwordHistory = [PasswordHistoryEntry(password: "one", replaced: Date(timeIntervalSinceReferenceDate: 786_000_100))]
        item.modified = Date(timeIntervalSinceReferenceDate: 786_000_100)
        #expect(edited == item)
        #expect(try vault.readRow(id: item.id)?.payload?.first == 3)
        #expect(try vault.item(withID: item.id).item == item)
    }

    @Test func createdVaultReopensWithTheRightPasswordOnly() throws {
        let folder = TemporaryFolder()
        let item = Item(title: "GitHub", username: "alice", password: "pw1", urls: [ItemURL("https://github.com")])
        do {
            let vault = try makeVault(in: folder)
            try vault.add(item)
        }
        let reopened = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        #expect(!reopened.isUnlocked)
        #expect(throws: VaultError.wrongPassword) { try reopened.unlock(password: SecureBytes(utf8: "wrong")) }
        #expect(throws: VaultError.locked) { try reopened.allItems() }
        try reopened.unlock(password: SecureBytes(utf8: "correct horse"))
        let stored = try reopened.item(withID: item.id)
        #expect(stored.item == item)
        #expect(stored.state == .active)
    }

    @Test func filesArePrivate() throws {
        let folder = TemporaryFolder()
        let nested = folder.file("a/b/vault.sqlite")
        let vault = try Vault.create(at: nested, password: SecureBytes(utf8: "pw"), kdf: testKDF(), publicSuffixList: testPublicSuffixList)
        try vault.add(Item(title: "x"))
        for path in [nested, nested + "-wal"] {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o600, "\(path)")
        }
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.file("a/b"))[.posixPermissions] as? NSNumber
        #expect(folderMode?.intValue == 0o700)
    }

    @Test func creatingOverAnExistingFileIsRefused() throws {
        let folder = TemporaryFolder()
        _ = try makeVault(in: folder)
        #expect(throws: VaultError.alreadyExists(path: folder.file("vault.sqlite"))) { try makeVault(in: folder) }
    }

    @Test func updatesKeepPasswordHistoryAndVersionChain() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "Mail", username: "bob", password: "old")
        try vault.add(item)
        let firstVersion = try vault.readRow(id: item.id)!.version
        let later = Date(timeIntervalSince1970: 2_000_000_000)
        let updated = try vault.updateItem(withID: item.id, now: later) { $0.password = "new" }
        #expect(updated.password == "new")
        #expect(updated.passwordHistory == [PasswordHistoryEntry(password: "old", replaced: later)])
        #expect(updated.modified == later)
        let row = try vault.readRow(id: item.id)!
        #expect(row.version != firstVersion)
        let replaces = try vault.database.statement("SELECT replaces FROM items WHERE id = ?").bind(item.id.bytes, at: 1)
        #expect(try replaces.step())
        #expect(replaces.blob(at: 0) == firstVersion)
        replaces.reset()
        // An edit that changes nothing writes nothing.
        try vault.updateItem(withID: item.id) { _ in }
        #expect(try vault.readRow(id: item.id)!.version == row.version)
    }

    @Test func deleteLeavesATombstoneWithoutPayload() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "Gone", urls: [ItemURL("https://gone.example")])
        try vault.add(item)
        try vault.delete(id: item.id)
        let row = try #require(try vault.readRow(id: item.id))
        #expect(row.state == .deleted)
        #expect(row.payload == nil)
        #expect(throws: VaultError.itemNotFound(item.id)) { try vault.item(withID: item.id) }
        #expect(try vault.items(withDomains: ["gone.example"]).items.isEmpty)
        #expect(try vault.allItems().items.isEmpty)
    }

    @Test func trashHidesFromLookupsAndRestoreBringsBack() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "Repo", urls: [ItemURL("https://git.example.com")])
        try vault.add(item)
        try vault.setState(.trashed, ofItemWithID: item.id)
        #expect(try vault.items(withDomains: ["example.com"]).items.isEmpty)
        #expect(try vault.allItems(in: [.trashed]).items.map(\.id) == [item.id])
        #expect(try vault.item(withID: item.id).state == .trashed)
        try vault.setState(.active, ofItemWithID: item.id)
        #expect(try vault.items(withDomains: ["example.com"]).items.map(\.id) == [item.id])
    }

    @Test func domainLookupReturnsOnlyItemsOfThatSite() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let a = Item(title: "A", urls: [ItemURL("https://login.example.com/x")])
        let b = Item(title: "B", urls: [ItemURL("https://other.org"), ItemURL("example.com")])
        let c = Item(title: "C", urls: [ItemURL("https://example.net")])
        let never = Item(title: "N", urls: [ItemURL("https://example.com")], matchMode: .never)
        try vault.add(contentsOf: [a, b, c, never])
        #expect(Set(try vault.items(withDomains: ["example.com"]).items.map(\.id)) == [a.id, b.id])
        #expect(try vault.items(withDomains: ["example.net"]).items.map(\.id) == [c.id])
        #expect(Set(try vault.items(withDomains: ["example.net", "other.org"]).items.map(\.id)) == [b.id, c.id])
        #expect(try vault.items(withDomains: ["nothing.test"]).items.isEmpty)
        // Editing a URL away moves the item out of the old site's index.
        try vault.updateItem(withID: a.id) { $0.urls = [ItemURL("https://example.net")] }
        #expect(try vault.items(withDomains: ["example.com"]).items.map(\.id) == [b.id])
    }

    @Test func usageIsRecordedPerItem() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "Used")
        try vault.add(item)
        #expect(try vault.usage(ofItemsWithIDs: [item.id]).isEmpty)
        try vault.recordUse(ofItemWithID: item.id, at: Date(timeIntervalSince1970: 100))
        try vault.recordUse(ofItemWithID: item.id, at: Date(timeIntervalSince1970: 200))
        #expect(try vault.usage(ofItemsWithIDs: [item.id])[item.id] == ItemUsage(lastUsed: Date(timeIntervalSince1970: 200), count: 2))
    }

    @Test func settingsAreSealed() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        #expect(try vault.setting(named: "equivalents") == nil)
        try vault.setSetting(named: "equivalents", to: Array("google.com youtube.com".utf8))
        #expect(try vault.setting(named: "equivalents") == Array("google.com youtube.com".utf8))
        try vault.setSetting(named: "equivalents", to: nil)
        #expect(try vault.setting(named: "equivalents") == nil)
    }

    @Test func masterPasswordChangeKeepsItems() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder, password: "one")
        let item = Item(title: "Kept", password: "p")
        try vault.add(item)
        try vault.changeMasterPassword(to: SecureBytes(utf8: "two"))
        let reopened = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        #expect(throws: VaultError.wrongPassword) { try reopened.unlock(password: SecureBytes(utf8: "one")) }
        try reopened.unlock(password: SecureBytes(utf8: "two"))
        #expect(try reopened.item(withID: item.id).item == item)
    }

    @Test func unknownPayloadFieldsSurviveAnEdit() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        var item = Item(title: "Future")
        item.unknownFields[99] = [[1, 2, 3], [4]]
        try vault.add(item)
        let edited = try vault.updateItem(withID: item.id) { $0.notes = "edited" }
        #expect(edited.unknownFields == item.unknownFields)
        #expect(try vault.item(withID: item.id).item.unknownFields == item.unknownFields)
    }

    @Test func staleDomainIndexIsRebuiltOnUnlock() throws {
        let folder = TemporaryFolder()
        let item = Item(title: "Indexed", urls: [ItemURL("https://login.example.co.uk")])
        do {
            let vault = try makeVault(in: folder)
            try vault.add(item)
            // As if the index had been built by other rules (an older public suffix list, the first version's
            // last-two-labels placeholder): wrong tags and an old fingerprint.
            try vault.database.execute("DELETE FROM item_tags")
            try vault.database.execute("INSERT INTO item_tags (tag, item) VALUES (x'00', 1)")
            try vault.database.execute("UPDATE meta SET value = 'v0:placeholder' WHERE name = 'index_fingerprint'")
        }
        let vault = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        try vault.unlock(password: SecureBytes(utf8: "correct horse"))
        #expect(try vault.items(withDomains: ["example.co.uk"]).items.map(\.id) == [item.id])
        // Its domain only: the login's own attributes are answered through it (Vault+AttributeIndex).
        #expect(try vault.database.scalarInt("SELECT count(*) FROM item_tags") == 1)
    }

    /// Issue 24: a passkey sign-in finds its relying party's items through the keyed index (its own namespace: a
    /// site's logins are not candidates), and an index built before passkey tags (v3) is rebuilt on unlock.
    @Test func passkeysAreFoundThroughTheIndexAndAnIndexWithoutThemIsRebuilt() throws {
        let folder = TemporaryFolder()
        let key = try PasskeyPrivateKey.generate().key
        let holder = Item(title: "Holder", urls: [ItemURL("https://elsewhere.example.org")], passkeys: [Passkey(
            credentialID: [7, 7], relyingPartyID: "example.com", userHandle: [1], userName: "alice", privateKey: key,
            created: Date(timeIntervalSince1970: 1_000))])
        let site = Item(title: "Site", username: "alice", password: "pw", urls: [ItemURL("https://example.com")])
        do {
            let vault = try makeVault(in: folder)
            try vault.add(contentsOf: [holder, site])
            #expect(try vault.items(withPasskeysFor: "example.com").items.map(\.id) == [holder.id])
            #expect(try vault.items(withPasskeysFor: "example.org").items.isEmpty)
            #expect(try vault.items(withDomains: ["example.com"]).items.map(\.id) == [site.id])
            let edited = try vault.updateItem(withID: holder.id) { $0.passkeys[0].relyingPartyID = "login.example.com" }
            #expect(edited.passkeys.count == 1)
            #expect(try vault.items(withPasskeysFor: "example.com").items.isEmpty, "the old tag went with the edit")
            #expect(try vault.items(withPasskeysFor: "login.example.com").items.map(\.id) == [holder.id])
            // As the previous index format left it: no passkey tags.
            try vault.database.execute("DELETE FROM item_tags WHERE tag = x'\(Vault.tag(forPasskeyRelyingParty: "login.example.com", key: try vault.requireKeys().index).map { String(format: "%02x", $0) }.joined())'")
            try vault.database.execute("UPDATE meta SET value = 'v3:placeholder' WHERE name = 'index_fingerprint'")
        }
        let vault = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        try vault.unlock(password: SecureBytes(utf8: "correct horse"))
        #expect(try vault.items(withPasskeysFor: "login.example.com").items.map(\.id) == [holder.id])
    }
}
