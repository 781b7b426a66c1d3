import Foundation
import SesameCrypto
import SesameDomains

// MARK: - The keyed domain index

/// Lookups by site without decrypting the vault: each item's registrable domains are stored as keyed tags (HMAC
/// under the index key) in one B-tree of (tag, item row number), `item_tags`. A lookup hashes the asked domains,
/// reads those rows, joins the items by row number and decrypts only them.
///
/// The index keeps nothing by item: an item's rows are found again from its tags, computed from the version being
/// replaced (the store decrypts it for every change anyway), so the file holds one small row per site of an item.
/// An item that no longer decrypts has its rows found by a scan of the index.
extension Vault {
    /// Bump when the way tags are computed changes; with the public suffix list's fingerprint it names the index.
    /// v2: lookup attributes (Vault+AttributeIndex); v3: 8-byte tags, rows by item number, a login's own
    /// attributes indexed only where its domains do not answer for them; v4: 4-byte tags (schema step 5); v5:
    /// each passkey's relying party.
    static let indexFormat = "v5"

    /// How much of the HMAC a tag keeps. A tag only selects candidates, and every candidate is decrypted and
    /// checked against the question (the matcher, site credentials, `matchesLookup`), so a collision costs one
    /// extra decryption, never a wrong answer; the key, not the length, keeps tags from being computed by anyone
    /// else, and the digest over the index rows is a full keyed hash. 32 bits: with a million distinct sites and
    /// attributes indexed, a lookup meets another site's tag with a chance of about 2 × 10⁻⁴, which costs that one
    /// lookup an extra decryption (6 µs); 4 bytes of each index row less than 64 bits took.
    static let tagLength = 4

    /// The active items stored under any of `domains` (registrable domains, as `publicSuffixList` gives them).
    public func items(withDomains domains: some Sequence<String>) throws -> ItemScan {
        try items(withTags: { keys in Set(domains).map { Self.tag(forDomain: $0, key: keys.index) } })
    }

    /// The active items that hold a passkey of `relyingPartyID` (and, rarely, a few others whose tag collides:
    /// callers check each item's passkeys). A read-only vault whose index predates passkey tags is scanned.
    public func items(withPasskeysFor relyingPartyID: String) throws -> ItemScan {
        let wanted = "\(Self.indexFormat):\(publicSuffixList.fingerprint)"
        guard try withErrorMapping({
            try database.scalarText("SELECT value FROM meta WHERE name = 'index_fingerprint'") == wanted
        }) else {
            var scan = ItemScan()
            scan.damaged = try forEachItem { item in
                if item.passkeys.contains(where: { $0.relyingPartyID == relyingPartyID }) { scan.items.append(item) }
            }
            return scan
        }
        return try items(withTags: { keys in [Self.tag(forPasskeyRelyingParty: relyingPartyID, key: keys.index)] })
    }

    private func items(withTags makeTags: (Keys) -> [[UInt8]]) throws -> ItemScan {
        try withErrorMapping {
            let keys = try requireKeys()
            if indexDamaged {
                // An empty answer from a tampered index would read as "no login matches".
                throw VaultError.damaged(
                    path: path, detail: "its domain index was changed outside Sesame and the vault is read-only, so it cannot be rebuilt")
            }
            let statement = try database.statement("""
                SELECT i.id, i.version, i.replaces, i.state, i.payload
                FROM item_tags AS t JOIN items AS i ON i.ref = t.item
                WHERE t.tag = ? AND i.state = \(ItemState.active.rawValue)
                """)
            var seen = Set<UUID>()
            var scan = ItemScan()
            try database.readTransaction {
                for tag in makeTags(keys) {
                    statement.reset()
                    try statement.bind(tag, at: 1)
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
            guard let domain = registrableDomain(ofURL: url.url) else { continue }
            domains.insert(domain)
        }
        return domains
    }

    /// The registrable domain of a stored or asked URL; nil when it names no host.
    func registrableDomain(ofURL text: String) -> String? {
        guard let parsed = try? ServiceURL(parsing: text) else { return nil }
        return publicSuffixList.registrableDomain(of: parsed.host)
    }

    func indexTags(for item: Item, keys: Keys) throws -> Set<[UInt8]> {
        Set(indexedDomains(of: item).map { Self.tag(forDomain: $0, key: keys.index) })
            .union(attributeTags(for: item, keys: keys))
            .union(item.passkeys.map { Self.tag(forPasskeyRelyingParty: $0.relyingPartyID, key: keys.index) })
    }

    /// A passkey's relying party, in a namespace of its own: a site's logins are not its passkeys' candidates.
    static func tag(forPasskeyRelyingParty relyingPartyID: String, key: SymmetricKey) -> [UInt8] {
        tag(forDomain: "passkey\u{0}\(relyingPartyID)", key: key)
    }

    /// The tags of the version in `row`, as the index holds them; nil when it cannot be read (damaged, or a newer
    /// format), so its rows must be looked for.
    func indexTags(ofRow row: Row, id: UUID, keys: Keys) -> Set<[UInt8]>? {
        guard row.state != .deleted else { return [] }
        guard let item = try? decrypt(row, id: id, keys: keys) else { return nil }
        return try? indexTags(for: item, keys: keys)
    }

    /// The row number of an item, what its index rows refer to.
    func itemRef(of id: UUID) throws -> Int64? {
        let statement = try database.statement("SELECT ref FROM items WHERE \(Self.itemWithID(1))")
        defer { statement.reset() }
        try statement.bind(id.bytes, at: 1)
        return try statement.step() ? statement.int64(at: 0) : nil
    }

    /// Brings an item's index rows from `old` (its tags before the change; nil when unknown) to `new` (none for a
    /// deleted item), keeping the index digest in step with the rows actually removed and added, inside the
    /// caller's write transaction. `ref`: the item's row number, when the caller has it.
    func replaceIndex(of id: UUID, ref knownRef: Int64? = nil, from old: Set<[UInt8]>?, to new: Set<[UInt8]>, keys: Keys)
        throws
    {
        guard let ref = try knownRef ?? itemRef(of: id) else { return }
        var removed: [[UInt8]] = []
        let remove = try database.statement("DELETE FROM item_tags WHERE tag = ? AND item = ?")
        for tag in try old.map(Array.init) ?? tagsInIndex(ofItem: ref) where !new.contains(tag) {
            try remove.reset().bind(tag, at: 1).bind(ref, at: 2).run()
            if database.changes == 1 { removed.append(Self.indexMAC(tag: tag, itemID: id.bytes, key: keys.digest)) }
        }
        // Every tag is written again, so a row missing for whatever reason comes back with the next change.
        var added: [[UInt8]] = []
        let insert = try database.statement("INSERT OR IGNORE INTO item_tags (tag, item) VALUES (?, ?)")
        for tag in new {
            try insert.reset().bind(tag, at: 1).bind(ref, at: 2).run()
            if database.changes == 1 { added.append(Self.indexMAC(tag: tag, itemID: id.bytes, key: keys.digest)) }
        }
        try adjustDigest(Self.indexDigestName, removing: removed, adding: added)
    }

    /// An item's rows found by reading the whole index: only for a version that cannot be decrypted.
    private func tagsInIndex(ofItem ref: Int64) throws -> [[UInt8]] {
        let statement = try database.statement("SELECT tag FROM item_tags WHERE item = ?")
        defer { statement.reset() }
        try statement.bind(ref, at: 1)
        var tags: [[UInt8]] = []
        while try statement.step() { tags.append(statement.blob(at: 0) ?? []) }
        return tags
    }

    /// Rebuilds every index row from the items and resets the index digest, inside the caller's write
    /// transaction. A damaged item cannot be indexed; it stays reported as damaged wherever it is read.
    func rebuildIndex(keys: Keys) throws {
        try database.execute("DELETE FROM item_tags")
        let statement = try database.statement(
            "SELECT ref, id, version, replaces, state, payload FROM items WHERE state != \(ItemState.deleted.rawValue)")
        var rows: [(ref: Int64, id: UUID, row: Row)] = []
        while try statement.step() {
            if let id = UUID(bytes: statement.blob(at: 1)) { rows.append((statement.int64(at: 0), id, Row(statement, from: 2))) }
        }
        statement.reset()
        let insert = try database.statement("INSERT OR IGNORE INTO item_tags (tag, item) VALUES (?, ?)")
        for (ref, id, row) in rows {
            guard let item = try? decrypt(row, id: id, keys: keys) else { continue }
            for tag in try indexTags(for: item, keys: keys) {
                try insert.reset().bind(tag, at: 1).bind(ref, at: 2).run()
            }
        }
        try writeDigest(Self.indexDigestName, try computeIndexDigest(keys: keys))
    }

    static func tag(forDomain domain: String, key: SymmetricKey) -> [UInt8] {
        Array(key.authenticationCode(for: Array(domain.utf8)).prefix(tagLength))
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
