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
}
