import Foundation
#if canImport(SQLite3)
internal import SQLite3
#else
internal import CSQLite
#endif

/// One SQLite connection. Not thread-safe by design: one owner (a `Vault`) uses it serially.
///
/// Configured for several processes sharing one file: WAL journal, a busy timeout long enough that no user ever
/// sees "database is locked", and `BEGIN IMMEDIATE` for every transaction that writes, because in WAL mode a
/// deferred transaction that upgrades from read to write fails at once instead of waiting.
///
/// The database is the one owner of its connection and of the statements it caches: `close()` (or `deinit`)
/// finalizes every statement first, then closes the connection, so no descriptor outlives its `Vault`.
final class Database {
    private let handle: OpaquePointer
    let path: String
    let isReadOnly: Bool
    private var statements: [String: Statement] = [:]
    private(set) var isInsideTransaction = false
    private(set) var isClosed = false
    /// Write transactions committed through this connection that changed rows: each costs its fsyncs and a
    /// checkpoint, so the paths that run often (a sync round) are checked to write once.
    private(set) var committedWrites = 0

    static let busyTimeoutMilliseconds: Int32 = 15_000

    init(path: String, create: Bool, readOnly: Bool = false) throws {
        var connection: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_URI
        // Read-only means nobody can write here (a read-only file, folder or mount): `immutable` lets SQLite read
        // a WAL database without creating `-shm`, which it could not. Writers checkpoint after every commit, so
        // the main file holds every committed item.
        let name = readOnly ? "file:\(Self.uriEscaped(path))?immutable=1" : "file:\(Self.uriEscaped(path))"
        let status = sqlite3_open_v2(name, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            // https://www.sqlite.org/c3ref/close.html: closing a NULL pointer is a harmless no-op.
            sqlite3_close_v2(connection)
            throw DatabaseError(code: status, message: message)
        }
        handle = connection
        self.path = path
        isReadOnly = readOnly
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit { close() }

    /// `path` as the path of a `file:` URI: only `%`, `?` and `#` would be misread.
    private static func uriEscaped(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
            .replacingOccurrences(of: "#", with: "%23")
    }

    /// Finalizes every cached statement, then closes the connection. When it is the last connection to the file,
    /// SQLite checkpoints the WAL into the main file and removes the `-wal`, so `vault.sqlite` alone holds
    /// everything. Using the database afterwards throws.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ status: Int32) -> DatabaseError { DatabaseError(connection: handle, status: status) }

    private func checkOpen() throws {
        guard !isClosed else { throw DatabaseError(code: SQLITE_MISUSE, message: "the vault was closed") }
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        try checkOpen()
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// A prepared statement for `sql`, cached for the connection's lifetime: hot paths prepare once.
    func statement(_ sql: String) throws -> Statement {
        try checkOpen()
        if let cached = statements[sql] { return cached.reset() }
        let statement = try Statement(connection: handle, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// The single value of a one-row, one-column query, as text.
    func scalarText(_ sql: String) throws -> String? {
        let statement = try statement(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.string(at: 0) : nil
    }

    func scalarInt(_ sql: String) throws -> Int64 {
        let statement = try statement(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.int64(at: 0) : 0
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`): it commits if `body` returns and rolls back if it
    /// throws, so a failure at any point leaves the previous content intact.
    ///
    /// After the commit a passive checkpoint copies the change into the main file, so `vault.sqlite` alone holds
    /// every committed item even while another process (the agent) keeps the file open and the WAL alive.
    /// `checkpoint: false` is for writes whose loss with a lost `-wal` costs nothing (usage times).
    func writeTransaction<T>(checkpoint: Bool = true, _ body: () throws -> T) throws -> T {
        precondition(!isInsideTransaction, "transactions do not nest")
        let changesBefore = sqlite3_total_changes(handle)
        let result = try transaction(begin: "BEGIN IMMEDIATE", body)
        if sqlite3_total_changes(handle) != changesBefore { committedWrites += 1 }
        if checkpoint { self.checkpoint() }
        return result
    }

    /// Runs `body` in a read transaction, so several queries see one consistent snapshot of the file.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInsideTransaction { return try body() }
        return try transaction(begin: "BEGIN DEFERRED", body)
    }

    private func transaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        try execute(begin)
        isInsideTransaction = true
        defer { isInsideTransaction = false }
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last row this connection inserted.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Copies the WAL's committed pages into the main file. `truncate` also empties the `-wal` (it waits for
    /// readers, up to the busy timeout); without it the copy is PASSIVE and never blocks anyone. Either way a
    /// checkpoint that cannot finish now is harmless: the next one, or the last close, completes it.
    func checkpoint(truncate: Bool = false) {
        guard !isClosed, !isReadOnly else { return }
        sqlite3_wal_checkpoint_v2(
            handle, nil, truncate ? SQLITE_CHECKPOINT_TRUNCATE : SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }

    /// A consistent copy of the whole database into a new file at `destination`, through SQLite's online backup
    /// API: other connections may read and write meanwhile; the copy is one committed state.
    func backup(to destination: String) throws {
        try checkOpen()
        var target: OpaquePointer?
        let status = sqlite3_open_v2(
            destination, &target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        defer { sqlite3_close_v2(target) }
        guard status == SQLITE_OK, let target else {
            throw DatabaseError(code: status, message: target.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open")
        }
        guard let backup = sqlite3_backup_init(target, "main", handle, "main") else {
            throw DatabaseError(connection: target, status: sqlite3_errcode(target))
        }
        // One step copies every page at once: the source is read in one snapshot, so the copy is consistent
        // even while another process writes.
        var step = sqlite3_backup_step(backup, -1)
        while step == SQLITE_BUSY || step == SQLITE_LOCKED {
            sqlite3_sleep(10)
            step = sqlite3_backup_step(backup, -1)
        }
        let finish = sqlite3_backup_finish(backup)
        guard step == SQLITE_DONE, finish == SQLITE_OK else {
            throw DatabaseError(connection: target, status: step == SQLITE_DONE ? finish : step)
        }
        // The copy is a single file, not a WAL database: whoever opens it turns WAL on again.
        let journal = sqlite3_exec(target, "PRAGMA journal_mode = DELETE", nil, nil, nil)
        guard journal == SQLITE_OK else { throw DatabaseError(connection: target, status: journal) }
    }
}

@available(*, unavailable)
extension Database: Sendable {}
