import Foundation
#if canImport(SQLite3)
internal import SQLite3
#else
internal import CSQLite
#endif

/// An SQLite failure: the primary result code and SQLite's message. Never carries bound values.
struct DatabaseError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    /// The operating system's errno behind an I/O failure (`sqlite3_system_errno`), to tell a full disk apart.
    var systemErrno: Int32 = 0

    init(code: Int32, message: String, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.systemErrno = systemErrno
    }

    /// The error SQLite reports on `connection` for `status`.
    init(connection: OpaquePointer, status: Int32) {
        self.init(code: status, message: String(cString: sqlite3_errmsg(connection)),
                  systemErrno: sqlite3_system_errno(connection))
    }

    var primaryCode: Int32 { code & 0xff }
    var description: String { "SQLite error \(code): \(message)" }

    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_PERM || primaryCode == SQLITE_CANTOPEN }
    /// SQLite reports ENOSPC as SQLITE_FULL but EFBIG and EDQUOT as SQLITE_IOERR_WRITE (778), and by the time
    /// `sqlite3_system_errno` is read errno may have moved on; a failed write is a full disk in practice.
    var isFull: Bool {
        primaryCode == SQLITE_FULL || code == 778
            || (primaryCode == SQLITE_IOERR && [ENOSPC, EFBIG, EDQUOT].contains(systemErrno))
    }
}
