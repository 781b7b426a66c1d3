import Foundation
import SesameCrypto
import SesameSync

// MARK: - Tamper detection over the set of rows

/// Each item's sealed payload binds its id, version, predecessor and state (see `itemAssociatedData`), so a row
/// edited in place fails to decrypt and is named. What a single row cannot show — a row deleted, an old row put
/// back whole, a row resurrected, index tags moved — is caught by two keyed digests kept in `meta`: the XOR of
/// a keyed BLAKE2b hash per item row (id, version, state) and per index row (tag, the id of the item it refers
/// to). Every write
/// transaction updates them for the rows it changes (O(1) per row); unlock recomputes and compares them (O(n)).
extension Vault {
    static let rowDigestName = "row_digest"
    static let indexDigestName = "index_digest"

    /// The keyed hash of one item row. Lengths are prefixed, so malformed ids or versions cannot shift bytes between fields.
    /// Keyed BLAKE2b (not HMAC-SHA-256): unlock hashes every row, and BLAKE2b costs one compression per row.
    static func rowMAC(id: [UInt8], version: [UInt8], state: Int64, key: SymmetricKey) -> [UInt8] {
        var message = [UInt8](repeating: 0, count: 4 + id.count + version.count)
        let length = id.withUnsafeBytes { id in
            version.withUnsafeBytes { version in
                message.withUnsafeMutableBytes { rowMessage(id: id, version: version, state: state, into: $0) }
            }
        }
        return key.keyedHash(Array(message[0..<length]))
    }

    static func indexMAC(tag: [UInt8], itemID: [UInt8], key: SymmetricKey) -> [UInt8] {
        var message = [UInt8](repeating: 0, count: 2 + tag.count + itemID.count)
        let length = tag.withUnsafeBytes { tag in
            itemID.withUnsafeBytes { id in message.withUnsafeMutableBytes { indexMessage(tag: tag, itemID: id, into: $0) } }
        }
        return key.keyedHash(Array(message[0..<length]))
    }

    /// What a row MAC hashes: `01 ‖ len ‖ id ‖ len ‖ version ‖ state`; returns its length. Lengths are prefixed,
    /// so malformed ids or versions cannot shift bytes between fields. Sesame writes 16-byte ids and 8- or 16-byte
    /// versions; of a longer (damaged) value only its first 255 bytes are hashed, which still cannot match.
    static func rowMessage(id: UnsafeRawBufferPointer, version: UnsafeRawBufferPointer, state: Int64,
                           into message: UnsafeMutableRawBufferPointer) -> Int {
        let id = UnsafeRawBufferPointer(rebasing: id.prefix(255)), version = UnsafeRawBufferPointer(rebasing: version.prefix(255))
        var position = 0
        func append(_ byte: UInt8) { message[position] = byte; position += 1 }
        func append(_ bytes: UnsafeRawBufferPointer) {
            guard !bytes.isEmpty else { return }
            UnsafeMutableRawBufferPointer(rebasing: message[position..<position + bytes.count]).copyMemory(from: bytes)
            position += bytes.count
        }
        append(0x01)
        append(UInt8(truncatingIfNeeded: id.count))
        append(id)
        append(UInt8(truncatingIfNeeded: version.count))
        append(version)
        append(UInt8(truncatingIfNeeded: state))
        return position
    }

    /// What an index row MAC hashes: `02 ‖ len ‖ tag ‖ item id` (a tag of at most 255 bytes, an id of 16);
    /// returns its length.
    static func indexMessage(tag: UnsafeRawBufferPointer, itemID: UnsafeRawBufferPointer,
                             into message: UnsafeMutableRawBufferPointer) -> Int {
        let tag = UnsafeRawBufferPointer(rebasing: tag.prefix(255)), id = UnsafeRawBufferPointer(rebasing: itemID.prefix(16))
        message[0] = 0x02
        message[1] = UInt8(truncatingIfNeeded: tag.count)
        if !tag.isEmpty { UnsafeMutableRawBufferPointer(rebasing: message[2..<2 + tag.count]).copyMemory(from: tag) }
        if !id.isEmpty { UnsafeMutableRawBufferPointer(rebasing: message[2 + tag.count..<2 + tag.count + id.count]).copyMemory(from: id) }
        return 2 + tag.count + id.count
    }

    static func xor(_ a: inout [UInt8], _ b: [UInt8]) {
        for index in a.indices { a[index] ^= b[index] }
    }

    static func xor(_ a: inout [UInt8], _ b: UnsafeRawBufferPointer) {
        for index in a.indices { a[index] ^= b[index] }
    }

    func readDigest(_ name: String) throws -> [UInt8]? {
        let statement = try database.statement("SELECT value FROM meta WHERE name = ?")
        defer { statement.reset() }
        try statement.bind(name, at: 1)
        guard try statement.step(), let text = statement.string(at: 0) else { return nil }
        // An unreadable digest compares unequal to any computed one, so it is reported, never trusted.
        return Self.bytes(hex: text) ?? []
    }

    func writeDigest(_ name: String, _ value: [UInt8]) throws {
        try database.statement("""
            INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value
            """)
            .bind(name, at: 1).bind(lowercaseHex(value), at: 2).run()
    }

    /// Applies a change of rows to a stored digest, inside the caller's write transaction.
    func adjustDigest(_ name: String, removing old: [[UInt8]], adding new: [[UInt8]]) throws {
        guard !old.isEmpty || !new.isEmpty else { return }
        var digest = try readDigest(name) ?? [UInt8](repeating: 0, count: 32)
        for mac in old + new { Self.xor(&digest, mac) }
        try writeDigest(name, digest)
    }

    /// Both digests recomputed from every row: one scan of the items, one of the index. Run at every unlock, so
    /// it hashes from SQLite's own buffers into one on the stack, without allocating per row.
    func computeDigests(keys: Keys) throws -> (rows: [UInt8], index: [UInt8]) {
        var rows = [UInt8](repeating: 0, count: 32)
        // Counting the rows walks the smallest index without decoding it: about a millisecond at 100,000 items.
        var ids = ItemRefTable(capacity: Int(try database.scalarInt("SELECT count(*) FROM items")))
        let items = try database.statement("SELECT ref, id, version, state FROM items")
        defer { items.reset() }
        try withUnsafeTemporaryAllocation(byteCount: 32 + 4 + 2 * 255, alignment: 8) { buffer in
            let mac = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<32])
            let message = UnsafeMutableRawBufferPointer(rebasing: buffer[32...])
            while try items.step() {
                let length = items.withBlob(at: 1) { id in
                    items.withBlob(at: 2) { version in
                        Self.rowMessage(id: id, version: version, state: items.int64(at: 3), into: message)
                    }
                }
                keys.digest.keyedHash(UnsafeRawBufferPointer(rebasing: message[0..<length]), into: mac)
                Self.xor(&rows, UnsafeRawBufferPointer(mac))
                if let id = items.withBlob(at: 1, { $0.count == 16 ? $0.loadUnaligned(as: uuid_t.self) : nil }) {
                    ids.append(ref: items.int64(at: 0), id: id)
                }
            }
        }
        ids.finish()
        return (rows, try computeIndexDigest(keys: keys, ids: ids))
    }

    private static let noID: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// The index digest; `ids` (item row numbers to ids) when the caller has read them already.
    func computeIndexDigest(keys: Keys, ids known: ItemRefTable? = nil) throws -> [UInt8] {
        var ids = known ?? ItemRefTable()
        if known == nil {
            let items = try database.statement("SELECT ref, id FROM items")
            defer { items.reset() }
            while try items.step() {
                if let id = items.withBlob(at: 1, { $0.count == 16 ? $0.loadUnaligned(as: uuid_t.self) : nil }) {
                    ids.append(ref: items.int64(at: 0), id: id)
                }
            }
            ids.finish()
        }
        var index = [UInt8](repeating: 0, count: 32)
        // A row's MAC binds the id of the item its row number names, so rows moved onto another item show.
        let tags = try database.statement("SELECT tag, item FROM item_tags")
        defer { tags.reset() }
        try withUnsafeTemporaryAllocation(byteCount: 32 + 2 + 255 + 16, alignment: 8) { buffer in
            let mac = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<32])
            let message = UnsafeMutableRawBufferPointer(rebasing: buffer[32...])
            while try tags.step() {
                // An index row naming no item is hashed with no id: its MAC then matches nothing Sesame wrote.
                let id = ids.id(at: tags.int64(at: 1))
                let length = tags.withBlob(at: 0) { tag in
                    withUnsafeBytes(of: id ?? Self.noID) { idBytes in
                        Self.indexMessage(tag: tag, itemID: UnsafeRawBufferPointer(rebasing: idBytes[0..<(id == nil ? 0 : 16)]), into: message)
                    }
                }
                keys.digest.keyedHash(UnsafeRawBufferPointer(rebasing: message[0..<length]), into: mac)
                Self.xor(&index, UnsafeRawBufferPointer(mac))
            }
        }
        return index
    }

    /// Run at unlock. A vault without digests (written before they existed) is upgraded: every item is re-sealed
    /// with its row bound into the associated data and the digests are written, in one transaction. Otherwise
    /// the digests are compared: a damaged index is rebuilt (it is derived data, and tags only hide items), a
    /// changed set of items is remembered and reported with every listing.
    ///
    /// `keyStatesDigests`: the vault key was wrapped saying the vault keeps digests, so missing digests were
    /// deleted, not never written. Vaults wrapped before that statement existed are told apart by their payloads:
    /// format 2 (and every later one) was only ever written together with the digests.
    public func checkIntegrity(keyStatesDigests: Bool = true) throws {
        try withErrorMapping { try verifyRows(keyStatesDigests: keyStatesDigests) }
    }

    private func verifyRows(keyStatesDigests: Bool) throws {
        let keys = try requireKeys()
        integrityProblem = nil
        if try database.readTransaction({ try readDigest(Self.rowDigestName) }) == nil {
            if try keyStatesDigests || database.readTransaction({ try holdsPayloadOfFormat2OrLater() }) {
                integrityProblem = .damaged(
                    path: path,
                    detail: "its record of which items it holds was deleted outside Sesame, so removed or rolled back items cannot be detected")
                return
            }
            guard !database.isReadOnly else { return }
            try database.writeTransaction {
                guard try readDigest(Self.rowDigestName) == nil else { return }  // another process upgraded
                try resealItems(from: keys, to: keys, upgrading: true)
            }
            return
        }
        let (stored, computed) = try database.readTransaction {
            ((try readDigest(Self.rowDigestName), try readDigest(Self.indexDigestName)), try computeDigests(keys: keys))
        }
        if stored.0 != computed.rows {
            integrityProblem = .damaged(
                path: path,
                detail: "its set of items was changed outside Sesame: an item was removed, put back, or rolled back to an older version")
        }
        if stored.1 != computed.index {
            guard !database.isReadOnly else {
                indexDamaged = true
                return
            }
            try database.writeTransaction { try rebuildIndex(keys: keys) }
        }
    }

    /// What unlock found wrong with the set of items (rows removed, put back, rolled back, or the record of them
    /// deleted), or nil. Items that fail to decrypt are not in it: each is named when read.
    public var rowSetProblem: VaultError? { integrityProblem }

    /// Accepts the items as they are now after ``rowSetProblem`` reported a change: both digests are computed
    /// again from the rows (the index rebuilt from the items), so the next unlock compares against this state.
    /// The caller proves the master password first (`sesame verify --accept` unlocks for it); items that fail to
    /// decrypt stay damaged and reported.
    public func acceptCurrentRows() throws {
        try withErrorMapping {
            let keys = try requireKeys()
            try database.writeTransaction {
                let digests = try computeDigests(keys: keys)
                try writeDigest(Self.rowDigestName, digests.rows)
                try rebuildIndex(keys: keys)
            }
            integrityProblem = nil
            indexDamaged = false
        }
    }

    /// Whether any item row is sealed in format 2 or later, which only a vault with digests ever wrote.
    private func holdsPayloadOfFormat2OrLater() throws -> Bool {
        let statement = try database.statement(
            "SELECT 1 FROM items WHERE substr(payload, 1, 1) BETWEEN ? AND ? LIMIT 1")
        defer { statement.reset() }
        try statement.bind([2], at: 1).bind([ItemPayload.currentFormat], at: 2)
        return try statement.step()
    }

    /// Wraps the vault key again, now stating that the vault keeps digests. Runs once, on the first unlock of a
    /// vault whose key was wrapped before that statement existed, after its digests were checked or written.
    func rewrapKey(_ vaultKey: SymmetricKey, under wrappingKey: SymmetricKey, replacing old: VaultHeader) throws {
        var header = old
        header.wrappedKey = vaultKey.withUnsafeBytes {
            AEAD.seal($0, using: wrappingKey, authenticating: header.wrappingAssociatedData(.keepsDigests))
        }
        header.checksum = header.computedChecksum()
        try database.writeTransaction {
            // Another process may have changed the password meanwhile: its header wins.
            guard try readHeader() == old else { return }
            try Self.write(header, to: database)
        }
    }

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(byte)
        }
        return bytes
    }
}
