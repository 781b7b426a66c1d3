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
            // Other devices derive with these parameters from a header anyone could have written: above the
            // budget they would refuse it.
            try SyncBudget.checkKeyDerivation(header.kdf)
            let passwordKey = try PasswordKDF.deriveKey(from: password, parameters: header.kdf)
            guard header.unwrapVaultKey(with: passwordKey) != nil else { throw VaultError.wrongPassword }
            if try syncIdentity(keys: keys) != nil { throw SyncError.alreadySetUp }
            let vault = UUID()
            let keyring = SyncKeyring(root: SymmetricKey())
            let syncHeader = SyncHeader(vault: vault, kdf: header.kdf, keyring: keyring, passwordKey: passwordKey)
            try database.writeTransaction {
                try storeSyncIdentity(
                    SyncIdentity(vault: vault, keyring: keyring, log: keyring.current.keys.log), keys: keys)
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
        // The header comes from the transport, which anyone may write to: bounded before deriving.
        try SyncBudget.checkKeyDerivation(header.kdf)
        let passwordKey = try PasswordKDF.deriveKey(from: password, parameters: header.kdf)
        let keyring: SyncKeyring
        do { keyring = try header.keyring(passwordKey: passwordKey) } catch { throw VaultError.wrongPassword }
        var kdf = header.kdf
        kdf.salt = SecureRandom.bytes(count: KDFParameters.saltByteCount)
        let vault = try create(at: path, password: password, kdf: kdf, publicSuffixList: publicSuffixList)
        try vault.withErrorMapping {
            let keys = try vault.requireKeys()
            try vault.database.writeTransaction {
                try vault.storeSyncIdentity(
                    SyncIdentity(vault: header.vault, keyring: keyring, log: keyring.current.keys.log), keys: keys)
                try vault.writeSetting(named: Self.syncHeaderSetting, value: header.encoded, keys: keys)
            }
        }
        return vault
    }

    func storeSyncIdentity(_ identity: SyncIdentity, keys: Keys) throws {
        var raw = identity.encoded
        defer { zeroize(&raw) }
        try writeSetting(named: Self.syncIdentitySetting, value: raw, keys: keys)
    }

    /// Gives this copy a new device id, after the sync root showed batches of its id that it never wrote (it was
    /// restored from an older copy, or copied whole). Its unflushed ops move to the new id; what the old id
    /// published stays that device's history. Other handles on the vault see the new id at their next sync round
    /// (`reloadDeviceID()`); their writes follow it at once (they read it in the transaction).
    public func adoptNewDeviceID() throws {
        // Set once the transaction commits: a rolled-back one leaves the handle's id as the file's.
        deviceID = try withSyncTransaction { try SyncLocalSeries.adoptNewDeviceID(in: $0) }
    }

    /// Takes the device id another process may have given this copy since this handle opened it.
    public func reloadDeviceID() throws {
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

    // MARK: - vault.hdr and key epochs

    /// This device's copy of the synced `vault.hdr` (sealed like every setting).
    static let syncHeaderSetting = "sync.header"
    /// A header another device made at the same time as this one's (both changed the password): it names a root
    /// this device lacks, which `adoptSyncPassword` takes in.
    static let syncPendingHeaderSetting = "sync.header.pending"

    /// Compares the transport's `vault.hdr` with this device's (``SyncHeaderReconciliation``), adopting it or
    /// keeping it aside in one transaction.
    public func reconcileSyncHeader(published bytes: [UInt8]?) throws -> SyncHeaderStep {
        try withSyncTransaction { try SyncHeaderReconciliation.reconcile(published: bytes, in: $0) }
    }

    func storedSyncHeader(keys: Keys, pending: Bool = false) throws -> SyncHeader? {
        try readSetting(named: pending ? Self.syncPendingHeaderSetting : Self.syncHeaderSetting, keys: keys)
            .flatMap { try? SyncHeader(decoding: $0) }
    }

    /// Whether another device changed the master password and this one lacks the new root: its changes then wait
    /// unpublished, and files sealed under the new root wait unread, until `adoptSyncPassword`.
    public var needsNewSyncPassword: Bool {
        get throws {
            try withErrorMapping {
                let keys = try requireKeys()
                return try database.readTransaction {
                    guard let identity = try syncIdentity(keys: keys) else { return false }
                    return try SQLiteSyncTransaction(vault: self, keys: keys, identity: identity).needsNewPassword()
                }
            }
        }
    }

    /// Takes in the roots a master password change on another device made, with that password: the header it
    /// published (adopted, or kept aside) opens with it. Roots this device made at the same time stay, and a
    /// header of the next generation naming all of them (wrapped under the same password) is left for the next
    /// round to publish, so every device ends with every root. Returns false when no root was missing.
    ///
    /// - Throws: `VaultError.wrongPassword` when the password opens no such header.
    @discardableResult
    public func adoptSyncPassword(_ password: SecureBytes) throws -> Bool {
        try withErrorMapping {
            let keys = try requireKeys()
            let identity = try requireSyncIdentity(keys: keys)
            let stored = try storedSyncHeader(keys: keys)
            let pending = try storedSyncHeader(keys: keys, pending: true)
            let candidates = [pending, stored].compactMap { $0 }.filter { $0.namesRootsMissing(from: identity.keyring) }
            // What the result must supersede, so every device settles on it (an old-password holder's header of a
            // high generation included).
            let highest = max(stored?.generation ?? 0, pending?.generation ?? 0)
            guard !candidates.isEmpty else { return false }
            for candidate in candidates {
                // Argon2id runs outside the write lock, and never above the budget (an old password's holder
                // may have made the header).
                try SyncBudget.checkKeyDerivation(candidate.kdf)
                let passwordKey = try PasswordKDF.deriveKey(from: password, parameters: candidate.kdf)
                guard let theirs = try? candidate.keyring(passwordKey: passwordKey) else { continue }
                let merged = identity.keyring.merged(with: theirs)
                let header = merged.ids == theirs.ids && candidate.generation >= highest ? candidate : SyncHeader(
                    vault: identity.vault, kdf: candidate.kdf, keyring: merged, passwordKey: passwordKey,
                    generation: highest + 1)
                try database.writeTransaction {
                    // Another process may have taken in roots since: merge with what is stored now.
                    let now = try requireSyncIdentity(keys: keys)
                    try storeSyncIdentity(
                        SyncIdentity(vault: now.vault, keyring: now.keyring.merged(with: merged), log: now.log), keys: keys)
                    try writeSetting(named: Self.syncHeaderSetting, value: header.encoded, keys: keys)
                    try deletePendingSyncHeader()
                }
                return true
            }
            throw VaultError.wrongPassword
        }
    }

    /// Inside `changeMasterPassword`'s transaction (after the settings were re-sealed under `keys`): starts a new
    /// key epoch with a fresh root, moves the local op log to it, and leaves a header of the next generation,
    /// wrapped under the new password, for the next round to publish. A new device then joins with the new
    /// password; the old one opens no current header and nothing sealed afterwards.
    func rotateSyncKeys(kdf: KDFParameters, passwordKey: SymmetricKey, keys: Keys) throws {
        guard let identity = try syncIdentity(keys: keys) else { return }
        let current = try storedSyncHeader(keys: keys)
        let pending = try storedSyncHeader(keys: keys, pending: true)
        let keyring = try identity.keyring.rotated(after: max(current?.epoch ?? 0, pending?.epoch ?? 0))
        let log = keyring.current.keys.log
        try resealSyncLog(from: identity.log, to: log)
        try storeSyncIdentity(SyncIdentity(vault: identity.vault, keyring: keyring, log: log), keys: keys)
        let header = SyncHeader(
            vault: identity.vault, kdf: kdf, keyring: keyring, passwordKey: passwordKey,
            generation: max(current?.generation ?? 0, pending?.generation ?? 0) + 1)
        try writeSetting(named: Self.syncHeaderSetting, value: header.encoded, keys: keys)
        try deletePendingSyncHeader()
    }

    func deletePendingSyncHeader() throws {
        try database.statement("DELETE FROM settings WHERE name = ?").bind(Self.syncPendingHeaderSetting, at: 1).run()
    }

    /// Re-seals every op payload of the local log under `new`, so an old copy of the vault and the old password
    /// open none of them.
    private func resealSyncLog(from old: SymmetricKey, to new: SymmetricKey) throws {
        let statement = try database.statement(
            "SELECT device, counter, item, sealed FROM sync_ops WHERE sealed IS NOT NULL")
        var rows: [(device: [UInt8], counter: Int64, sealed: [UInt8])] = []
        while try statement.step() {
            guard let device = UUID(bytes: statement.blob(at: 0)), let item = UUID(bytes: statement.blob(at: 2)) else {
                continue
            }
            let op = SyncOp(id: OpID(device: device, counter: UInt64(bitPattern: statement.int64(at: 1))), item: item,
                            kind: .delete, parents: [], time: .zero)
            let data = Self.logAssociatedData(op)
            var payload: [UInt8]
            do {
                payload = try AEAD.open(statement.blob(at: 3) ?? [], using: old, authenticating: data)
            } catch {
                statement.reset()
                throw VaultError.damaged(path: path, detail: "a synced version of an item does not decrypt")
            }
            defer { zeroize(&payload) }
            rows.append((device.bytes, statement.int64(at: 1), AEAD.seal(payload, using: new, authenticating: data)))
        }
        statement.reset()
        let update = try database.statement("UPDATE sync_ops SET sealed = ? WHERE device = ? AND counter = ?")
        for row in rows {
            try update.reset().bind(row.sealed, at: 1).bind(row.device, at: 2).bind(row.counter, at: 3).run()
        }
    }
}
