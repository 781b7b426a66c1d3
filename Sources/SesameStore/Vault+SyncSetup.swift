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
                let identity = try requireSyncIdentity(keys: keys)
                var items: [(UUID, Item, ItemState)] = []
                try forEachItem(in: [.active, .trashed]) { item in
                    items.append((item.id, item, try self.readRow(id: item.id)?.state ?? .active))
                }
                for (id, item, state) in items {
                    try recordSyncChange(of: id, item: item, state: state, keys: keys, identity: identity)
                }
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
    /// published stays that device's history. The vault must be opened again to see the new id.
    public func adoptNewDeviceID() throws {
        try withErrorMapping {
            let keys = try requireKeys()
            try database.writeTransaction {
                let identity = try requireSyncIdentity(keys: keys)
                let newDevice = UUID()
                let statement = try database.statement("""
                    SELECT device, counter, kind, state, parents, hlc_ms, hlc_counter, sealed, item FROM sync_ops
                    WHERE device = ? AND batch IS NULL ORDER BY counter
                    """)
                try statement.bind(deviceID.bytes, at: 1)
                var pending: [SyncOp] = []
                while try statement.step() {
                    guard let item = UUID(bytes: statement.blob(at: 8)) else { continue }
                    pending.append(try syncOp(statement, item: item, identity: identity))
                }
                statement.reset()
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
            }
        }
    }
}
