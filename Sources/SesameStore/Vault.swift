import Foundation
#if canImport(SQLite3)
internal import SQLite3
#else
internal import CSQLite
#endif
import SesameCrypto
import SesameDomains

/// The encrypted vault: one SQLite file that several processes open at once (the app and its AutoFill
/// extension; on Linux the CLI, the agent and the helpers).
///
/// A `Vault` is opened locked; `unlock(password:)` derives the key-encryption key with Argon2id and unwraps the
/// random vault key, from which the item, index, usage and settings keys are derived. It holds no cache of items:
/// every read goes to the file, so changes made by other processes are visible at once.
///
/// Not thread-safe: one owner uses it serially (the agent wraps it in a lock).
public final class Vault {
    public let path: String
    let database: Database
    var keys: Keys?
    /// This copy's identity for sync: written into every row it changes.
    public let deviceID: UUID

    struct Keys {
        let vault: SymmetricKey
        let items: SymmetricKey
        let index: SymmetricKey
        let usage: SymmetricKey
        let settings: SymmetricKey

        init(vault: SymmetricKey) {
            self.vault = vault
            items = vault.deriveSubkey(id: 1, context: "sesitems")
            index = vault.deriveSubkey(id: 2, context: "sesindex")
            usage = vault.deriveSubkey(id: 3, context: "sesusage")
            settings = vault.deriveSubkey(id: 4, context: "sesprefs")
        }
    }

    // MARK: - Creating and opening

    /// Creates a new vault file (mode 0600, in a folder created 0700 if missing) and returns it unlocked.
    public static func create(at path: String, password: SecureBytes, kdf: KDFParameters) throws -> Vault {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: path) { throw VaultError.alreadyExists(path: path) }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !fileManager.fileExists(atPath: folder) {
            do {
                try fileManager.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw VaultError.storage(path: path, detail: "cannot create the folder \(folder)")
            }
        }
        // Create the file ourselves so it is 0600 from its first byte; SQLite gives -wal and -shm the same mode.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw VaultError.alreadyExists(path: path) }
            throw VaultError.storage(path: path, detail: String(cString: strerror(errno)))
        }
        close(descriptor)

        do {
            let database = try Database(path: path, create: false)
            try configure(database)
            let vaultKey = SymmetricKey()
            let header = try VaultHeader.make(
                vaultID: SecureRandom.bytes(count: 16), vaultKey: vaultKey, password: password, kdf: kdf)
            let deviceID = UUID()
            try database.writeTransaction {
                try database.execute("PRAGMA application_id = \(Schema.applicationID)")
                try Self.applyMigrations(database, from: 0)
                try Self.write(header, to: database)
                try database.statement("INSERT INTO meta (name, value) VALUES ('device_id', ?)")
                    .bind(deviceID.uuidString, at: 1).run()
            }
            let vault = try Vault(path: path, database: database)
            vault.keys = Keys(vault: vaultKey)
            try vault.rebuildIndexIfNeeded()
            return vault
        } catch {
            try? fileManager.removeItem(atPath: path)
            try? fileManager.removeItem(atPath: path + "-wal")
            try? fileManager.removeItem(atPath: path + "-shm")
            throw Self.mapped(error, path: path)
        }
    }

    /// Opens an existing vault, locked. Refuses files that are not vaults and vaults of a newer format, and brings
    /// older formats up to date.
    public convenience init(path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw VaultError.fileNotFound(path: path) }
        do {
            let database = try Database(path: path, create: false)
            try Self.configure(database)
            try Self.checkIdentity(database, path: path)
            try Self.migrate(database)
            try self.init(path: path, database: database)
        } catch {
            throw Self.mapped(error, path: path)
        }
    }

    private init(path: String, database: Database) throws {
        self.path = path
        self.database = database
        guard let device = try database.scalarText("SELECT value FROM meta WHERE name = 'device_id'"),
            let deviceID = UUID(uuidString: device)
        else { throw VaultError.damaged(path: path, detail: "the device record is missing") }
        self.deviceID = deviceID
    }

    private static func configure(_ database: Database) throws {
        // WAL lets readers in other processes proceed while one writes; FULL makes each commit durable, because a
        // saved password that vanishes on power loss is a lost account.
        let mode = try database.scalarText("PRAGMA journal_mode = WAL")
        guard mode == "wal" else {
            throw VaultError.storage(path: database.path, detail: "the WAL journal could not be enabled")
        }
        try database.execute("""
            PRAGMA synchronous = FULL;
            PRAGMA secure_delete = ON;
            PRAGMA cell_size_check = ON;
            PRAGMA trusted_schema = OFF;
            """)
    }

    private static func checkIdentity(_ database: Database, path: String) throws {
        let applicationID = try database.scalarInt("PRAGMA application_id")
        guard applicationID == Int64(Schema.applicationID) else { throw VaultError.notAVault(path: path) }
    }

    private static func migrate(_ database: Database) throws {
        let version = Int(try database.scalarInt("PRAGMA user_version"))
        if version > Schema.latestVersion {
            throw VaultError.newerFormat(found: version, supported: Schema.latestVersion)
        }
        guard version < Schema.latestVersion else { return }
        try database.writeTransaction {
            // Another process may have migrated while we waited for the write lock.
            let current = Int(try database.scalarInt("PRAGMA user_version"))
            try applyMigrations(database, from: current)
        }
    }

    private static func applyMigrations(_ database: Database, from version: Int) throws {
        for migration in Schema.migrations where migration.version > version {
            try database.execute(migration.sql)
            try database.execute("PRAGMA user_version = \(migration.version)")
        }
    }

    // MARK: - Locking

    public var isUnlocked: Bool { keys != nil }

    /// Unlocks with the master password. Throws `VaultError.wrongPassword` when it does not unwrap the vault key,
    /// and `VaultError.headerDamaged` when the header itself is damaged, so the two are never confused.
    public func unlock(password: SecureBytes) throws {
        try withErrorMapping {
            let header = try readHeader()
            let wrappingKey = try PasswordKDF.deriveKey(from: password, parameters: header.kdf)
            let vaultKeyBytes: SecureBytes
            do {
                vaultKeyBytes = try AEAD.openSecure(
                    header.wrappedKey, using: wrappingKey, authenticating: header.wrappingAssociatedData)
            } catch {
                throw VaultError.wrongPassword
            }
            keys = Keys(vault: try SymmetricKey(bytes: vaultKeyBytes))
            try rebuildIndexIfNeeded()
        }
    }

    /// Forgets every key; the `SecureBytes` behind them are zeroed as they are released.
    public func lock() {
        keys = nil
    }

    /// The Argon2id parameters the master password is currently derived with.
    public func kdfParameters() throws -> KDFParameters {
        try withErrorMapping { try readHeader().kdf }
    }

    /// Replaces the master password (and optionally the Argon2id parameters) in one transaction: the vault key is
    /// re-wrapped, items are untouched. A crash at any moment leaves either the old or the new password working.
    public func changeMasterPassword(to newPassword: SecureBytes, kdf: KDFParameters? = nil) throws {
        try withErrorMapping {
            let keys = try requireKeys()
            let current = try readHeader()
            var parameters = kdf ?? current.kdf
            if kdf == nil { parameters.salt = SecureRandom.bytes(count: KDFParameters.saltByteCount) }
            let header = try VaultHeader.make(
                vaultID: current.vaultID, vaultKey: keys.vault, password: newPassword, kdf: parameters)
            try database.writeTransaction {
                try Self.write(header, to: database)
            }
        }
    }

    func requireKeys() throws -> Keys {
        guard let keys else { throw VaultError.locked }
        return keys
    }

    // MARK: - Header

    func readHeader() throws -> VaultHeader {
        let statement = try database.statement("""
            SELECT vault_id, kdf_algorithm, kdf_passes, kdf_memory, kdf_salt, wrapped_key, checksum
            FROM vault_header WHERE singleton = 1
            """)
        defer { statement.reset() }
        guard try statement.step() else { throw VaultError.headerDamaged(path: path) }
        let header = VaultHeader(
            vaultID: statement.blob(at: 0) ?? [],
            kdf: KDFParameters(
                algorithm: Int32(truncatingIfNeeded: statement.int64(at: 1)),
                passes: UInt64(bitPattern: statement.int64(at: 2)),
                memoryBytes: UInt64(bitPattern: statement.int64(at: 3)),
                salt: statement.blob(at: 4) ?? []),
            wrappedKey: statement.blob(at: 5) ?? [],
            checksum: statement.blob(at: 6) ?? [])
        guard header.isIntact else { throw VaultError.headerDamaged(path: path) }
        do { try header.kdf.validate() } catch { throw VaultError.headerDamaged(path: path) }
        return header
    }

    private static func write(_ header: VaultHeader, to database: Database) throws {
        try database.statement("""
            INSERT INTO vault_header
                (singleton, vault_id, kdf_algorithm, kdf_passes, kdf_memory, kdf_salt, wrapped_key, checksum)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (singleton) DO UPDATE SET
                vault_id = excluded.vault_id, kdf_algorithm = excluded.kdf_algorithm,
                kdf_passes = excluded.kdf_passes, kdf_memory = excluded.kdf_memory, kdf_salt = excluded.kdf_salt,
                wrapped_key = excluded.wrapped_key, checksum = excluded.checksum
            """)
            .bind(header.vaultID, at: 1)
            .bind(Int64(header.kdf.algorithm), at: 2)
            .bind(Int64(header.kdf.passes), at: 3)
            .bind(Int64(header.kdf.memoryBytes), at: 4)
            .bind(header.kdf.salt, at: 5)
            .bind(header.wrappedKey, at: 6)
            .bind(header.checksum, at: 7)
            .run()
    }

    // MARK: - Errors

    /// Runs `body`, turning SQLite, crypto and domain failures into one-sentence `VaultError`s. Errors thrown by a
    /// caller's closure (an edit that refuses a change) pass through unchanged.
    func withErrorMapping<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error where error is DatabaseError || error is CryptoError || error is DomainError {
            throw Self.mapped(error, path: path)
        }
    }

    static func mapped(_ error: any Error, path: String) -> VaultError {
        switch error {
        case let error as VaultError: return error
        case let error as DomainError: return .domains(error)
        case let error as CryptoError:
            if case .invalidKDFParameters(let reason) = error { return .invalidKDF(reason) }
            return .storage(path: path, detail: error.description)
        case let error as DatabaseError:
            if error.primaryCode == SQLITE_NOTADB { return .notAVault(path: path) }
            if error.isCorrupt { return .damaged(path: path, detail: error.message) }
            if error.isReadOnly { return .readOnly(path: path) }
            if error.isFull { return .diskFull(path: path) }
            if error.isBusy { return .busy(path: path) }
            return .storage(path: path, detail: error.message)
        default:
            return .storage(path: path, detail: String(describing: error))
        }
    }
}

@available(*, unavailable)
extension Vault: Sendable {}
