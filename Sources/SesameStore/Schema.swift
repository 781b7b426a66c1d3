/// The vault's SQLite schema, advanced by numbered migrations recorded in `PRAGMA user_version`.
///
/// Rows carry what sync needs later (architecture §7): every change writes a new random `version` that names the
/// one it `replaces`, each vault copy has a `device` id, and deletion leaves a tombstone row with no payload.
/// Nothing that names a site or a person is stored in clear: items are sealed, the domain index holds keyed hashes.
enum Schema {
    /// `PRAGMA application_id`, so that a Sesame vault is recognisable as such ("SESM").
    static let applicationID: Int32 = 0x5345_534D

    struct Migration {
        let version: Int
        let sql: String
    }

    static let migrations: [Migration] = [
        Migration(version: 1, sql: """
            CREATE TABLE vault_header (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                vault_id BLOB NOT NULL,
                kdf_algorithm INTEGER NOT NULL,
                kdf_passes INTEGER NOT NULL,
                kdf_memory INTEGER NOT NULL,
                kdf_salt BLOB NOT NULL,
                wrapped_key BLOB NOT NULL,
                checksum BLOB NOT NULL
            ) STRICT;
            CREATE TABLE meta (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) STRICT;
            CREATE TABLE items (
                id BLOB NOT NULL UNIQUE,
                version BLOB NOT NULL,
                replaces BLOB,
                device BLOB NOT NULL,
                state INTEGER NOT NULL DEFAULT 0,
                payload BLOB
            ) STRICT;
            CREATE TABLE item_domains (
                tag BLOB NOT NULL,
                item_id BLOB NOT NULL,
                PRIMARY KEY (tag, item_id)
            ) STRICT, WITHOUT ROWID;
            CREATE INDEX item_domains_by_item ON item_domains (item_id);
            CREATE TABLE item_usage (
                item_id BLOB PRIMARY KEY,
                sealed BLOB NOT NULL
            ) STRICT, WITHOUT ROWID;
            CREATE TABLE settings (
                name TEXT PRIMARY KEY,
                sealed BLOB NOT NULL
            ) STRICT;
            """),
        // Items bind their row (version, predecessor, state) into the seal and keyed digests cover the set of
        // rows; the first unlock re-seals every item. The version number keeps older Sesames, which would not
        // update the digests, from writing.
        Migration(version: 2, sql: "DELETE FROM meta WHERE name IN ('row_digest', 'index_digest')"),
        // A smaller file (docs/design.md, "The vault file"): items get a stable row number (`ref`, kept from the
        // rowid) that the index refers to instead of the 16-byte id, and lose `device`, which nothing read (sync
        // records the device of each op in `sync_ops`). The index becomes one B-tree of 8-byte tags without the
        // second index by item; it is derived data, so it is emptied here (its digest is the XOR over no rows)
        // and rebuilt in the new format by the first unlock, which finds no fingerprint.
        Migration(version: 3, sql: """
            CREATE TABLE items_v3 (
                ref INTEGER PRIMARY KEY,
                id BLOB NOT NULL UNIQUE,
                version BLOB NOT NULL,
                replaces BLOB,
                state INTEGER NOT NULL DEFAULT 0,
                payload BLOB
            ) STRICT;
            INSERT INTO items_v3 (ref, id, version, replaces, state, payload)
                SELECT rowid, id, version, replaces, state, payload FROM items ORDER BY rowid;
            DROP TABLE items;
            ALTER TABLE items_v3 RENAME TO items;
            DROP TABLE item_domains;
            CREATE TABLE item_tags (
                tag BLOB NOT NULL,
                item INTEGER NOT NULL,
                PRIMARY KEY (tag, item)
            ) STRICT, WITHOUT ROWID;
            UPDATE meta SET value = '\(String(repeating: "0", count: 64))' WHERE name = 'index_digest';
            DELETE FROM meta WHERE name = 'index_fingerprint';
            """),
    ]

    /// Migrations that leave much of the file free: the file is vacuumed after them, when nobody else has it open.
    static let compactingVersions: Set<Int> = [3]

    static var latestVersion: Int { migrations.last!.version }
}
