import Foundation
import SesameCrypto
import SesameDomains
import SesameSync

// MARK: - Starting sync, joining it, and leaving an identity that a restored copy must not reuse

extension Vault {
    /// Makes this vault the first copy of a synced vault: derives the sync root key from the vault key, records
    /// every current item as an op of this device, and returns the `vault.hdr` that lets another device join
    /// with the master password. Asks for the password again (Argon2id) because the header wraps the root under it.
    public func setUpSync(password: SecureBytes) throws -> SyncHeader {
        try withErrorMapping {
            let keys = try requireKeys()
            let header = try readHeader()
            let passwordKey = try PasswordKDF.deriveKey(from: password, parameters: header.kdf)
            guard header.unwrapVaultKey(with: passwordKey) != nil else { throw VaultError.wrongPassword }
            if try syncIdentity(keys: keys) != nil { throw SyncError.alreadySetUp }
            let vault = UUID()
            let root = keys.vault.deriveSubkey(id: 6, context: "sessyncr")
            let syncHeader = SyncHeader(vault: vault, kdf: header.kdf, root: root, passwordKey: passwordKey)
            try database.writeTransaction {
                try storeSyncIdentity(vault: vault, root: root, keys: keys)
                try writeSetting(named: Self.syncHeaderSetting, value: syncHeader.encoded, keys: keys)
                let identity = try requireSyncIdentity(keys: keys)
                var items: [(UUID, Item, ItemState)] = []
                try forEachItem(in: [.active, .trashed]) { item in
                    items.append((item.id, item, try self.readRow(id: item.id)?.state ?? .active))
                }
                for (id, item, state) in items {
                    try recordSyncChange(of: id, item: item, state: state, keys: keys, identity: identity)
                }
                try recordSyncedSettings(keys: keys, identity: identity)
            }
            return syncHeader
        }
    }

    /// Creates a new vault at `path` that joins the synced vault described by `header`: the master password opens
    /// the header's root key, and the new copy gets its own device id. Its items arrive with the first ingest.
    public static func cloneForSync(
        at path: String, header: SyncHeader, password: SecureBytes, publicSuffixList: PublicSuffixList
    ) throws -> Vault {
        let passwordKey = try PasswordKDF.deriveKey(from: password, parameters: header.kdf)
        let root: SymmetricKey
        do { root = try header.root(passwordKey: passwordKey) } catch { throw VaultError.wrongPassword }
        var kdf = header.kdf
        kdf.salt = SecureRandom.bytes(count: KDFParameters.saltByteCount)
        let vault = try create(at: path, password: password, kdf: kdf, publicSuffixList: publicSuffixList)
        try vault.withErrorMapping {
            let keys = try vault.requireKeys()
            try vault.database.writeTransaction {
                try vault.storeSyncIdentity(vault: header.vault, root: root, keys: keys)
                try vault.writeSetting(named: Self.syncHeaderSetting, value: header.encoded, keys: keys)
            }
        }
        return vault
    }

    private func storeSyncIdentity(vault: UUID, root: SymmetricKey, keys: Keys) throws {
        try database.execute(Self.syncTables)
        var raw = vault.byteArray + root.withUnsafeBytes { Array($0) }
        defer { zeroize(&raw) }
        try writeSetting(named: Self.syncIdentitySetting, value: raw, keys: keys)
    }

    /// Gives this copy a new device id, after the sync root showed batches of its id that it never wrote (it was
    /// restored from an older copy, or copied whole). Its unflushed ops move to the new id; what the old id
    /// published stays that device's history. Other handles on the vault see the new id at their next sync round
    /// (`reloadDeviceID()`); their writes follow it at once (they read it in the transaction).
    public func adoptNewDeviceID() throws {
        try withErrorMapping {
            let keys = try requireKeys()
            deviceID = try database.writeTransaction {
                let identity = try requireSyncIdentity(keys: keys)
                let newDevice = UUID()
                let pending = try pendingOps(identity: identity)
                var renamed: [OpID: OpID] = [:]
                for (index, op) in pending.enumerated() {
                    renamed[op.id] = OpID(device: newDevice, counter: UInt64(index + 1))
                }
                try database.statement("DELETE FROM sync_ops WHERE device = ? AND batch IS NULL")
                    .bind(deviceID.bytes, at: 1).run()
                for op in pending {
                    var moved = op
                    moved.id = renamed[op.id]!
                    moved.parents = op.parents.map { renamed[$0] ?? $0 }.sorted()
                    try insertSyncOp(moved, batch: nil, identity: identity)
                    try markShown(moved.id, item: moved.item)
                }
                try setMeta("sync_counter", String(pending.count))
                try database.statement("UPDATE meta SET value = ? WHERE name = 'device_id'")
                    .bind(newDevice.uuidString, at: 1).run()
                return newDevice
            }
        }
    }

    /// Takes the device id another process may have given this copy since this handle opened it.
    func reloadDeviceID() throws {
        guard let device = try metaText("device_id").flatMap(UUID.init(uuidString:)) else {
            throw VaultError.damaged(path: path, detail: "the device record is missing")
        }
        deviceID = device
    }

    // MARK: - Automatic sync

    /// Seconds between two automatic rounds of the agent, or nil when it syncs only when asked. Kept in clear in
    /// `meta` (it says nothing about the user), so `sesame sync auto` sets it without the master password.
    public func syncInterval() throws -> TimeInterval? {
        try withErrorMapping {
            guard let seconds = try metaText("sync_interval").flatMap(Double.init), seconds > 0 else { return nil }
            return seconds
        }
    }

    public func setSyncInterval(_ seconds: TimeInterval?) throws {
        try withErrorMapping {
            try database.writeTransaction {
                if let seconds, seconds > 0 {
                    try setMeta("sync_interval", String(seconds))
                } else {
                    try database.statement("DELETE FROM meta WHERE name = 'sync_interval'").run()
                }
            }
        }
    }

    /// Whether this device has changes not yet flushed into a batch (false when sync is not set up).
    public func hasPendingSyncChanges() throws -> Bool {
        try withErrorMapping {
            guard try syncIdentity(keys: try requireKeys()) != nil else { return false }
            let statement = try database.statement(
                "SELECT EXISTS (SELECT 1 FROM sync_ops WHERE device = ? AND batch IS NULL)")
            defer { statement.reset() }
            try statement.bind(deviceID.bytes, at: 1)
            return try statement.step() && statement.int64(at: 0) == 1
        }
    }

    // MARK: - vault.hdr

    /// This device's copy of the synced `vault.hdr` (sealed like every setting).
    static let syncHeaderSetting = "sync.header"

    /// What a sync round does with `vault.hdr`.
    public enum SyncHeaderStep: Sendable {
        /// Write this header to the transport: it lacks one, holds an older or a forged one.
        case publish([UInt8])
        /// The transport's header was newer and is now this device's.
        case adopted
        case unchanged
    }

    /// Compares the transport's `vault.hdr` with this device's: adopts a newer one that a holder of the root made
    /// (another device's `sesame passwd`), or asks for this device's to be published when the transport's is
    /// missing, older, malformed or not made by a holder of the root.
    public func reconcileSyncHeader(published bytes: [UInt8]?) throws -> SyncHeaderStep {
        try withErrorMapping {
            let keys = try requireKeys()
            return try database.writeTransaction {
                let identity = try requireSyncIdentity(keys: keys)
                let local = try storedSyncHeader(keys: keys)
                let published = bytes.flatMap { try? SyncHeader(decoding: $0) }
                if let published, published.vault != identity.vault { return .unchanged }  // not ours to replace
                guard let published, published != local else {
                    return local.map { published == nil ? .publish($0.encoded) : .unchanged } ?? .unchanged
                }
                if published.isAuthentic(for: identity.keys), local.map(published.supersedes) ?? true {
                    try writeSetting(named: Self.syncHeaderSetting, value: published.encoded, keys: keys)
                    return .adopted
                }
                return local.map { .publish($0.encoded) } ?? .unchanged
            }
        }
    }

    private func storedSyncHeader(keys: Keys) throws -> SyncHeader? {
        try readSetting(named: Self.syncHeaderSetting, keys: keys).flatMap { try? SyncHeader(decoding: $0) }
    }

    /// Inside `changeMasterPassword`'s transaction: the synced header of the next generation, wrapped under the
    /// new password, for the next sync round to publish (a new device then joins with the new password, and the
    /// old one opens no current header).
    func rewrapSyncHeader(kdf: KDFParameters, passwordKey: SymmetricKey, keys: Keys) throws {
        guard let identity = try syncIdentity(keys: keys) else { return }
        let current = try storedSyncHeader(keys: keys)
        let header = SyncHeader(
            vault: identity.vault, kdf: kdf, root: identity.keys.root, passwordKey: passwordKey,
            generation: (current?.generation ?? 0) + 1)
        try writeSetting(named: Self.syncHeaderSetting, value: header.encoded, keys: keys)
    }
}
