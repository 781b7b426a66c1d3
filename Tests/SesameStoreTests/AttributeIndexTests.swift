import Foundation
import SesameCrypto
@testable import SesameStore
import Testing

/// Lookup attributes (the Secret Service's) found through the keyed index, decrypting only the candidates.
@Suite struct AttributeIndexTests {
    @Test func clientAttributesMatchExactlyAndAllTogether() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let alice = Item(title: "a", password: "1", attributes: ["service": "demo", "username": "alice"])
        let bob = Item(title: "b", password: "2", attributes: ["service": "demo", "username": "bob"])
        try vault.add(contentsOf: [alice, bob])
        #expect(Set(try vault.items(withAttributes: ["service": "demo"]).items.map(\.id)) == [alice.id, bob.id])
        #expect(try vault.items(withAttributes: ["service": "demo", "username": "bob"]).items.map(\.id) == [bob.id])
        #expect(try vault.items(withAttributes: ["service": "Demo"]).items.isEmpty)  // case-sensitive
        #expect(try vault.items(withAttributes: ["service": "demo", "username": "carol"]).items.isEmpty)
        #expect(try vault.items(withAttributes: ["service=demo": ""]).items.isEmpty)
        #expect(try vault.items(withAttributes: [:]).items.count == 2)
    }

    @Test func loginsAreFoundByEachURLUserNameAndSchema() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let login = Item(title: "GitHub", username: "alice", password: "p",
                         urls: [ItemURL("https://github.com/login"), ItemURL("https://gist.github.com")])
        try vault.add(login)
        for query in [["url": "https://github.com/login"], ["url": "https://gist.github.com", "username": "alice"],
                      ["xdg:schema": Item.loginSchema]] {
            #expect(try vault.items(withAttributes: query).items.map(\.id) == [login.id], "\(query)")
        }
        #expect(try vault.items(withAttributes: ["username": "bob"]).items.isEmpty)
        #expect(login.lookupAttributes == ["xdg:schema": Item.loginSchema, "username": "alice", "url": "https://github.com/login"])
    }

    @Test func searchesDecryptOnlyTheCandidates() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let wanted = Item(title: "wanted", attributes: ["k": "v"])
        let other = Item(title: "other", attributes: ["k": "w"])
        try vault.add(contentsOf: [wanted, other])
        // A damaged unrelated item would be reported by any search that decrypted it.
        try vault.database.writeTransaction {
            try vault.database.statement("UPDATE items SET payload = ? WHERE id = ?")
                .bind(SecureRandom.bytes(count: 80), at: 1).bind(other.id.bytes, at: 2).run()
        }
        let scan = try vault.items(withAttributes: ["k": "v"])
        #expect(scan.items.map(\.id) == [wanted.id])
        #expect(scan.damaged.isEmpty)
    }

    @Test func editsAndDeletionsFollowInTheIndex() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let item = Item(title: "x", attributes: ["k": "old"])
        try vault.add(item)
        try vault.updateItem(withID: item.id) { $0.attributes = ["k": "new"] }
        #expect(try vault.items(withAttributes: ["k": "old"]).items.isEmpty)
        #expect(try vault.items(withAttributes: ["k": "new"]).items.map(\.id) == [item.id])
        try vault.setState(.trashed, ofItemWithID: item.id)
        #expect(try vault.items(withAttributes: ["k": "new"]).items.isEmpty)
        try vault.setState(.active, ofItemWithID: item.id)
        try vault.delete(id: item.id)
        #expect(try vault.items(withAttributes: ["k": "new"]).items.isEmpty)
        #expect(try vault.allItems().damaged.isEmpty)
    }
}
