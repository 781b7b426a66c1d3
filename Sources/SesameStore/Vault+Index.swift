import Foundation
import SesameCrypto
import SesameDomains

// MARK: - The keyed domain index

/// Lookups by site without decrypting the vault: each item's registrable domains are stored as HMACs under the
/// index key, in an indexed table. A lookup hashes the asked domains, fetches those rows and decrypts only them.
extension Vault {
    /// Bump when the way tags are computed changes; with the public suffix list's fingerprint it names the index.
    static let indexFormat = "v2"  // v2: lookup attributes (Vault+AttributeIndex)

    /// The active items stored under any of `domains` (registrable domains, as `publicSuffixList` gives them).
    public func items(withDomains domains: some Sequence<String>) throws -> ItemScan {
        try withErrorMapping {
            let keys = try requireKeys()
            if indexDamaged {
                // An empty answer from a tampered index would read as "no login matches".
                throw VaultError.damaged(
                    path: path, detail: "its domain index was changed outside Sesame and the vault is read-only, so it cannot be rebuilt")
            }
            let statement = try database.statement("""
                SELECT i.id, i.version, i.replaces, i.state, i.payload
                FROM item_domains AS d JOIN items AS i ON i.id = d.item_id
                WHERE d.tag = ? AND i.state = 0
                """)
            var seen = Set<UUID>()
            var scan = ItemScan()
            try database.readTransaction {
                for domain in Set(domains) {
                    statement.reset()
                    try statement.bind(Self.tag(forDomain: domain, key: keys.index), at: 1)
                    while try statement.step() {
                        guard let id = UUID(bytes: statement.blob(at: 0)), seen.insert(id).inserted else { continue }
                        do {
                            scan.items.append(try decrypt(Row(statement, from: 1), id: id, keys: keys))
                        } catch {
                            scan.damaged.append(Self.mapped(error, path: path))
                        }
                    }
                }
            }
            statement.reset()
            if let integrityProblem { scan.damaged.append(integrityProblem) }
            return scan
        }
    }

    /// The sites an item is indexed under: the registrable domain of each URL that may match at all.
    public func indexedDomains(of item: Item) -> Set<String> {
        var domains = Set<String>()
        for url in item.urls where item.matchMode(for: url) != .never {
            guard let parsed = try? ServiceURL(parsing: url.url) else { continue }
            domains.insert(publicSuffixList.registrableDomain(of: parsed.host))
        }
        return domains
    }

    func indexTags(for item: Item, keys: Keys) throws -> [[UInt8]] {
        indexedDomains(of: item).map { Self.tag(forDomain: $0, key: keys.index) } + Self.attributeTags(for: item, keys: keys)
    }

    /// Replaces an item's index rows with `tags` (none for a deleted item), keeping the index digest in step.
    func replaceIndex(of id: UUID, with tags: [[UInt8]], keys: Keys) throws {
        let old = try indexMACs(ofItem: id, keys: keys)
        if !old.isEmpty {
            try database.statement("DELETE FROM item_domains WHERE item_id = ?").bind(id.bytes, at: 1).run()
        }
        try insertIndex(tags, for: id)
        try adjustDigest(Self.indexDigestName, removing: old, adding: try indexMACs(ofItem: id, keys: keys))
    }

    private func insertIndex(_ tags: [[UInt8]], for id: UUID) throws {
        let statement = try database.statement("INSERT OR IGNORE INTO item_domains (tag, item_id) VALUES (?, ?)")
        for tag in tags {
            try statement.reset().bind(tag, at: 1).bind(id.bytes, at: 2).run()
        }
    }

    /// Rebuilds every index row from the items and resets the index digest, inside the caller's write
    /// transaction. A damaged item cannot be indexed; it stays reported as damaged wherever it is read.
    func rebuildIndex(keys: Keys) throws {
        try database.execute("DELETE FROM item_domains")
        let statement = try database.statement(
            "SELECT id, version, replaces, state, payload FROM items WHERE state != 2")
        var rows: [(UUID, Row)] = []
        while try statement.step() {
            if let id = UUID(bytes: statement.blob(at: 0)) { rows.append((id, Row(statement, from: 1))) }
        }
        statement.reset()
        for (id, row) in rows {
            guard let item = try? decrypt(row, id: id, keys: keys) else { continue }
            try insertIndex(try indexTags(for: item, keys: keys), for: id)
        }
        try writeDigest(Self.indexDigestName, try computeIndexDigest(keys: keys))
    }

    /// 128 bits of HMAC-SHA-256: collisions are irrelevant (candidates are decrypted and checked), and short tags
    /// keep the index small.
    static func tag(forDomain domain: String, key: SymmetricKey) -> [UInt8] {
        Array(key.authenticationCode(for: Array(domain.utf8)).prefix(16))
    }

    /// Rebuilds the index when the rules that define a site changed since it was built (a newer public suffix
    /// list, a new tag format). The index is derived data, so rebuilding is always safe.
    func rebuildIndexIfNeeded() throws {
        guard !database.isReadOnly else { return }  // lookups use the index as its last writer left it
        let wanted = "\(Self.indexFormat):\(publicSuffixList.fingerprint)"
        guard try database.scalarText("SELECT value FROM meta WHERE name = 'index_fingerprint'") != wanted else {
            return
        }
        let keys = try requireKeys()
        try database.writeTransaction {
            // Another process may have rebuilt it while we waited for the lock.
            guard try database.scalarText("SELECT value FROM meta WHERE name = 'index_fingerprint'") != wanted else {
                return
            }
            try rebuildIndex(keys: keys)
            try database.statement("""
                INSERT INTO meta (name, value) VALUES ('index_fingerprint', ?)
                ON CONFLICT (name) DO UPDATE SET value = excluded.value
                """)
                .bind(wanted, at: 1).run()
        }
    }
}
