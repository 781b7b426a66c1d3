import Foundation
import SesameCrypto
import SesameDomains

// MARK: - Reading and writing items

extension Vault {
    /// Every item in the given states, decrypted. Damaged items are reported in `ItemScan.damaged`.
    public func allItems(in states: Set<ItemState> = [.active]) throws -> ItemScan {
        var items: [Item] = []
        let damaged = try forEachItem(in: states) { items.append($0) }
        return ItemScan(items: items, damaged: damaged)
    }

    /// Decrypts the items in the given states one at a time and hands each to `body`, so a caller that keeps only
    /// a little of each (the list of every login) never holds the whole vault decrypted. Returns the damage found:
    /// items that did not decrypt, rows whose id cannot be read, and the tamper check's finding.
    @discardableResult
    public func forEachItem(in states: Set<ItemState> = [.active], _ body: (Item) throws -> Void) throws -> [VaultError] {
        try forEachRow(in: states, decode: { row, id, keys in try self.decrypt(row, id: id, keys: keys) }, body)
    }

    /// ``forEachItem(in:_:)`` reading only what suggestions need of each item (``ItemLogin``): a full identity sync.
    @discardableResult
    public func forEachLogin(in states: Set<ItemState> = [.active], _ body: (ItemLogin) throws -> Void) throws -> [VaultError] {
        try forEachRow(in: states, decode: { row, id, keys in
            try self.openPayload(row, id: id, keys: keys) { bytes, format in try ItemPayload.decodeLogin(bytes, id: id, format: format) }
        }, body)
    }

    private func forEachRow<Value>(
        in states: Set<ItemState>, decode: (Row, UUID, Keys) throws -> Value, _ body: (Value) throws -> Void
    ) throws -> [VaultError] {
        try withErrorMapping {
            let keys = try requireKeys()
            let statement = try database.statement(
                "SELECT id, version, replaces, state, payload FROM items WHERE state != \(ItemState.deleted.rawValue)")
            defer { statement.reset() }
            var damaged: [VaultError] = []
            try database.readTransaction {
                while try statement.step() {
                    let rawID = statement.blob(at: 0) ?? []
                    guard let id = UUID(bytes: rawID) else {
                        // A row whose id cannot be read would otherwise vanish without a word.
                        let hex = rawID.prefix(32).map { String(format: "%02x", $0) }.joined()
                        damaged.append(.damaged(path: path, detail: "an item row has a malformed id (\(hex))"))
                        continue
                    }
                    let row = Row(statement, from: 1)
                    guard states.contains(row.state) else { continue }
                    let value: Value
                    do {
                        value = try decode(row, id, keys)
                    } catch {
                        damaged.append(Self.mapped(error, path: path))
                        continue
                    }
                    try body(value)
                }
            }
            if let integrityProblem { damaged.append(integrityProblem) }
            return damaged
        }
    }

    /// One item by id, with its state. Deleted items (tombstones) are not found.
    public func item(withID id: UUID) throws -> (item: Item, state: ItemState) {
        try withErrorMapping {
            let keys = try requireKeys()
            guard let row = try readRow(id: id), row.state != .deleted else { throw VaultError.itemNotFound(id) }
            return (try decrypt(row, id: id, keys: keys), row.state)
        }
    }

    /// The number of items per state, without decrypting anything.
    public func count(in state: ItemState = .active) throws -> Int {
        try withErrorMapping {
            let statement = try database.statement("SELECT count(*) FROM items WHERE state = ?")
            defer { statement.reset() }
            try statement.bind(state.rawValue, at: 1)
            return try statement.step() ? Int(statement.int64(at: 0)) : 0
        }
    }

    /// Adds a new item in one transaction: its sealed payload and its domain index rows together.
    public func add(_ item: Item) throws {
        try add(contentsOf: [item])
    }

    /// Adds several items in one transaction (benchmarks, tests): all or none.
    public func add(contentsOf items: [Item]) throws {
        try commitImport(adding: items, changingPasswords: [:])
    }

    /// An import in one transaction, all or none: adds `items` (keeping their own times), gives existing items
    /// new passwords, each earlier one kept in the item's history, adds `passkeys` to existing items (those whose
    /// credential id the item does not hold yet), and keeps `keePassDatabases` (each replacing the record of the
    /// same database). `progress` hears the count of items sealed.
    public func commitImport(
        adding items: [Item], changingPasswords changes: [UUID: [String]], addingPasskeys passkeys: [UUID: [Passkey]] = [:],
        keePassDatabases: [KeePassDatabaseExtras] = [], now: Date = Date(), progress: (Int) -> Void = { _ in }
    ) throws {
        try withErrorMapping {
            let keys = try requireKeys()
            // Seal and hash before taking the write lock, so other processes wait as little as possible.
            var prepared: [(item: Item, version: [UInt8], payload: [UInt8], tags: Set<[UInt8]>)] = []
            prepared.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                let version = Self.newVersion()
                prepared.append((item, version, try seal(item, version: version, replaces: nil, state: .active, keys: keys),
                                 try indexTags(for: item, keys: keys)))
                progress(index + 1)
            }
            try database.writeTransaction {
                var added: [[UInt8]] = []
                // No index refuses a second row with the same id (the one on ids holds their first 8 bytes).
                let existing = try database.statement("SELECT 1 FROM items WHERE \(Self.itemWithID(1))")
                for (item, version, payload, tags) in prepared {
                    try existing.reset().bind(item.id.bytes, at: 1)
                    if try existing.step() {
                        existing.reset()
                        throw VaultError.storage(
                            path: path, detail: "an item with id \(item.id.uuidString.lowercased()) is already in the vault")
                    }
                    existing.reset()
                    try database.statement("""
                        INSERT INTO items (id, version, replaces, state, payload) VALUES (?, ?, NULL, \(ItemState.active.rawValue), ?)
                        """)
                        .bind(item.id.bytes, at: 1)
                        .bind(version, at: 2)
                        .bind(payload, at: 3)
                        .run()
                    added.append(Self.rowMAC(id: item.id.bytes, version: version, state: 0, key: keys.digest))
                    try replaceIndex(of: item.id, ref: database.lastInsertedRowID, from: [], to: tags, keys: keys)
                    try recordSyncChange(of: item.id, item: item, state: .active, keys: keys)
                }
                try adjustDigest(Self.rowDigestName, removing: [], adding: added)
                for record in keePassDatabases { try keep(record, keys: keys) }
                let changed = Set(changes.keys).union(passkeys.keys)
                for id in changed.sorted(by: { $0.uuidString < $1.uuidString }) {
                    try change(id: id, now: now, keys: keys) { item in
                        for password in changes[id] ?? [] where password != item.password {
                            if !item.password.isEmpty {
                                item.passwordHistory.append(PasswordHistoryEntry(password: item.password, replaced: now))
                            }
                            item.password = password
                        }
                        for passkey in passkeys[id] ?? [] where !item.passkeys.contains(where: { $0.isSameCredential(as: passkey) }) {
                            item.passkeys.append(passkey)
                        }
                    }
                }
            }
        }
    }

    /// Changes one item atomically: `change` receives the current version read inside the write transaction, so
    /// concurrent edits from other processes are never overwritten by a stale copy. A changed password moves the
    /// old one into the item's history.
    @discardableResult
    public func updateItem(withID id: UUID, now: Date = Date(), _ change: (inout Item) throws -> Void) throws -> Item {
        try withErrorMapping {
            let keys = try requireKeys()
            return try database.writeTransaction {
                try self.change(id: id, now: now, keys: keys) { item in
                    let previous = item.password
                    try change(&item)
                    if item.password != previous, !previous.isEmpty {
                        item.passwordHistory.append(PasswordHistoryEntry(password: previous, replaced: now))
                    }
                }
            }
        }
    }

    /// Writes the next version of an item inside the caller's write transaction; an unchanged item is not written.
    @discardableResult
    private func change(id: UUID, now: Date, keys: Keys, _ change: (inout Item) throws -> Void) throws -> Item {
        guard let row = try readRow(id: id), row.state != .deleted else { throw VaultError.itemNotFound(id) }
        let original = try decrypt(row, id: id, keys: keys)
        var item = original
        try change(&item)
        item.id = id
        guard item != original else { return original }
        item.modified = now
        let version = Self.newVersion()
        try writeVersion(
            id: id, version: version, replacing: row, state: row.state,
            payload: seal(item, version: version, replaces: row.version, state: row.state, keys: keys), keys: keys)
        try replaceIndex(of: id, from: try indexTags(for: original, keys: keys), to: try indexTags(for: item, keys: keys), keys: keys)
        try recordSyncChange(of: id, item: item, state: row.state, keys: keys)
        return item
    }

    /// Deletes an item, leaving a tombstone row (no payload, no index rows) so that sync can propagate it, and
    /// records `now` as its deletion time for KeePass exports.
    public func delete(id: UUID, now: Date = Date()) throws {
        try withErrorMapping {
            let keys = try requireKeys()
            try database.writeTransaction {
                guard let row = try readRow(id: id), row.state != .deleted else { throw VaultError.itemNotFound(id) }
                try writeVersion(id: id, version: Self.newVersion(), replacing: row, state: .deleted, payload: nil, keys: keys)
                try replaceIndex(of: id, from: indexTags(ofRow: row, id: id, keys: keys), to: [], keys: keys)
                try database.statement("DELETE FROM item_usage WHERE item_id = ?").bind(id.bytes, at: 1).run()
                try recordDeletion(of: id, at: now, keys: keys)
                try recordSyncChange(of: id, item: nil, state: .deleted, keys: keys)
            }
        }
    }

    /// Moves an item to the trash (lookups skip it) or back. Either way it is a new version, for sync.
    public func setState(_ state: ItemState, ofItemWithID id: UUID) throws {
        precondition(state != .deleted, "use delete(id:)")
        try withErrorMapping {
            let keys = try requireKeys()
            try database.writeTransaction {
                guard let row = try readRow(id: id), row.state != .deleted else { throw VaultError.itemNotFound(id) }
                guard row.state != state else { return }
                // The state is sealed into the payload, so a move to or from the trash re-seals the item.
                let item = try decrypt(row, id: id, keys: keys)
                let version = Self.newVersion()
                try writeVersion(
                    id: id, version: version, replacing: row, state: state,
                    payload: seal(item, version: version, replaces: row.version, state: state, keys: keys), keys: keys)
                try recordSyncChange(of: id, item: item, state: state, keys: keys)
            }
        }
    }

    // MARK: - Usage

    /// Records that an item was filled. A short write of its own, so filling never blocks on or disturbs edits.
    ///
    /// Committed without waiting for the disk (`synchronous = NORMAL` for this one transaction): a last-use time
    /// lost to a power cut only changes a ranking, and every fill (git's `get`, a QuickType tap) should not wait for
    /// the disk. The vault stays consistent either way (WAL).
    public func recordUse(ofItemWithID id: UUID, at date: Date = Date()) throws {
        try withErrorMapping {
            let keys = try requireKeys()
            // Usage only ranks items: on a read-only vault a fill still works, without recording it.
            guard !database.isReadOnly else { return }
            try database.execute("PRAGMA synchronous = NORMAL")
            defer { try? database.execute("PRAGMA synchronous = FULL") }
            try database.writeTransaction(checkpoint: false) {
                let statement = try database.statement("SELECT sealed FROM item_usage WHERE item_id = ?")
                try statement.bind(id.bytes, at: 1)
                let previous = try statement.step() ? Self.openUsage(statement.blob(at: 0), id: id, keys: keys) : nil
                statement.reset()
                let usage = ItemUsage(lastUsed: date, count: (previous?.count ?? 0) + 1)
                try database.statement("""
                    INSERT INTO item_usage (item_id, sealed) VALUES (?, ?)
                    ON CONFLICT (item_id) DO UPDATE SET sealed = excluded.sealed
                    """)
                    .bind(id.bytes, at: 1).bind(Self.sealUsage(usage, id: id, keys: keys), at: 2).run()
            }
        }
    }

    /// Usage records of the given items; items never used are absent. A damaged record counts as never used.
    /// Many ids are answered with one scan of the table rather than one query each.
    public func usage(ofItemsWithIDs ids: some Collection<UUID>) throws -> [UUID: ItemUsage] {
        if ids.count > 64 {
            let wanted = Set(ids)
            return try usageOfEveryItem().filter { wanted.contains($0.key) }
        }
        return try withErrorMapping {
            let keys = try requireKeys()
            var result: [UUID: ItemUsage] = [:]
            let statement = try database.statement("SELECT sealed FROM item_usage WHERE item_id = ?")
            for id in ids {
                statement.reset()
                try statement.bind(id.bytes, at: 1)
                if try statement.step(), let usage = Self.openUsage(statement.blob(at: 0), id: id, keys: keys) {
                    result[id] = usage
                }
            }
            statement.reset()
            return result
        }
    }

    /// The usage of every item ever filled, in one scan of its table: for a full identity sync, which would
    /// otherwise hash every item's id to ask for the few that were used.
    public func usageOfEveryItem() throws -> [UUID: ItemUsage] {
        try withErrorMapping {
            let keys = try requireKeys()
            var result: [UUID: ItemUsage] = [:]
            let statement = try database.statement("SELECT item_id, sealed FROM item_usage")
            defer { statement.reset() }
            try database.readTransaction {
                while try statement.step() {
                    guard let id = UUID(bytes: statement.blob(at: 0)) else { continue }
                    if let usage = Self.openUsage(statement.blob(at: 1), id: id, keys: keys) { result[id] = usage }
                }
            }
            return result
        }
    }

    /// Usage plaintext: seconds since 2001 (Double bits) and the count, 8 bytes each, little-endian.
    static func sealUsage(_ usage: ItemUsage, id: UUID, keys: Keys) -> [UInt8] {
        let bytes = withUnsafeBytes(of: usage.lastUsed.timeIntervalSinceReferenceDate.bitPattern.littleEndian, Array.init)
            + withUnsafeBytes(of: Int64(usage.count).littleEndian, Array.init)
        return AEAD.seal(bytes, using: keys.usage, authenticating: usageAssociatedData(id))
    }

    static func openUsage(_ sealed: [UInt8]?, id: UUID, keys: Keys) -> ItemUsage? {
        guard let sealed, let plain = try? AEAD.open(sealed, using: keys.usage, authenticating: usageAssociatedData(id)),
            plain.count == 16
        else { return nil }
        return plain.withUnsafeBytes { raw in
            let seconds = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)))
            let count = Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: Int64.self))
            return ItemUsage(lastUsed: Date(timeIntervalSinceReferenceDate: seconds), count: Int(count))
        }
    }

    // MARK: - Rows

    /// A new version id: random bytes that name one version of one item, bound into its seal and its row MAC so
    /// that a version put back shows. 64 bits: two versions of the same item coincide with a chance of 2⁻⁶⁴ per
    /// pair. Vaults before schema 3 used 16 bytes; both lengths are read (every use is length-prefixed).
    static func newVersion() -> [UInt8] { SecureRandom.bytes(count: 8) }

    /// An item row as stored: what its seal binds besides the id.
    struct Row {
        var version: [UInt8]
        var replaces: [UInt8]?
        var rawState: Int64
        var payload: [UInt8]?

        /// An unknown state reads as active for lookups; the seal, which binds the raw value, decides.
        var state: ItemState { ItemState(rawValue: rawState) ?? .active }

        /// Reads columns version, replaces, state, payload starting at `first`.
        init(_ statement: Statement, from first: Int32) {
            version = statement.blob(at: first) ?? []
            replaces = statement.blob(at: first + 1)
            rawState = statement.int64(at: first + 2)
            payload = statement.blob(at: first + 3)
        }
    }

    /// The condition that finds the item whose id is parameter `parameter`: through the index of the ids' first
    /// 8 bytes (schema step 5), then the whole id, so ids that share their first bytes are still told apart.
    static func itemWithID(_ parameter: Int, column: String = "id") -> String {
        "substr(\(column), 1, 8) = substr(?\(parameter), 1, 8) AND \(column) = ?\(parameter)"
    }

    func readRow(id: UUID) throws -> Row? {
        let statement = try database.statement("SELECT version, replaces, state, payload FROM items WHERE \(Self.itemWithID(1))")
        defer { statement.reset() }
        try statement.bind(id.bytes, at: 1)
        guard try statement.step() else { return nil }
        return Row(statement, from: 0)
    }

    /// Replaces a row with its next version, keeping the row digest in step.
    func writeVersion(
        id: UUID, version: [UInt8], replacing row: Row, state: ItemState, payload: [UInt8]?, keys: Keys
    ) throws {
        try database.statement("""
            UPDATE items SET version = ?, replaces = ?, state = ?, payload = ? WHERE \(Self.itemWithID(5))
            """)
            .bind(version, at: 1)
            .bind(row.version, at: 2)
            .bind(state.rawValue, at: 3)
            .bind(payload, at: 4)
            .bind(id.bytes, at: 5)
            .run()
        try adjustDigest(
            Self.rowDigestName,
            removing: [Self.rowMAC(id: id.bytes, version: row.version, state: row.rawState, key: keys.digest)],
            adding: [Self.rowMAC(id: id.bytes, version: version, state: state.rawValue, key: keys.digest)])
    }

    private static func usageAssociatedData(_ id: UUID) -> [UInt8] { Array("sesame.usage.v1".utf8) + id.bytes }

    // MARK: - Sealing

    /// Associated data of an item's payload. Format 1 bound the id and format only; format 2 also binds the row's
    /// version, the version it replaces and its state, so an older payload put back, a payload copied onto
    /// another row, or a state flipped in clear fails to decrypt. Format 3 binds the same (the format byte itself
    /// is bound, so a format 3 box relabelled 2 does not open).
    static func itemAssociatedData(
        _ id: UUID, format: UInt8, version: [UInt8], replaces: [UInt8]?, state: Int64
    ) -> [UInt8] {
        // Built in one buffer: every item read or written makes one.
        let previous = replaces ?? []
        var data: [UInt8] = []
        data.reserveCapacity(11 + 16 + 4 + version.count + previous.count)
        data += "sesame.item".utf8
        withUnsafeBytes(of: id.uuid) { data += $0 }
        data.append(format)
        guard format >= 2 else { return data }
        data.append(UInt8(truncatingIfNeeded: version.count))
        data += version
        data.append(UInt8(truncatingIfNeeded: previous.count))
        data += previous
        data.append(UInt8(truncatingIfNeeded: state))
        return data
    }

    /// Layout: format byte ‖ AEAD box. Format 3: the item in the compact encoding, in a compact box (16 nonce
    /// bytes instead of 24, `AEAD.sealCompact`); every later format keeps that box, so that this version can still
    /// authenticate a newer row and say it is newer rather than damaged.
    func seal(_ item: Item, version: [UInt8], replaces: [UInt8]?, state: ItemState, keys: Keys) throws -> [UInt8] {
        let format = ItemPayload.currentFormat
        var plaintext = ItemPayload.encode(item, format: format)
        defer { zeroize(&plaintext) }
        let associatedData = Self.itemAssociatedData(
            item.id, format: format, version: version, replaces: replaces, state: state.rawValue)
        return [format] + AEAD.sealCompact(plaintext, using: keys.items, authenticating: associatedData)
    }

    /// Opens a row's payload. Format 1 (no row binding) is accepted only while upgrading a vault that predates
    /// format 2; afterwards such a payload can only have been put back from an old copy.
    func decrypt(_ row: Row, id: UUID, keys: Keys, acceptingFormat1: Bool = false) throws -> Item {
        try openPayload(row, id: id, keys: keys, acceptingFormat1: acceptingFormat1) { bytes, format in
            try ItemPayload.decode(bytes, id: id, format: format)
        }
    }

    /// Authenticates and decrypts a row's payload and hands the plaintext and its (authenticated) format to
    /// `decode`, in memory zeroed afterwards.
    func openPayload<Value>(
        _ row: Row, id: UUID, keys: Keys, acceptingFormat1: Bool = false,
        decode: (UnsafeRawBufferPointer, UInt8) throws -> Value
    ) throws -> Value {
        guard let payload = row.payload, let format = payload.first else { throw VaultError.itemDamaged(id) }
        guard format >= 2 || acceptingFormat1 else { throw VaultError.itemDamaged(id) }
        let associatedData = Self.itemAssociatedData(
            id, format: format, version: row.version, replaces: row.replaces, state: row.rawState)
        let plaintext: SecureBytes
        do {
            // The format byte picks the box before it is authenticated; relabelled, a box fails to open.
            plaintext = try format >= ItemPayload.compactFormat
                ? AEAD.openSecureCompact(payload.dropFirst(), using: keys.items, authenticating: associatedData, lockedInMemory: false)
                : AEAD.openSecure(payload.dropFirst(), using: keys.items, authenticating: associatedData, lockedInMemory: false)
        } catch {
            throw VaultError.itemDamaged(id)
        }
        // Only an authenticated format byte is believed: random bytes are damage, not a newer Sesame.
        guard format <= ItemPayload.currentFormat else {
            throw VaultError.itemFromNewerVersion(id, format: Int(format))
        }
        do {
            return try plaintext.withUnsafeBytes { try decode($0, format) }
        } catch {
            throw VaultError.itemDamaged(id)
        }
    }
}
