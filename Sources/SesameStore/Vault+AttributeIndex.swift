import Foundation
import SesameCrypto

// MARK: - Lookup attributes in the keyed index

/// Attribute searches without decrypting the vault: each searchable attribute pair of an item is stored in the
/// same keyed index as its domains (`item_domains`), under a tag that cannot collide with a domain's (a NUL
/// separates name and value, which no host contains). A search fetches the items holding every asked tag and
/// decrypts only those, to confirm.
extension Vault {
    /// The active items whose lookup attributes include every pair of `query`; every active item when it is empty.
    public func items(withAttributes query: [String: String]) throws -> ItemScan {
        guard !query.isEmpty else { return try allItems() }
        return try withErrorMapping {
            let keys = try requireKeys()
            if indexDamaged {
                throw VaultError.damaged(
                    path: path, detail: "its index was changed outside Sesame and the vault is read-only, so it cannot be rebuilt")
            }
            let tags = Set(query.map { Self.tag(forAttribute: LookupAttribute(name: $0.key, value: $0.value), key: keys.index) })
            let placeholders = Array(repeating: "?", count: tags.count).joined(separator: ", ")
            let statement = try database.statement("""
                SELECT i.id, i.version, i.replaces, i.state, i.payload
                FROM items AS i
                WHERE i.state = 0 AND i.id IN (
                    SELECT item_id FROM item_domains WHERE tag IN (\(placeholders))
                    GROUP BY item_id HAVING COUNT(DISTINCT tag) = ?)
                """)
            var scan = ItemScan()
            try database.readTransaction {
                var position: Int32 = 1
                for tag in tags {
                    try statement.bind(tag, at: position)
                    position += 1
                }
                try statement.bind(Int64(tags.count), at: position)
                while try statement.step() {
                    guard let id = UUID(bytes: statement.blob(at: 0)) else { continue }
                    do {
                        let item = try decrypt(Row(statement, from: 1), id: id, keys: keys)
                        if item.matchesLookup(query) { scan.items.append(item) }
                    } catch {
                        scan.damaged.append(Self.mapped(error, path: path))
                    }
                }
            }
            statement.reset()
            if let integrityProblem { scan.damaged.append(integrityProblem) }
            return scan
        }
    }

    static func attributeTags(for item: Item, keys: Keys) -> [[UInt8]] {
        item.searchableAttributes.map { tag(forAttribute: $0, key: keys.index) }
    }

    static func tag(forAttribute attribute: LookupAttribute, key: SymmetricKey) -> [UInt8] {
        tag(forDomain: "attribute\u{0}\(attribute.name)\u{0}\(attribute.value)", key: key)
    }
}
