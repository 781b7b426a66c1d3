/// The vault's SQLite schema: one ordered list of named migrations (`SchemaMigrator`), recorded in
/// `PRAGMA user_version`. Every table and index of a vault is created here and nowhere else.
///
/// Rows carry what sync needs later (architecture §7): every change writes a new random `version` that names the
/// one it `replaces`, each vault copy has a `device` id, and deletion leaves a tombstone row with no payload.
/// Nothing that names a site or a person is stored in clear: items are sealed, the domain index holds keyed hashes.
enum Schema {
    /// `PRAGMA application_id`, so that a Sesame vault is recognisable as such ("SESM").
    static let applicationID: Int32 = 0x5345_534D

    static let migrator = SchemaMigrator([
        .init(version: 1, name: "header, items, domain index, usage and settings", sql: """
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
        .init(version: 2, name: "items bound to their rows",
              sql: "DELETE FROM meta WHERE name IN ('row_digest', 'index_digest')"),
        // A smaller file (docs/design.md, "The vault file"): items get a stable row number (`ref`, kept from the
        // rowid) that the index refers to instead of the 16-byte id, and lose `device`, which nothing read (sync
        // records the device of each op in `sync_ops`). The index becomes one B-tree of 8-byte tags without the
        // second index by item; it is derived data, so it is emptied here (its digest is the XOR over no rows)
        // and rebuilt in the new format by the first unlock, which finds no fingerprint.
        .init(version: 3, name: "row numbers and 8-byte index tags", sql: """
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
            """, compactsFile: true),
        // The tables that sync and deletion times used to create when first needed (sync setup, the first
        // deletion, a status read, the first round that met an epoch or verified a file). A schema-2 or -3 file
        // may hold any of them already, made by that lazy path with these very definitions, which is why each
        // statement here, and only here, says IF NOT EXISTS. An unsynced vault carries them empty.
        //
        // `sync_ops` holds every op this copy has made or applied, forever (a transport that rolls files back
        // cannot make the vault go back); `sync_batches` the applied batches per device (own ones with their
        // bytes, so a batch lost between flush and publish is written again, identical); `sync_shown` which op
        // each item row shows; `sync_conflicts` the items with live siblings; `sync_seen` the highest batch of
        // each device that any device said it had applied (from batches' `seen` vectors), so files the transport
        // withholds are noticed; `sync_epochs` the highest key epoch applied per device; `sync_superseded` ids a
        // snapshot this copy started from says are superseded by ops it dropped; `sync_verified` the transport
        // fingerprint of each applied batch file last found to be the file applied, `sync_equivocations` the
        // names at which a different file turned up. `item_deletions` holds, for each tombstone, when the item
        // was deleted, sealed like usage records and bound to the item id.
        .init(version: 4, name: "sync and deletion tables", sql: """
            CREATE TABLE IF NOT EXISTS sync_ops (
                device BLOB NOT NULL, counter INTEGER NOT NULL, item BLOB NOT NULL, kind INTEGER NOT NULL,
                state INTEGER NOT NULL, parents BLOB NOT NULL, hlc_ms INTEGER NOT NULL, hlc_counter INTEGER NOT NULL,
                sealed BLOB, batch INTEGER, PRIMARY KEY (device, counter)) STRICT;
            CREATE INDEX IF NOT EXISTS sync_ops_by_item ON sync_ops (item);
            CREATE TABLE IF NOT EXISTS sync_batches (
                device BLOB NOT NULL, seq INTEGER NOT NULL, hash BLOB NOT NULL, last_counter INTEGER NOT NULL, file BLOB,
                PRIMARY KEY (device, seq)) STRICT;
            CREATE TABLE IF NOT EXISTS sync_shown (item BLOB PRIMARY KEY, device BLOB NOT NULL, counter INTEGER NOT NULL) STRICT;
            CREATE TABLE IF NOT EXISTS sync_conflicts (item BLOB PRIMARY KEY) STRICT;
            CREATE TABLE IF NOT EXISTS sync_seen (device BLOB PRIMARY KEY, seq INTEGER NOT NULL) STRICT;
            CREATE TABLE IF NOT EXISTS sync_epochs (device BLOB PRIMARY KEY, epoch INTEGER NOT NULL) STRICT;
            CREATE TABLE IF NOT EXISTS sync_superseded (
                item BLOB NOT NULL, device BLOB NOT NULL, counter INTEGER NOT NULL,
                PRIMARY KEY (item, device, counter)) STRICT;
            CREATE TABLE IF NOT EXISTS sync_verified (
                device BLOB NOT NULL, seq INTEGER NOT NULL, stamp BLOB NOT NULL, PRIMARY KEY (device, seq)) STRICT;
            CREATE TABLE IF NOT EXISTS sync_equivocations (
                device BLOB NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (device, seq)) STRICT;
            CREATE TABLE IF NOT EXISTS item_deletions (item_id BLOB PRIMARY KEY, sealed BLOB NOT NULL) STRICT, WITHOUT ROWID;
            """),
        // A smaller file still (docs/design.md, "Size on disk"): items are found by id through an index of the
        // id's first 8 bytes (`Vault.itemWithID`, which compares the whole id in the row) instead of SQLite's
        // index of the whole id that `UNIQUE` made, 8 bytes less per item; the store keeps ids unique itself
        // (`commitImport` refuses an id already there, sync inserts only ids it did not find). The index's tags
        // become 4 bytes (`Vault.tagLength`): emptied here like in step 3, rebuilt by the first unlock.
        .init(version: 5, name: "items by id prefix and 4-byte index tags", sql: """
            CREATE TABLE items_v5 (
                ref INTEGER PRIMARY KEY,
                id BLOB NOT NULL,
                version BLOB NOT NULL,
                replaces BLOB,
                state INTEGER NOT NULL DEFAULT 0,
                payload BLOB
            ) STRICT;
            INSERT INTO items_v5 (ref, id, version, replaces, state, payload)
                SELECT ref, id, version, replaces, state, payload FROM items ORDER BY ref;
            DROP TABLE items;
            ALTER TABLE items_v5 RENAME TO items;
            CREATE INDEX items_by_id ON items (substr(id, 1, 8));
            DELETE FROM item_tags;
            UPDATE meta SET value = '\(String(repeating: "0", count: 64))' WHERE name = 'index_digest';
            DELETE FROM meta WHERE name = 'index_fingerprint';
            """, compactsFile: true),
    ])

    static var latestVersion: Int { migrator.latestVersion }
}
