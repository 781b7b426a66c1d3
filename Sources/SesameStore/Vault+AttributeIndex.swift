import Foundation
import SesameCrypto

// MARK: - Lookup attributes in the keyed index

/// Attribute searches without decrypting the vault: the attribute pairs a program stored with an item are in the
/// same keyed index as domains (`item_tags`), under tags that cannot collide with a domain's (a NUL separates name
/// and value, which no host contains). A search reads the items holding a tag of every indexed pair it names and
/// decrypts only those, to confirm.
///
/// A login's own attributes (`Item.lookupAttributes` when no program set any) mostly repeat what is indexed
/// already, so they cost no rows of their own: `url` is answered through the domain of the asked URL (a URL
/// without a domain tag, one that names no host or never matches, keeps an attribute tag), while `xdg:schema`
/// (the same on every login) and `username` are not indexed. A search naming only those reads every item, as a
/// search naming nothing does; with any other pair, that pair selects the candidates.
extension Vault {
    /// The active items whose lookup attributes include every pair of `query`; every active item when it is empty.
    public func items(withAttributes query: [String: String]) throws -> ItemScan {
        try withErrorMapping {
            let keys = try requireKeys()
            let pairs = query.map { LookupAttribute(name: $0.key, value: $0.value) }
            // For each pair the index can answer, the tags an item holding it has one of.
            let selectors = pairs.compactMap { indexAlternatives(for: $0, keys: keys) }
            guard !selectors.isEmpty else {
                var scan = try allItems()
                scan.items.removeAll { !$0.matchesLookup(query) }
                return scan
            }
            if indexDamaged {
                throw VaultError.damaged(
                    path: path, detail: "its index was changed outside Sesame and the vault is read-only, so it cannot be rebuilt")
            }
            let conditions = selectors.map { tags in
                "i.ref IN (SELECT item FROM item_tags WHERE tag IN (\(Array(repeating: "?", count: tags.count).joined(separator: ", "))))"
            }
            let statement = try database.statement("""
                SELECT i.id, i.version, i.replaces, i.state, i.payload
                FROM items AS i
                WHERE i.state = \(ItemState.active.rawValue) AND \(conditions.joined(separator: " AND "))
                """)
            var scan = ItemScan()
            try database.readTransaction {
                var position: Int32 = 1
                for tag in selectors.joined() {
                    try statement.bind(tag, at: position)
                    position += 1
                }
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

    /// The tags of which every item holding `pair` has at least one; nil when a login may hold it without any.
    private func indexAlternatives(for pair: LookupAttribute, keys: Keys) -> [[UInt8]]? {
        switch pair.name {
        case Item.schemaAttribute where pair.value == Item.loginSchema, Item.usernameAttribute:
            return nil
        case Item.urlAttribute:
            var tags = [Self.tag(forAttribute: pair, key: keys.index)]
            if let domain = registrableDomain(ofURL: pair.value) { tags.append(Self.tag(forDomain: domain, key: keys.index)) }
            return tags
        default:
            return [Self.tag(forAttribute: pair, key: keys.index)]
        }
    }

    /// A program's pairs, every one; for a login, an attribute tag for each URL its domains do not cover.
    func attributeTags(for item: Item, keys: Keys) -> Set<[UInt8]> {
        guard item.attributes.isEmpty else {
            return Set(item.attributes.map { Self.tag(forAttribute: LookupAttribute(name: $0.key, value: $0.value), key: keys.index) })
        }
        var tags = Set<[UInt8]>()
        for url in item.urls where item.matchMode(for: url) == .never || registrableDomain(ofURL: url.url) == nil {
            tags.insert(Self.tag(forAttribute: LookupAttribute(name: Item.urlAttribute, value: url.url), key: keys.index))
        }
        return tags
    }

    static func tag(forAttribute attribute: LookupAttribute, key: SymmetricKey) -> [UInt8] {
        tag(forDomain: "attribute\u{0}\(attribute.name)\u{0}\(attribute.value)", key: key)
    }
}
