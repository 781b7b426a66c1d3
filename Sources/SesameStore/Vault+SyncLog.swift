import Foundation
import SesameCrypto
import SesameSync

// MARK: - The local op log: every write on a synced vault becomes an op in this device's series

/// The log lives in the `sync_` tables of schema step 4 (`Schema`, which says what each holds); they stay empty
/// until sync is set up. The counters and the clock live in `meta`, in the same transaction as the write, so
/// every local writer (CLI, agent, git helper) shares one series.
extension Vault {
    static let syncIdentitySetting = "sync.identity"

    /// The synced vault's id, its keyring, and the key this copy seals its local op log under (local: a master
    /// password change here moves it to the new epoch's, another device's change does not).
    struct SyncIdentity {
        let vault: UUID
        let keyring: SyncKeyring
        let log: SymmetricKey

        /// Stored sealed like every setting: vault id ‖ log key ‖ keyring. A vault synced before key epochs
        /// stored vault id ‖ root, whose epoch-0 ring and log key follow from the root.
        var encoded: [UInt8] {
            var ring = keyring.encoded
            defer { zeroize(&ring) }
            let keyLength = SymmetricKey.byteCount
            // Filled in place: concatenating arrays would leave copies of the keys in freed memory.
            var bytes = [UInt8](repeating: 0, count: 16 + keyLength + ring.count)
            bytes.withUnsafeMutableBytes { out in
                vault.byteArray.withUnsafeBytes { out.copyMemory(from: $0) }
                log.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: out[16..<(16 + keyLength)]).copyMemory(from: $0) }
                ring.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: out[(16 + keyLength)...]).copyMemory(from: $0) }
            }
            return bytes
        }
    }

    func syncIdentity(keys: Keys) throws -> SyncIdentity? {
        guard var raw = try readSetting(named: Self.syncIdentitySetting, keys: keys) else { return nil }
        defer { zeroize(&raw) }
        let keyLength = SymmetricKey.byteCount
        guard raw.count >= 16 + keyLength else {
            throw VaultError.damaged(path: path, detail: "the sync settings are malformed")
        }
        let vault = UUID(byteArray: Array(raw.prefix(16)))
        let first = try SymmetricKey(bytes: SecureBytes(copying: raw[16..<16 + keyLength]))
        if raw.count == 16 + keyLength {
            let keyring = SyncKeyring(root: first)
            return SyncIdentity(vault: vault, keyring: keyring, log: keyring.current.keys.log)
        }
        var ring = Array(raw.dropFirst(16 + keyLength))
        defer { zeroize(&ring) }
        do {
            return SyncIdentity(vault: vault, keyring: try SyncKeyring(decoding: ring), log: first)
        } catch {
            throw VaultError.damaged(path: path, detail: "the sync keyring is malformed")
        }
    }

    func requireSyncIdentity(keys: Keys) throws -> SyncIdentity {
        guard let identity = try syncIdentity(keys: keys) else { throw SyncError.notConfigured }
        return identity
    }

    /// Whether sync is set up for this vault.
    public var isSyncEnabled: Bool {
        get throws { try withErrorMapping { try syncIdentity(keys: try requireKeys()) != nil } }
    }

    // MARK: Recording local changes

    /// Called inside every write transaction that changes an item: appends an op superseding the item's current
    /// heads. Does nothing on a vault that is not synced. `item` is nil for a deletion. A caller recording many
    /// changes passes the identity it read once (opening it allocates locked memory).
    func recordSyncChange(
        of id: UUID, item: Item?, state: ItemState, keys: Keys, identity known: SyncIdentity? = nil
    ) throws {
        guard let identity = try known ?? syncIdentity(keys: keys) else { return }
        var payload = item.map(ItemPayload.encode)
        defer { if payload != nil { zeroize(&payload!) } }
        try recordSyncOp(of: id, payload: payload, state: state, keys: keys, identity: identity)
    }

    /// Appends an op of this device for `id` (an item, or a synced setting's reserved id): a put of `payload`,
    /// or a deletion when it is nil.
    func recordSyncOp(of id: UUID, payload: [UInt8]?, state: ItemState, keys: Keys, identity: SyncIdentity) throws {
        // Read in the transaction, not from `deviceID`: another process (`sesame sync`) may have given this copy a
        // new id since this one opened the vault (a restored backup), and a running agent must follow.
        guard let device = try metaText("device_id").flatMap(UUID.init(uuidString:)) else {
            throw VaultError.damaged(path: path, detail: "the device record is missing")
        }
        let kind = payload.map { SyncOp.Kind.put(state: UInt8(state.rawValue), payload: $0) } ?? .delete
        try SyncLocalSeries.record(
            kind, of: id, now: Self.milliseconds(Date()),
            in: SQLiteSyncTransaction(vault: self, keys: keys, identity: identity, device: device))
    }

    func insertSyncOp(_ op: SyncOp, batch: UInt64?, identity: SyncIdentity) throws {
        var kind: Int64 = 0
        var state: Int64 = ItemState.deleted.rawValue
        var sealed: [UInt8]?
        if case .put(let putState, let payload) = op.kind {
            kind = 1
            state = Int64(putState)
            sealed = AEAD.seal(payload, using: identity.log, authenticating: Self.logAssociatedData(op))
        }
        let parents = op.parents.flatMap { $0.device.byteArray + withUnsafeBytes(of: $0.counter.bigEndian, Array.init) }
        let statement = try database.statement("""
            INSERT OR IGNORE INTO sync_ops (device, counter, item, kind, state, parents, hlc_ms, hlc_counter, sealed, batch)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        if let batch { try statement.bind(Int64(batch), at: 10) } else { try statement.bind(nil, at: 10) }
        try statement
            .bind(op.id.device.bytes, at: 1).bind(Int64(bitPattern: op.id.counter), at: 2).bind(op.item.bytes, at: 3)
            .bind(kind, at: 4).bind(state, at: 5).bind(parents, at: 6)
            .bind(Int64(bitPattern: op.time.milliseconds), at: 7).bind(Int64(op.time.counter), at: 8)
            .bind(sealed, at: 9)
            .run()
    }

    /// This device's ops not yet flushed into a batch, oldest first, payloads decrypted.
    func pendingOps(identity: SyncIdentity) throws -> [SyncOp] {
        let statement = try database.statement("""
            SELECT device, counter, kind, state, parents, hlc_ms, hlc_counter, sealed, item FROM sync_ops
            WHERE device = ? AND batch IS NULL ORDER BY counter
            """)
        defer { statement.reset() }
        try statement.bind(deviceID.bytes, at: 1)
        var ops: [SyncOp] = []
        while try statement.step() {
            guard let item = UUID(bytes: statement.blob(at: 8)) else { continue }
            ops.append(try syncOp(statement, item: item, identity: identity))
        }
        return ops
    }

    /// The merged state of one item.
    func syncResolution(ofItem id: UUID, identity: SyncIdentity?) throws -> ItemResolution {
        ItemResolution(ops: try syncOps(ofItem: id, identity: identity), superseded: try supersededIDs(ofItem: id))
    }

    func supersededIDs(ofItem id: UUID) throws -> Set<OpID> {
        let statement = try database.statement("SELECT device, counter FROM sync_superseded WHERE item = ?")
        defer { statement.reset() }
        try statement.bind(id.bytes, at: 1)
        var ids: Set<OpID> = []
        while try statement.step() {
            if let device = UUID(bytes: statement.blob(at: 0)) {
                ids.insert(OpID(device: device, counter: UInt64(bitPattern: statement.int64(at: 1))))
            }
        }
        return ids
    }

    /// The ops of one item. With `identity`, puts carry their decrypted payloads; without, empty ones (enough
    /// to compute heads and the winner).
    func syncOps(ofItem id: UUID, identity: SyncIdentity?) throws -> [SyncOp] {
        let statement = try database.statement("""
            SELECT device, counter, kind, state, parents, hlc_ms, hlc_counter, sealed FROM sync_ops WHERE item = ?
            """)
        defer { statement.reset() }
        try statement.bind(id.bytes, at: 1)
        var ops: [SyncOp] = []
        while try statement.step() { ops.append(try syncOp(statement, item: id, identity: identity)) }
        return ops
    }

    /// Reads the columns device, counter, kind, state, parents, hlc_ms, hlc_counter, sealed.
    func syncOp(_ statement: Statement, item: UUID, identity: SyncIdentity?) throws -> SyncOp {
        guard let device = UUID(bytes: statement.blob(at: 0)) else {
            throw VaultError.damaged(path: path, detail: "a sync record is malformed")
        }
        let id = OpID(device: device, counter: UInt64(bitPattern: statement.int64(at: 1)))
        let rawParents = statement.blob(at: 4) ?? []
        let parents = stride(from: 0, to: rawParents.count - rawParents.count % 24, by: 24).map { offset in
            OpID(device: UUID(byteArray: Array(rawParents[offset..<offset + 16])),
                 counter: rawParents[offset + 16..<offset + 24].reduce(0) { $0 << 8 | UInt64($1) })
        }
        let time = HybridTimestamp(milliseconds: UInt64(bitPattern: statement.int64(at: 5)),
                                   counter: UInt32(truncatingIfNeeded: statement.int64(at: 6)))
        var op = SyncOp(id: id, item: item, kind: .delete, parents: parents, time: time)
        if statement.int64(at: 2) == 1 {
            var payload: [UInt8] = []
            if let identity {
                do {
                    payload = try AEAD.open(statement.blob(at: 7) ?? [], using: identity.log,
                                            authenticating: Self.logAssociatedData(op))
                } catch {
                    throw VaultError.damaged(path: path, detail: "a synced version of an item does not decrypt")
                }
            }
            op.kind = .put(state: UInt8(truncatingIfNeeded: statement.int64(at: 3)), payload: payload)
        }
        return op
    }

    static func logAssociatedData(_ op: SyncOp) -> [UInt8] {
        Array("sesame.syncop.v1".utf8) + op.id.device.byteArray
            + withUnsafeBytes(of: op.id.counter.bigEndian, Array.init) + op.item.byteArray
    }

    func markShown(_ op: OpID, item: UUID) throws {
        try database.statement("""
            INSERT INTO sync_shown (item, device, counter) VALUES (?, ?, ?)
            ON CONFLICT (item) DO UPDATE SET device = excluded.device, counter = excluded.counter
            """)
            .bind(item.bytes, at: 1).bind(op.device.bytes, at: 2).bind(Int64(bitPattern: op.counter), at: 3).run()
    }

    // MARK: Clock and counters

    func syncClock() throws -> HybridTimestamp { try timestamp(meta: "sync_clock") }
    func syncObserved() throws -> HybridTimestamp { try timestamp(meta: "sync_observed") }

    private func timestamp(meta name: String) throws -> HybridTimestamp {
        let parts = (try metaText(name) ?? "0.0").split(separator: ".")
        guard parts.count == 2, let milliseconds = UInt64(parts[0]), let counter = UInt32(parts[1]) else {
            return .zero
        }
        return HybridTimestamp(milliseconds: milliseconds, counter: counter)
    }

    func metaText(_ name: String) throws -> String? {
        let statement = try database.statement("SELECT value FROM meta WHERE name = ?")
        defer { statement.reset() }
        try statement.bind(name, at: 1)
        return try statement.step() ? statement.string(at: 0) : nil
    }

    func metaInt(_ name: String) throws -> Int64 { Int64(try metaText(name) ?? "0") ?? 0 }

    func setMeta(_ name: String, _ value: String) throws {
        try database.statement("""
            INSERT INTO meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value
            """)
            .bind(name, at: 1).bind(value, at: 2).run()
    }

    static func milliseconds(_ date: Date) -> UInt64 {
        UInt64(max(0, date.timeIntervalSince1970 * 1000))
    }
}
