import Foundation
import SesameSync

/// The vault's `sync_` tables, item rows and settings as SesameSync's ``SyncTransaction``: storage only, every
/// decision is the engine's. Made inside one SQLite transaction (``Vault/withSyncTransaction(writing:_:)``) and
/// used only there.
struct SQLiteSyncTransaction: SyncTransaction {
    let vault: Vault
    let keys: Vault.Keys
    let identity: Vault.SyncIdentity
    let deviceID: UUID

    /// - Parameter device: the device id to act as; the handle's unless a local write read a newer one in its
    ///   transaction (another process may have given this copy a new id since the handle opened it).
    init(vault: Vault, keys: Vault.Keys, identity: Vault.SyncIdentity, device: UUID? = nil) {
        self.vault = vault
        self.keys = keys
        self.identity = identity
        deviceID = device ?? vault.deviceID
    }
    var vaultID: UUID { identity.vault }
    var keyring: SyncKeyring { identity.keyring }

    private var database: Database { vault.database }

    // MARK: vault.hdr

    func storedHeader(pending: Bool) throws -> SyncHeader? {
        try vault.storedSyncHeader(keys: keys, pending: pending)
    }

    func storeHeader(_ header: SyncHeader, pending: Bool) throws {
        try vault.writeSetting(
            named: pending ? Vault.syncPendingHeaderSetting : Vault.syncHeaderSetting, value: header.encoded, keys: keys)
    }

    func forgetPendingHeader() throws { try vault.deletePendingSyncHeader() }

    // MARK: The ledger

    func appliedSeqs() throws -> [UUID: UInt64] { try vault.appliedSeqs() }

    func appliedSeq(of device: UUID) throws -> UInt64 {
        let statement = try database.statement("SELECT max(seq) FROM sync_batches WHERE device = ?")
        defer { statement.reset() }
        try statement.bind(device.bytes, at: 1)
        return try statement.step() ? UInt64(statement.int64(at: 0)) : 0
    }

    func appliedHash(of device: UUID, seq: UInt64) throws -> [UInt8]? {
        let statement = try database.statement("SELECT hash FROM sync_batches WHERE device = ? AND seq = ?")
        defer { statement.reset() }
        try statement.bind(device.bytes, at: 1).bind(Int64(seq), at: 2)
        return try statement.step() ? statement.blob(at: 0) : nil
    }

    func appliedEpoch(of device: UUID) throws -> UInt32 {
        let statement = try database.statement("SELECT epoch FROM sync_epochs WHERE device = ?")
        defer { statement.reset() }
        try statement.bind(device.bytes, at: 1)
        return try statement.step() ? UInt32(truncatingIfNeeded: statement.int64(at: 0)) : 0
    }

    func lastCounter(of device: UUID) throws -> UInt64 {
        let statement = try database.statement(
            "SELECT last_counter FROM sync_batches WHERE device = ? ORDER BY seq DESC LIMIT 1")
        defer { statement.reset() }
        try statement.bind(device.bytes, at: 1)
        return try statement.step() ? UInt64(bitPattern: statement.int64(at: 0)) : 0
    }

    func recordAppliedBatch(
        device: UUID, seq: UInt64, hash: [UInt8], lastCounter: UInt64, epoch: UInt32, file: [UInt8]?
    ) throws {
        try database.statement("INSERT INTO sync_batches (device, seq, hash, last_counter, file) VALUES (?, ?, ?, ?, ?)")
            .bind(device.bytes, at: 1).bind(Int64(seq), at: 2).bind(hash, at: 3)
            .bind(Int64(bitPattern: lastCounter), at: 4).bind(file, at: 5).run()
        guard epoch > 0 else { return }
        try database.statement("""
            INSERT INTO sync_epochs (device, epoch) VALUES (?, ?)
            ON CONFLICT (device) DO UPDATE SET epoch = max(epoch, excluded.epoch)
            """)
            .bind(device.bytes, at: 1).bind(Int64(epoch), at: 2).run()
    }

    func recordSeen(_ seq: UInt64, of device: UUID) throws {
        try database.statement("""
            INSERT INTO sync_seen (device, seq) VALUES (?, ?)
            ON CONFLICT (device) DO UPDATE SET seq = max(seq, excluded.seq)
            """)
            .bind(device.bytes, at: 1).bind(Int64(seq), at: 2).run()
    }

    func recordEquivocation(at name: BatchName) throws {
        try database.statement("INSERT OR IGNORE INTO sync_equivocations (device, seq) VALUES (?, ?)")
            .bind(name.device.bytes, at: 1).bind(Int64(name.seq), at: 2).run()
    }

    func forgetEquivocation(at name: BatchName) throws {
        try database.statement("DELETE FROM sync_equivocations WHERE device = ? AND seq = ?")
            .bind(name.device.bytes, at: 1).bind(Int64(name.seq), at: 2).run()
    }

    func recordVerifiedFingerprints(_ fingerprints: [BatchName: [UInt8]]) throws {
        let insert = try database.statement("INSERT OR REPLACE INTO sync_verified (device, seq, stamp) VALUES (?, ?, ?)")
        for (name, stamp) in fingerprints {
            try insert.reset().bind(name.device.bytes, at: 1).bind(Int64(name.seq), at: 2).bind(stamp, at: 3).run()
        }
    }

    func observedTime() throws -> HybridTimestamp { try vault.syncObserved() }

    func setObservedTime(_ time: HybridTimestamp) throws {
        try vault.setMeta("sync_observed", "\(time.milliseconds).\(time.counter)")
    }

    // MARK: The op log

    func insertOp(_ op: SyncOp, batch: UInt64?) throws { try vault.insertSyncOp(op, batch: batch, identity: identity) }

    func ops(ofItem item: UUID, withPayloads: Bool) throws -> [SyncOp] {
        try vault.syncOps(ofItem: item, identity: withPayloads ? identity : nil)
    }

    func pendingOps() throws -> [SyncOp] { try vault.pendingOps(identity: identity) }

    func forgetPendingOps() throws {
        try database.statement("DELETE FROM sync_ops WHERE device = ? AND batch IS NULL").bind(deviceID.bytes, at: 1).run()
    }

    func markFlushed(through counter: UInt64, batch seq: UInt64) throws {
        try database.statement("UPDATE sync_ops SET batch = ? WHERE device = ? AND batch IS NULL AND counter <= ?")
            .bind(Int64(seq), at: 1).bind(deviceID.bytes, at: 2).bind(Int64(bitPattern: counter), at: 3).run()
    }

    func appliedOps() throws -> [SyncOp] {
        let statement = try database.statement("""
            SELECT device, counter, kind, state, parents, hlc_ms, hlc_counter, sealed, item FROM sync_ops
            WHERE batch IS NOT NULL
            """)
        defer { statement.reset() }
        var ops: [SyncOp] = []
        while try statement.step() {
            guard let item = UUID(bytes: statement.blob(at: 8)) else { continue }
            ops.append(try vault.syncOp(statement, item: item, identity: identity))
        }
        return ops
    }

    func supersededIDs() throws -> [UUID: Set<OpID>] {
        let statement = try database.statement("SELECT item, device, counter FROM sync_superseded")
        defer { statement.reset() }
        var known: [UUID: Set<OpID>] = [:]
        while try statement.step() {
            guard let item = UUID(bytes: statement.blob(at: 0)), let device = UUID(bytes: statement.blob(at: 1))
            else { continue }
            known[item, default: []].insert(OpID(device: device, counter: UInt64(bitPattern: statement.int64(at: 2))))
        }
        return known
    }

    func supersededIDs(ofItem item: UUID) throws -> Set<OpID> { try vault.supersededIDs(ofItem: item) }

    func recordSuperseded(_ ids: Set<OpID>, ofItem item: UUID) throws {
        for id in ids {
            try database.statement("INSERT OR IGNORE INTO sync_superseded (item, device, counter) VALUES (?, ?, ?)")
                .bind(item.bytes, at: 1).bind(id.device.bytes, at: 2).bind(Int64(bitPattern: id.counter), at: 3).run()
        }
    }

    // MARK: The merged view

    func shownOp(of item: UUID) throws -> OpID? {
        let statement = try database.statement("SELECT device, counter FROM sync_shown WHERE item = ?")
        defer { statement.reset() }
        try statement.bind(item.bytes, at: 1)
        guard try statement.step(), let device = UUID(bytes: statement.blob(at: 0)) else { return nil }
        return OpID(device: device, counter: UInt64(bitPattern: statement.int64(at: 1)))
    }

    func recordShown(_ op: OpID, of item: UUID) throws { try vault.markShown(op, item: item) }

    func showSetting(_ winner: SyncOp, of item: UUID) throws -> Bool? { try vault.materializeSetting(item, winner: winner) }

    func show(_ winner: SyncOp, of item: UUID) throws -> Bool { try vault.showSyncedVersion(winner, of: item, keys: keys) }

    func setConflict(_ conflicted: Bool, item: UUID) throws {
        try database.statement(
            conflicted ? "INSERT OR IGNORE INTO sync_conflicts (item) VALUES (?)" : "DELETE FROM sync_conflicts WHERE item = ?")
            .bind(item.bytes, at: 1).run()
    }

    // MARK: This device's series

    func localCounter() throws -> UInt64 { UInt64(try vault.metaInt("sync_counter")) }
    func setLocalCounter(_ counter: UInt64) throws { try vault.setMeta("sync_counter", String(counter)) }
    func localClock() throws -> HybridTimestamp { try vault.syncClock() }
    func setLocalClock(_ time: HybridTimestamp) throws {
        try vault.setMeta("sync_clock", "\(time.milliseconds).\(time.counter)")
    }

    func setDeviceID(_ device: UUID) throws {
        try database.statement("UPDATE meta SET value = ? WHERE name = 'device_id'").bind(device.uuidString, at: 1).run()
    }
}
