import Foundation
import Testing
import SesameCrypto
@testable import SesameStore

/// `sesame verify --accept`'s core: after unlock reported a changed set of items, the rows as they are become the
/// reference, and the next unlock reports nothing, until the next change behind Sesame's back.
@Suite struct VaultAcceptRowsTests {
    private func deleteRow(of id: UUID, in vault: Vault) throws {
        try vault.database.writeTransaction {
            try vault.database.statement("DELETE FROM items WHERE id = ?").bind(id.bytes, at: 1).run()
        }
    }

    private func reopened(_ vault: Vault) throws -> Vault {
        let fresh = try Vault(path: vault.path, publicSuffixList: testPublicSuffixList)
        try fresh.unlock(password: SecureBytes(utf8: "correct horse"))
        return fresh
    }

    @Test func acceptedRowsAreTheNewReference() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let gone = Item(title: "gone", password: "pw")
        let kept = Item(title: "kept", password: "pw", urls: [ItemURL("https://kept.example")])
        try vault.add(contentsOf: [gone, kept])
        try deleteRow(of: gone.id, in: vault)

        let changed = try reopened(vault)
        let problem = try #require(changed.rowSetProblem)
        #expect(problem.description.contains("set of items was changed outside Sesame"))
        #expect(try changed.allItems().damaged == [problem])
        try changed.acceptCurrentRows()
        #expect(changed.rowSetProblem == nil)
        #expect(try changed.allItems().damaged.isEmpty)

        let accepted = try reopened(vault)
        #expect(accepted.rowSetProblem == nil)
        let scan = try accepted.allItems()
        #expect(scan.damaged.isEmpty)
        #expect(scan.items.map(\.id) == [kept.id])
        // The index was rebuilt with the digest: lookups still find the item.
        #expect(try accepted.items(withDomains: ["kept.example"]).items.map(\.id) == [kept.id])

        // A later change behind Sesame's back is caught again.
        try deleteRow(of: kept.id, in: accepted)
        #expect(try reopened(vault).rowSetProblem != nil)
    }

    @Test func aDeletedRecordOfTheRowsIsWrittenAgain() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        try vault.add(Item(title: "x", password: "pw"))
        try vault.database.writeTransaction { try vault.database.execute("DELETE FROM meta WHERE name = 'row_digest'") }
        let changed = try reopened(vault)
        #expect(changed.rowSetProblem?.description.contains("record of which items it holds was deleted") == true)
        try changed.acceptCurrentRows()
        #expect(try reopened(vault).rowSetProblem == nil)
    }

    @Test func acceptingNeedsTheVaultUnlocked() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        vault.lock()
        #expect(throws: VaultError.locked) { try vault.acceptCurrentRows() }
    }
}
