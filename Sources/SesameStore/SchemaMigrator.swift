/// An ordered list of named schema steps, after GRDB's `DatabaseMigrator`: each step runs once, in order, and a
/// file's `PRAGMA user_version` is the number of the last step it holds, so the version tells exactly which tables
/// and indexes the file has. No other code creates or changes a table or an index.
///
/// ```swift
/// let migrator = SchemaMigrator([
///     .init(version: 1, name: "tables", sql: "CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT"),
/// ])
/// try migrator.migrate(database)
/// ```
struct SchemaMigrator: Sendable {
    struct Migration: Sendable {
        /// The `user_version` a file has once this step is applied: its place in the list, counted from 1.
        let version: Int
        /// What the step does, for readers and for the error that names a failed step.
        let name: String
        let sql: String
        /// The step leaves much of the file free (it rebuilds a table): the file is vacuumed after it, when
        /// nobody else has it open.
        var compactsFile = false
    }

    let migrations: [Migration]

    init(_ migrations: [Migration]) {
        // The version is what a file records, so a step inserted, dropped or renumbered would be misread silently.
        precondition(migrations.map(\.version) == Array(1...migrations.count), "migrations are numbered 1, 2, 3, …")
        precondition(Set(migrations.map(\.name)).count == migrations.count, "migration names are unique")
        self.migrations = migrations
    }

    var latestVersion: Int { migrations.count }

    /// Brings an existing file up to date: refuses a file of a newer version, then applies every missing step in
    /// one write transaction, so a step that fails leaves the file exactly as it was, still readable by the
    /// Sesame that wrote it (GRDB commits each step on its own; a vault that stops halfway would be a version
    /// no released Sesame wrote).
    ///
    /// - Throws: `VaultError.newerFormat` for a file written by a newer Sesame; the failing step's error otherwise.
    func migrate(_ database: Database) throws {
        let version = try Self.version(of: database)
        if version > latestVersion { throw VaultError.newerFormat(found: version, supported: latestVersion) }
        guard version < latestVersion else { return }
        let applied = try database.writeTransaction {
            // Another process may have migrated while we waited for the write lock.
            let current = try Self.version(of: database)
            if current > latestVersion { throw VaultError.newerFormat(found: current, supported: latestVersion) }
            try apply(to: database, from: current)
            return current
        }
        // The tables a step rebuilt leave their old pages free in the file: give them back once. Best effort
        // (another process may be reading); free pages are reused as the vault grows anyway.
        if migrations.contains(where: { $0.version > applied && $0.compactsFile }) {
            try? database.execute("VACUUM")
            database.checkpoint(truncate: true)
        }
    }

    /// Applies the steps after `version`, in order, inside the caller's write transaction (a new vault's, or
    /// `migrate`'s), recording each in `user_version` as it goes.
    func apply(to database: Database, from version: Int) throws {
        precondition(database.isInsideTransaction, "migrations run inside a write transaction")
        for migration in migrations where migration.version > version {
            try database.execute(migration.sql)
            try database.execute("PRAGMA user_version = \(migration.version)")
        }
    }

    static func version(of database: Database) throws -> Int {
        Int(try database.scalarInt("PRAGMA user_version"))
    }
}
