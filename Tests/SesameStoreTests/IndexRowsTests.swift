import Foundation
import SesameCrypto
@testable import SesameStore
import Testing

/// The keyed index of schema 3: one row of an 8-byte tag and the item's row number per site or program
/// attribute, nothing by item, and the digest following every row that is written or removed.
@Suite struct IndexRowsTests {
    func rowCount(_ vault: Vault) throws -> Int64 { try vault.database.scalarInt("SELECT count(*) FROM item_tags") }

    /// The stored digest is the one of the rows there: nothing left to rebuild at the next unlock.
    func digestMatchesRows(_ vault: Vault) throws -> Bool {
        try vault.readDigest(Vault.indexDigestName) == vault.computeIndexDigest(keys: vault.requireKeys())
    }

    @Test func aLoginHoldsOneShortRowPerSiteAndAProgramsItemOnePerPair() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let login = Item(title: "GitHub", username: "alice", password: "p",
                         urls: [ItemURL("https://github.com/login"), ItemURL("https://gist.github.com"),
                                ItemURL("https://example.org")])
        try vault.add(login)
        #expect(try rowCount(vault) == 2)
        #expect(try vault.database.scalarInt("SELECT max(length(tag)) FROM item_tags") == 4)
        let stored = Item(title: "token", password: "t", attributes: ["service": "demo", "user": "bob", "xdg:schema": "org.example"])
        try vault.add(stored)
        #expect(try rowCount(vault) == 5)
        #expect(try digestMatchesRows(vault))
    }

    @Test func urlsWithoutADomainTagAreFoundByTheirURL() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let login = Item(title: "App", username: "carol", password: "p",
                         urls: [ItemURL("not a url"), ItemURL("https://never.example.com", match: .never),
                                ItemURL("https://shop.example.net/cart")])
        try vault.add(login)
        #expect(try rowCount(vault) == 3)  // two URL attributes and one site
        for url in ["not a url", "https://never.example.com", "https://shop.example.net/cart"] {
            #expect(try vault.items(withAttributes: ["url": url]).items.map(\.id) == [login.id], "\(url)")
        }
        // The same site is not the same URL: the candidate is decrypted and refused.
        #expect(try vault.items(withAttributes: ["url": "https://shop.example.net/"]).items.isEmpty)
        #expect(try vault.items(withDomains: ["example.com"]).items.isEmpty)
        #expect(try vault.items(withAttributes: ["username": "carol", "xdg:schema": Item.loginSchema]).items.map(\.id) == [login.id])
    }

    @Test func editsMoveAnItemsRowsWithoutAnIndexByItem() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "Mail", password: "p", urls: [ItemURL("https://mail.example.com")])
        let other = Item(title: "Other", password: "q", urls: [ItemURL("https://example.com/other")])
        try vault.add(contentsOf: [item, other])
        try vault.updateItem(withID: item.id) { $0.urls = [ItemURL("https://mail.example.org")] }
        #expect(try vault.items(withDomains: ["example.com"]).items.map(\.id) == [other.id])
        #expect(try vault.items(withDomains: ["example.org"]).items.map(\.id) == [item.id])
        #expect(try rowCount(vault) == 2)
        try vault.delete(id: item.id)
        #expect(try vault.items(withDomains: ["example.org"]).items.isEmpty)
        #expect(try rowCount(vault) == 1)
        #expect(try digestMatchesRows(vault))
    }

    @Test func deletingAnItemThatNoLongerDecryptsRemovesItsRows() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "Broken", password: "p", urls: [ItemURL("https://a.example.com"), ItemURL("https://b.example.org")])
        let kept = Item(title: "Kept", password: "q", urls: [ItemURL("https://example.com")])
        try vault.add(contentsOf: [item, kept])
        try vault.database.writeTransaction {
            try vault.database.statement("UPDATE items SET payload = ? WHERE id = ?")
                .bind(SecureRandom.bytes(count: 80), at: 1).bind(item.id.bytes, at: 2).run()
        }
        // Its tags cannot be computed from its payload: its rows are found by reading the index.
        try vault.delete(id: item.id)
        #expect(try rowCount(vault) == 1)
        #expect(try vault.items(withDomains: ["example.com"]).items.map(\.id) == [kept.id])
        #expect(try digestMatchesRows(vault))
    }

    @Test func rowsMovedOntoAnotherItemAreCaughtAndRepaired() throws {
        let folder = TemporaryFolder()
        let path = folder.file("vault.sqlite")
        let first = Item(title: "First", password: "p", urls: [ItemURL("https://first.example.com")])
        let second = Item(title: "Second", password: "q", urls: [ItemURL("https://second.example.org")])
        do {
            let vault = try makeVault(in: folder)
            try vault.add(contentsOf: [first, second])
            // Swap the two items' row numbers: every index row now names the other item.
            try vault.database.writeTransaction {
                try vault.database.execute("UPDATE items SET ref = -ref")
                try vault.database.execute("UPDATE items SET ref = 3 + ref")
            }
            #expect(try vault.items(withDomains: ["example.com"]).items.map(\.id) == [second.id])
        }
        let vault = try Vault(path: path, publicSuffixList: testPublicSuffixList)
        try vault.unlock(password: SecureBytes(utf8: "correct horse"))
        #expect(try vault.items(withDomains: ["example.com"]).items.map(\.id) == [first.id])
        #expect(try vault.items(withDomains: ["example.org"]).items.map(\.id) == [second.id])
    }
}
