#if canImport(SQLite3)
internal import SQLite3
#else
internal import CSQLite
#endif

/// A prepared statement. Owned by one `Database` and used from one thread at a time.
final class Statement {
    private let handle: OpaquePointer
    private let database: Database

    init(database: Database, sql: String) throws {
        self.database = database
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw database.error(status) }
        handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    /// Clears bindings and state so the statement can run again.
    @discardableResult
    func reset() -> Statement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        return self
    }

    @discardableResult
    func bind(_ value: Int64, at index: Int32) throws -> Statement {
        try check(sqlite3_bind_int64(handle, index, value))
        return self
    }

    @discardableResult
    func bind(_ value: String, at index: Int32) throws -> Statement {
        try check(sqlite3_bind_text(handle, index, value, -1, SQLITE_TRANSIENT))
        return self
    }

    @discardableResult
    func bind(_ value: [UInt8]?, at index: Int32) throws -> Statement {
        guard let value else {
            try check(sqlite3_bind_null(handle, index))
            return self
        }
        try value.withUnsafeBytes { bytes in
            // A zero-length blob still needs a non-null pointer, or SQLite stores NULL.
            try check(sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                        Int32(bytes.count), SQLITE_TRANSIENT))
        }
        return self
    }

    /// Advances to the next row; false when done.
    func step() throws -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(status)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws {
        while try step() {}
        sqlite3_reset(handle)
    }

    func int64(at column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func isNull(at column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func string(at column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: text)
    }

    func blob(at column: Int32) -> [UInt8]? {
        guard !isNull(at: column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw database.error(status) }
    }
}

@available(*, unavailable)
extension Statement: Sendable {}
