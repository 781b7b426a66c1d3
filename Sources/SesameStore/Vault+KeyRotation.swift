import Foundation
import SesameCrypto

// MARK: - Rotating the vault key

extension Vault {
    /// Re-seals every row that depends on the vault key from `oldKeys` to `newKeys`, inside the caller's write
    /// transaction. An item that does not decrypt stops the rotation: re-sealing cannot save it, and leaving it
    /// under a key that is about to be forgotten would lose it silently; `rm ID --force` removes it first.
    func reseal(from oldKeys: Keys, to newKeys: Keys) throws {
        try resealItems(from: oldKeys, to: newKeys, upgrading: false)

        let usages = try database.statement("SELECT item_id, sealed FROM item_usage")
        var usage: [(id: UUID, usage: ItemUsage?)] = []
        while try usages.step() {
            guard let id = UUID(bytes: usages.blob(at: 0)) else { continue }
            usage.append((id, Self.openUsage(usages.blob(at: 1), id: id, keys: oldKeys)))
        }
        usages.reset()
        for (id, record) in usage {
            // A usage record that no longer opens only ranked an item: it is dropped rather than kept unreadable.
            guard let record else {
                try database.statement("DELETE FROM item_usage WHERE item_id = ?").bind(id.bytes, at: 1).run()
                continue
            }
            try database.statement("UPDATE item_usage SET sealed = ? WHERE item_id = ?")
                .bind(Self.sealUsage(record, id: id, keys: newKeys), at: 1).bind(id.bytes, at: 2).run()
        }

        try resealDeletions(from: oldKeys, to: newKeys)

        let settings = try database.statement("SELECT name FROM settings")
        var names: [String] = []
        while try settings.step() { if let name = settings.string(at: 0) { names.append(name) } }
        settings.reset()
        for name in names {
            guard let value = try readSetting(named: name, keys: oldKeys) else { continue }
            try writeSetting(named: name, value: value, keys: newKeys)
        }
    }

    /// Re-seals every item under `newKeys` in the current format (its row bound in), rebuilds the index, and
    /// recomputes both digests. `upgrading` is the first unlock of a vault that predates format 2, the one case
    /// where format 1 payloads are accepted.
    func resealItems(from oldKeys: Keys, to newKeys: Keys, upgrading: Bool) throws {
        let rows = try database.statement(
            "SELECT id, version, replaces, state, payload FROM items WHERE payload IS NOT NULL")
        var items: [(item: Item, row: Row)] = []
        while try rows.step() {
            guard let id = UUID(bytes: rows.blob(at: 0)) else {
                throw VaultError.damaged(path: path, detail: "an item row has a malformed id")
            }
            let row = Row(rows, from: 1)
            items.append((try decrypt(row, id: id, keys: oldKeys, acceptingFormat1: upgrading), row))
        }
        rows.reset()
        let update = try database.statement("UPDATE items SET payload = ? WHERE \(Self.itemWithID(2))")
        for (item, row) in items {
            let payload = try seal(item, version: row.version, replaces: row.replaces, state: row.state, keys: newKeys)
            try update.reset().bind(payload, at: 1).bind(item.id.bytes, at: 2).run()
        }
        let digests = try computeDigests(keys: newKeys)
        try writeDigest(Self.rowDigestName, digests.rows)
        try rebuildIndex(keys: newKeys)
    }
}
