// Each file that calls SQLite imports it itself: re-exporting a C module would hand it to every client of the store.
#if canImport(SQLite3)
internal import SQLite3
#else
internal import CSQLite
#endif

/// `SQLITE_TRANSIENT` is a cast macro that Swift does not import: it tells SQLite to copy bound values.
let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
