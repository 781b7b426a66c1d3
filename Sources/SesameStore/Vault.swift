import Foundation
#if canImport(SQLite3)
internal import SQLite3
#else
internal import CSQLite
#endif
import SesameCrypto
import SesameDomains
import SesameSync

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
    /// Set at unlock when the keyed digest over the item rows does not match: reported with every listing.
    var integrityProblem: VaultError?
    /// Set at unlock when the index digest does not match and the vault is read-only, so it cannot be rebuilt.
    var indexDamaged = false
    /// This copy's identity for sync: written into every row it changes. Changes only when sync finds the copy
    /// was restored from an older one (`adoptNewDeviceID()`).
    public internal(set) var deviceID: UUID
    /// The rules that say what a site is, handed in by the shell that found them: the index is built with them and
    /// the matcher reads them here, so both always agree.
    public let publicSuffixList: PublicSuffixList

    struct Keys {
        let vault: SymmetricKey
        let items: SymmetricKey
        let index: SymmetricKey
        let usage: SymmetricKey
        let settings: SymmetricKey
        let digest: SymmetricKey

        init(vault: SymmetricKey) {
            self.vault = vault
            items = vault.deriveSubkey(id: 1, context: "sesitems")
            index = vault.deriveSubkey(id: 2, context: "sesindex")
            usage = vault.deriveSubkey(id: 3, context: "sesusage")
            settings = vault.deriveSubkey(id: 4, context: "sesprefs")
            digest = vault.deriveSubkey(id: 5, context: "sesdiges")
        }
    }

    // MARK: - Creating and opening

    /// Creates a new vault file (mode 0600, in a folder created 0700 if missing) and returns it unlocked.
    public static func create(at path: String, password: SecureBytes, kdf: KDFParameters,
                              publicSuffixList: PublicSuffixList) throws -> Vault {
        let fileManager = FileManager.default
        try refuseExisting(path, publicSuffixList: publicSuffixList)
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
            if errno == EEXIST { try refuseExisting(path, publicSuffixList: publicSuffixList) }
            throw VaultError.storage(path: path, detail: String(cString: strerror(errno)))
        }
        closeDescriptor(descriptor)

        do {
            let database = try Database(path: path, create: false)
            try configure(database)
            let vaultKey = SymmetricKey()
            let header = try VaultHeader.make(
                vaultID: SecureRandom.bytes(count: 16), vaultKey: vaultKey, password: password, kdf: kdf)
            let deviceID = UUID()
            try database.writeTransaction {
                try database.execute("PRAGMA application_id = \(Schema.applicationID)")
                try Schema.migrator.apply(to: database, from: 0)
                try Self.write(header, to: database)
                try database.statement("INSERT INTO meta (name, value) VALUES ('device_id', ?)")
                    .bind(deviceID.uuidString, at: 1).run()
                // An empty vault's digests: the XOR over no rows. The key's wrapping states that they exist.
                let empty = String(repeating: "0", count: 64)
                for name in [Self.rowDigestName, Self.indexDigestName] {
                    try database.statement("INSERT INTO meta (name, value) VALUES (?, ?)")
                        .bind(name, at: 1).bind(empty, at: 2).run()
                }
            }
            let vault = try Vault(path: path, database: database, publicSuffixList: publicSuffixList)
            vault.keys = Keys(vault: vaultKey)
            try vault.rebuildIndexIfNeeded()
            try vault.checkIntegrity(keyStatesDigests: true)
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
    public convenience init(path: String, publicSuffixList: PublicSuffixList) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw VaultError.fileNotFound(path: path) }
        if status.st_mode & S_IFMT == S_IFDIR { throw VaultError.isFolder(path: path) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw VaultError.notAVault(path: path) }
        do {
            let database = try Database(path: path, create: false, readOnly: !Self.isWritable(path))
            try Self.configure(database)
            try Self.checkIdentity(database, path: path)
            try Schema.migrator.migrate(database)
            try self.init(path: path, database: database, publicSuffixList: publicSuffixList)
        } catch {
            throw Self.mapped(error, path: path)
        }
    }

    private init(path: String, database: Database, publicSuffixList: PublicSuffixList) throws {
        self.path = path
        self.database = database
        self.publicSuffixList = publicSuffixList
        guard let device = try database.scalarText("SELECT value FROM meta WHERE name = 'device_id'"),
            let deviceID = UUID(uuidString: device)
        else { throw VaultError.damaged(path: path, detail: "the device record is missing") }
        self.deviceID = deviceID
    }

    /// Why `path` cannot become a new vault: it is one already, or it is something else that must not be
    /// mistaken for one (an empty file, another SQLite database, a FIFO, a device).
    /// Throws what `create` would throw for what is at `path` already (a vault, a folder, another file), so a
    /// shell can say it before asking for a new master password.
    public static func checkCreatable(at path: String, publicSuffixList: PublicSuffixList) throws {
        try refuseExisting(path, publicSuffixList: publicSuffixList)
    }

    private static func refuseExisting(_ path: String, publicSuffixList: PublicSuffixList) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw VaultError.cannotCreate(path: path, reason: "it is a folder")
        case S_IFREG: break
        case S_IFLNK: throw VaultError.cannotCreate(path: path, reason: "it is a symbolic link")
        default: throw VaultError.cannotCreate(path: path, reason: "it exists and is not a regular file")
        }
        if status.st_size == 0 { throw VaultError.cannotCreate(path: path, reason: "an empty file exists there") }
        if (try? Vault(path: path, publicSuffixList: publicSuffixList)) != nil {
            throw VaultError.alreadyExists(path: path)
        }
        throw VaultError.cannotCreate(path: path, reason: "a file that is not a Sesame vault exists there")
    }

    /// A vault that this process cannot write (a read-only file, folder or mount) is opened read-only: reading
    /// works, and only an attempted write is refused, as `VaultError.readOnly`. SQLite needs the folder writable
    /// too, for the `-wal` and `-shm` files.
    private static func isWritable(_ path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        return access(path, W_OK) == 0 && access(folder.isEmpty ? "." : folder, W_OK) == 0
    }

    private static func configure(_ database: Database) throws {
        // A read-only connection cannot change the journal; the file was left checkpointed by its last writer.
        guard !database.isReadOnly else { return }
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

    // MARK: - Locking

    public var isUnlocked: Bool { keys != nil }

    /// Unlocks with the master password. Throws `VaultError.wrongPassword` when it does not unwrap the vault key,
    /// and `VaultError.headerDamaged` when the header itself is damaged, so the two are never confused.
    public func unlock(password: SecureBytes) throws {
        try unlockReturningKey(password: password)
    }

    /// Forgets every key; the `SecureBytes` behind them are zeroed as they are released.
    public func lock() {
        keys = nil
        integrityProblem = nil
        indexDamaged = false
    }

    /// Locks and closes the file now instead of when the last reference goes away. Closing the last connection
    /// to the file moves the WAL into `vault.sqlite`. Any use afterwards throws.
    public func close() {
        lock()
        database.close()
    }

    /// The Argon2id parameters the master password is currently derived with.
    public func kdfParameters() throws -> KDFParameters {
        try withErrorMapping { try readHeader().kdf }
    }

    /// Replaces the master password (and optionally the Argon2id parameters) and rotates the vault key, in one
    /// transaction: a new random vault key is wrapped under the new password and every item (all states), usage
    /// record and setting is re-sealed under it, and the domain index rebuilt under its new index key. An old copy
    /// of the header with the old password therefore opens nothing written afterwards. A crash at any moment leaves
    /// either the old password opening everything or the new one opening everything.
    public func changeMasterPassword(to newPassword: SecureBytes, kdf: KDFParameters? = nil) throws {
        try withErrorMapping {
            let oldKeys = try requireKeys()
            let current = try readHeader()
            var parameters = kdf ?? current.kdf
            if kdf == nil { parameters.salt = SecureRandom.bytes(count: KDFParameters.saltByteCount) }
            // A synced vault publishes these parameters in vault.hdr, which other devices refuse above the budget.
            if try syncIdentity(keys: oldKeys) != nil { try SyncBudget.checkKeyDerivation(parameters) }
            let vaultKey = SymmetricKey()
            let newKeys = Keys(vault: vaultKey)
            // Argon2id runs before the write lock is taken, so other processes wait only for the re-sealing.
            let wrappingKey = try PasswordKDF.deriveKey(from: newPassword, parameters: parameters)
            let header = VaultHeader.make(
                vaultID: current.vaultID, vaultKey: vaultKey, wrappingKey: wrappingKey, kdf: parameters)
            try database.writeTransaction(checkpoint: false) {
                try reseal(from: oldKeys, to: newKeys)
                try Self.write(header, to: database)
                try rotateSyncKeys(kdf: parameters, passwordKey: wrappingKey, keys: newKeys)
            }
            keys = newKeys
            // Every row changed: fold the WAL into the main file now, so the old key's pages do not linger there.
            database.checkpoint(truncate: true)
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
        // A vault file can come from anywhere (`--vault`, a restored copy): its costs are checked before Argon2id.
        if header.kdf.exceedsLimits {
            throw VaultError.invalidKDF(
                "The vault \(path) asks for \(header.kdf.memoryBytes >> 20) MiB and \(header.kdf.passes) passes of "
                    + "Argon2id, over Sesame's limit of \(KDFParameters.maximumMemoryMiB) MiB and "
                    + "\(KDFParameters.maximumPasses) passes")
        }
        do { try header.kdf.validate() } catch { throw VaultError.headerDamaged(path: path) }
        return header
    }

    static func write(_ header: VaultHeader, to database: Database) throws {
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

/// The C library's `close`, which `Vault.close()` hides inside the class.
func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
