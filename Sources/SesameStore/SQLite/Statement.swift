#if canImport(SQLite3)
internal import SQLite3
#else
internal import CSQLite
#endif

/// A prepared statement, owned by the `Database` that caches it and finalized by that database before it closes
/// its connection. It holds no reference back to the database: a strong one made a cycle that kept every
/// connection (and its file descriptors) open forever, so it keeps only the borrowed connection handle for errors.
final class Statement {
    private var handle: OpaquePointer?
    private let connection: OpaquePointer

    init(connection: OpaquePointer, sql: String) throws {
        self.connection = connection
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw DatabaseError(connection: connection, status: status) }
        handle = statement
    }

    /// Releases the C statement; the owning database calls it before closing the connection.
    func finalize() {
        sqlite3_finalize(handle)
        handle = nil
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
            let error = DatabaseError(connection: connection, status: status)
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

    /// A blob column's bytes where SQLite holds them, valid only inside `body` (empty for NULL): for scans that
    /// would otherwise copy every row's bytes.
    func withBlob<Result>(at column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return body(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw DatabaseError(connection: connection, status: status) }
    }
}

@available(*, unavailable)
extension Statement: Sendable {}
