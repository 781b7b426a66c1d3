/// An SQLite failure: the primary result code and SQLite's message. Never carries bound values.
struct DatabaseError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var primaryCode: Int32 { code & 0xff }
    var description: String { "SQLite error \(code): \(message)" }

    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_PERM || primaryCode == SQLITE_CANTOPEN }
    var isFull: Bool { primaryCode == SQLITE_FULL }
}
