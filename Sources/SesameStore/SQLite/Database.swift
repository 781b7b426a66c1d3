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
final class Database {
    let handle: OpaquePointer
    let path: String
    private var statements: [String: Statement] = [:]
    private(set) var isInsideTransaction = false

    static let busyTimeoutMilliseconds: Int32 = 15_000

    init(path: String, create: Bool) throws {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
            | SQLITE_OPEN_EXRESCODE
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            // https://www.sqlite.org/c3ref/close.html: closing a NULL pointer is a harmless no-op.
            sqlite3_close_v2(connection)
            throw DatabaseError(code: status, message: message)
        }
        handle = connection
        self.path = path
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ status: Int32) -> DatabaseError {
        DatabaseError(code: status, message: String(cString: sqlite3_errmsg(handle)), systemErrno: sqlite3_system_errno(handle))
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status) }
    }

    /// A prepared statement for `sql`, cached for the connection's lifetime: hot paths prepare once.
    func statement(_ sql: String) throws -> Statement {
        if let cached = statements[sql] { return cached.reset() }
        let statement = try Statement(database: self, sql: sql)
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
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        precondition(!isInsideTransaction, "transactions do not nest")
        return try transaction(begin: "BEGIN IMMEDIATE", body)
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
}

@available(*, unavailable)
extension Database: Sendable {}
