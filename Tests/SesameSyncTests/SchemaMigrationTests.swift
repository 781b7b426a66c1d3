import Foundation
import SesameAutoFill
import SesameCrypto
import SesameKeePass
@testable import SesameStore
import SesameSync
import SesameSyncTransport
import Testing

/// Vaults written by earlier Sesames open in this version, are migrated, and lose nothing. Each fixture was made
/// by the code of an older commit (its README says which, and how): `schema-1-vault` (4741404, before sync),
/// `schema-2-vault` (f5295ec: items of every kind, a trashed and a deleted one, a use, a setting, sync set up with
/// a published batch and one op still pending, and the folder it syncs with; some of the tables the lazy path
/// made), `schema-3-vault` (f7c0ea7: the same, at key epoch 1, with every table the lazy path made),
/// `schema-4-vault` (703edef: payloads in format 2, which format 3's reader reads in place). Checked:
/// items, states, usage, deletion times, settings, lookups by domain and attribute, sync, backup, KeePass export,
/// and that the migrated file's schema is exactly a new vault's.
@Suite struct SchemaMigrationTests {
    let folder = TemporaryFolder()

    /// A private copy of a fixture: the vault and the folder it syncs with (if it has one).
    func fixtureCopy(_ name: String = "schema-2-vault") throws -> (vault: String, remote: FolderTransport) {
        let source = try #require(Bundle.module.path(forResource: name, ofType: nil, inDirectory: "Fixtures"))
        try FileManager.default.copyItem(atPath: source, toPath: folder.file(name))
        return (folder.file("\(name)/vault.sqlite"), FolderTransport(root: folder.file("\(name)/remote")))
    }

    /// Every table and index as SQLite records it (type, name, table, CREATE statement), the file's whole schema.
    func schema(_ path: String) throws -> String {
        try sqlite(path, "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
    }

    /// The schema and version of a vault this build creates.
    func freshSchema() throws -> (schema: String, version: String) {
        let path = folder.file("fresh.sqlite")
        if !FileManager.default.fileExists(atPath: path) {
            try Vault.create(at: path, password: SecureBytes(utf8: testPassword), kdf: testKDF(), publicSuffixList: emptySuffixList).close()
        }
        return (try schema(path), try sqlite(path, "PRAGMA user_version"))
    }

    @Test(arguments: ["schema-1-vault", "schema-2-vault", "schema-3-vault", "schema-4-vault"])
    func aMigratedVaultHoldsExactlyTheSchemaOfANewOne(fixture: String) throws {
        let (path, _) = try fixtureCopy(fixture)
        let fresh = try freshSchema()
        #expect(try sqlite(path, "PRAGMA user_version") != fresh.version)
        try Vault(path: path, publicSuffixList: emptySuffixList).close()
        #expect(try sqlite(path, "PRAGMA user_version") == fresh.version)
        #expect(try schema(path) == fresh.schema)
    }

    @Test func aNewVaultHoldsEveryTableBeforeItSyncsOrDeletes() throws {
        let fresh = try freshSchema()
        for table in ["item_deletions", "sync_ops", "sync_batches", "sync_seen", "sync_epochs", "sync_verified", "sync_equivocations"] {
            #expect(fresh.schema.contains("table|\(table)|\(table)|CREATE TABLE \(table) ("))
        }
        #expect(fresh.schema.contains("index|sync_ops_by_item|sync_ops|CREATE INDEX sync_ops_by_item ON sync_ops (item)"))
    }

    @Test func settingUpSyncSyncingAndDeletingCreateNoTable() throws {
        // A vault that never synced nor deleted, from before any of those tables existed.
        let (path, _) = try fixtureCopy("schema-1-vault")
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        let migrated = try schema(path)
        let remote = FolderTransport(root: folder.file("remote"))
        try remote.writeHeader(try vault.setUpSync(password: SecureBytes(utf8: testPassword)).encoded)
        _ = try vault.syncStatus()
        _ = try vault.sync(with: remote)
        _ = try vault.verifiedBatchFingerprints()
        let mail = try #require(try vault.items(withDomains: ["example.com"]).items.first)
        try vault.delete(id: mail.id)
        #expect(try vault.deletions().map(\.id) == [mail.id])
        _ = try vault.sync(with: remote)
        #expect(try schema(path) == migrated)
    }

    @Test func aFailedMigrationLeavesTheFileAsItWas() throws {
        let (path, _) = try fixtureCopy("schema-1-vault")
        // An index with the name of a table that step 4 creates makes that step fail, after steps 2 and 3 ran.
        _ = try sqlite(path, "CREATE INDEX item_deletions ON meta (value)")
        let before = try schema(path)
        let rows = try sqlite(path, "SELECT hex(id), state, hex(payload) FROM items ORDER BY id")
        #expect(throws: VaultError.storage(path: path, detail: "there is already an index named item_deletions")) {
            try Vault(path: path, publicSuffixList: emptySuffixList)
        }
        #expect(try sqlite(path, "PRAGMA user_version") == "1")
        #expect(try schema(path) == before)
        #expect(try sqlite(path, "SELECT hex(id), state, hex(payload) FROM items ORDER BY id") == rows)
        // Without the obstacle the same file migrates and opens.
        _ = try sqlite(path, "DROP INDEX item_deletions")
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        #expect(try vault.allItems(in: [.active, .trashed]).items.count == 3)
    }

    @Test func aVaultOfANewerVersionIsRefusedAndLeftAlone() throws {
        let (path, _) = try fixtureCopy("schema-3-vault")
        let newer = Schema.latestVersion + 1
        _ = try sqlite(path, "PRAGMA user_version = \(newer)")
        let before = try schema(path)
        let refusal = VaultError.newerFormat(found: newer, supported: Schema.latestVersion)
        #expect(throws: refusal) { try Vault(path: path, publicSuffixList: emptySuffixList) }
        #expect(refusal.description == "This vault uses format version \(newer), but this Sesame reads versions up to \(newer - 1); update Sesame.")
        #expect(try sqlite(path, "PRAGMA user_version") == String(newer))
        #expect(try schema(path) == before)
    }

    @Test func aSchemaOneVaultIsMigratedWithoutLoss() throws {
        let (path, _) = try fixtureCopy("schema-1-vault")
        #expect(try sqlite(path, "PRAGMA user_version") == "1")
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        #expect(vault.rowSetProblem == nil)
        let scan = try vault.allItems(in: [.active, .trashed])
        #expect(scan.damaged.isEmpty)
        let byTitle = Dictionary(uniqueKeysWithValues: scan.items.map { ($0.title, $0) })
        #expect(Set(byTitle.keys) == ["Mail", "Device app", "Rejected"])
        let mail = try #require(byTitle["Mail"])
        #expect(mail.username == "ann" && mail.password == "two" && mail.passwordHistory.map(\.password) == ["one"])
        #expect(mail.urls == [ItemURL("https://mail.example.com/login"), ItemURL("https://webmail.example.org")])
        #expect(Set(mail.fields) == [CustomField(name: "PIN", value: "1234", isProtected: true), CustomField(name: "Recovery", value: "abc")])
        #expect(mail.notes == "line one\nline two" && mail.tags == ["work"])
        #expect(byTitle["Device app"]?.password == "hunter2" && byTitle["Device app"]?.notes == "pending")
        let rejected = try #require(byTitle["Rejected"])
        #expect(try vault.item(withID: rejected.id).state == .trashed && rejected.password == "secret")
        #expect(try vault.count(in: .deleted) == 1)
        #expect(try vault.deletions().isEmpty)  // schema 1 recorded no deletion times
        #expect(try vault.usage(ofItemsWithIDs: [mail.id])[mail.id]?.lastUsed != nil)
        #expect(try LocalVaultService(vault: vault).equivalents().groups.map { Set($0.domains) } == [["example.com", "example.net"]])
        #expect(try vault.items(withDomains: ["example.com"]).items.map(\.title) == ["Mail"])
        #expect(try vault.items(withDomains: ["example.net"]).items.isEmpty)  // Rejected is in the trash
        #expect(try vault.items(withAttributes: ["username": "bob"]).items.map(\.title) == ["Device app"])
        // The migrated vault can start syncing.
        let remote = FolderTransport(root: folder.file("remote"))
        try remote.writeHeader(try vault.setUpSync(password: SecureBytes(utf8: testPassword)).encoded)
        _ = try vault.sync(with: remote)
        let clone = try cloneSyncedVault(at: folder.file("clone.sqlite"), transport: remote)
        #expect(try clone.visibleState() == vault.visibleState())
    }

    @Test func aSchemaThreeVaultIsMigratedWithoutLoss() throws {
        let (path, remote) = try fixtureCopy("schema-3-vault")
        #expect(try sqlite(path, "PRAGMA user_version") == "3")
        let epochsBefore = try sqlite(path, "SELECT hex(device), epoch FROM sync_epochs")
        let opsBefore = try sqlite(path, "SELECT hex(device), counter, hex(item), batch FROM sync_ops ORDER BY device, counter")
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        // The tables that were there keep their rows.
        #expect(try sqlite(path, "SELECT hex(device), epoch FROM sync_epochs") == epochsBefore)
        #expect(try sqlite(path, "SELECT hex(device), counter, hex(item), batch FROM sync_ops ORDER BY device, counter") == opsBefore)
        let password = SecureBytes(utf8: "battery staple")
        try vault.unlock(password: password)
        #expect(vault.rowSetProblem == nil)
        let scan = try vault.allItems(in: [.active, .trashed])
        let byTitle = Dictionary(uniqueKeysWithValues: scan.items.map { ($0.title, $0) })
        #expect(Set(byTitle.keys) == ["Mail", "Device app", "Rejected"])
        let mail = try #require(byTitle["Mail"])
        #expect(mail.password == "two" && mail.passwordHistory.map(\.password) == ["one"])
        #expect(mail.oneTimeCode == "otpauth://totp/Mail:ann?secret=JBSWY3DPEHPK3PXP&issuer=Mail")
        #expect(Set(mail.fields) == [CustomField(name: "PIN", value: "1234", isProtected: true), CustomField(name: "Recovery", value: "abc")])
        #expect(byTitle["Device app"]?.notes == "not yet synced")
        let rejected = try #require(byTitle["Rejected"])
        #expect(try vault.item(withID: rejected.id).state == .trashed)
        #expect(try vault.deletions().count == 1)
        #expect(try vault.usage(ofItemsWithIDs: [mail.id])[mail.id]?.lastUsed != nil)
        #expect(try LocalVaultService(vault: vault).equivalents().groups.map { Set($0.domains) } == [["example.com", "example.net"]])
        #expect(try vault.items(withDomains: ["example.com"]).items.map(\.title) == ["Mail"])

        // Sync state: the pending op is published, nothing was seen as equivocation, a new device at the current
        // key epoch receives everything.
        let status = try vault.syncStatus()
        #expect(status.pendingOps == 1 && status.equivocations.isEmpty)
        _ = try vault.sync(with: remote)
        #expect(try vault.syncStatus().pendingOps == 0)
        let header = try SyncHeader(decoding: try remote.readHeader() ?? [])
        let clone = try Vault.cloneForSync(
            at: folder.file("clone.sqlite"), header: header, password: password, publicSuffixList: emptySuffixList)
        _ = try clone.sync(with: remote)
        #expect(try clone.visibleState() == vault.visibleState())
        #expect(try clone.items(withDomains: ["example.com"]).items.map(\.title) == ["Mail"])
    }

    /// Schema 4 to 5 (payload format 3 beside 2, the index of id prefixes, 4-byte tags): the format-2 rows are read
    /// in place and stay as they are until changed, the tags are rebuilt by the unlock, sync goes on both ways.
    @Test func aSchemaFourVaultIsMigratedWithoutLoss() throws {
        let (path, remote) = try fixtureCopy("schema-4-vault")
        #expect(try sqlite(path, "PRAGMA user_version") == "4")
        let payloadsBefore = try sqlite(path, "SELECT hex(id), hex(version), state, hex(payload) FROM items ORDER BY ref")
        #expect(try sqlite(path, "SELECT DISTINCT hex(substr(payload, 1, 1)) FROM items WHERE payload IS NOT NULL") == "02")
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        #expect(try sqlite(path, "PRAGMA user_version") == "5")
        #expect(try sqlite(path, "SELECT name FROM sqlite_schema WHERE tbl_name = 'items' AND type = 'index'") == "items_by_id")
        #expect(try sqlite(path, "PRAGMA freelist_count") == "0")
        #expect(try sqlite(path, "SELECT hex(id), hex(version), state, hex(payload) FROM items ORDER BY ref") == payloadsBefore)

        let password = SecureBytes(utf8: testPassword)
        try vault.unlock(password: password)
        #expect(vault.rowSetProblem == nil)
        #expect(try sqlite(path, "SELECT DISTINCT length(tag) FROM item_tags") == "4")
        let scan = try vault.allItems(in: [.active, .trashed])
        #expect(scan.damaged.isEmpty)
        let byTitle = Dictionary(uniqueKeysWithValues: scan.items.map { ($0.title, $0) })
        #expect(Set(byTitle.keys) == ["Mail", "Device app", "Rejected"])
        let mail = try #require(byTitle["Mail"])
        #expect(mail.username == "ann" && mail.password == "two" && mail.passwordHistory.map(\.password) == ["one"])
        #expect(mail.urls == [ItemURL("https://mail.example.com/login"), ItemURL("http://webmail.example.org:8080")])
        #expect(Set(mail.fields) == [CustomField(name: "PIN", value: "1234", isProtected: true), CustomField(name: "Recovery", value: "abc")])
        #expect(mail.notes == "line one\nline two" && mail.tags == ["work"] && mail.modified > mail.created)
        #expect(mail.oneTimeCode == "otpauth://totp/Mail:ann?secret=JBSWY3DPEHPK3PXP&issuer=Mail")
        let device = try #require(byTitle["Device app"])
        #expect(device.urls == [ItemURL("intranet.example.net")] && device.matchMode == .host && device.notes == "not yet synced")
        let rejected = try #require(byTitle["Rejected"])
        #expect(try vault.item(withID: rejected.id).state == .trashed && rejected.password == "secret")
        #expect(try vault.deletions().count == 1)
        #expect(try vault.usage(ofItemsWithIDs: [mail.id])[mail.id]?.lastUsed != nil)
        #expect(try LocalVaultService(vault: vault).equivalents().groups.map { Set($0.domains) } == [["example.com", "example.net"]])
        #expect(try vault.items(withDomains: ["example.com"]).items.map(\.title) == ["Mail"])
        #expect(try vault.items(withDomains: ["example.org"]).items.map(\.title) == ["Mail"])
        #expect(try vault.items(withDomains: ["example.net"]).items.map(\.title) == ["Device app"])
        var logins: [ItemLogin] = []
        try vault.forEachLogin(in: [.active, .trashed]) { logins.append($0) }
        #expect(Set(logins.map(\.title)) == ["Mail", "Device app", "Rejected"] && logins.allSatisfy(\.hasPassword))
        // Read in place: the unlock re-sealed nothing.
        #expect(try sqlite(path, "SELECT DISTINCT hex(substr(payload, 1, 1)) FROM items WHERE payload IS NOT NULL") == "02")

        // A change writes format 3; every other row stays format 2 and both keep opening.
        let changed = try vault.updateItem(withID: mail.id) { $0.notes = "changed" }
        #expect(try sqlite(path, "SELECT hex(substr(payload, 1, 1)) FROM items WHERE payload IS NOT NULL ORDER BY ref") == "03\n02\n02")
        // What sync publishes stays the full encoding: the op 703edef left pending holds byte for byte what this
        // version writes for that item, and the new op holds the full encoding of the change.
        let pending = try vault.pendingOps(identity: vault.requireSyncIdentity(keys: vault.requireKeys())).map(\.kind)
        #expect(pending == [.put(state: 0, payload: ItemPayload.encode(device)), .put(state: 0, payload: ItemPayload.encode(changed))])

        // Sync: the pending op and the change are published in the format every Sesame reads; a new device
        // receives everything.
        #expect(try vault.syncStatus().pendingOps == 2)
        _ = try vault.sync(with: remote)
        #expect(try vault.syncStatus().pendingOps == 0)
        let clone = try cloneSyncedVault(at: folder.file("clone.sqlite"), transport: remote)
        #expect(try clone.visibleState() == vault.visibleState())
        #expect(try clone.items(withDomains: ["example.com"]).items.map(\.notes) == ["changed"])
        vault.close()
        let reopened = try Vault(path: path, publicSuffixList: emptySuffixList)
        try reopened.unlock(password: password)
        #expect(reopened.rowSetProblem == nil)
        #expect(try reopened.allItems(in: [.active, .trashed]).items.count == 3)
    }

    /// Step 5 rebuilds the items table; a failure after that rebuild (here: an index already holding the name of
    /// the one the step creates) rolls the whole migration back, and the file reads as schema 4 again.
    @Test func aFailedStepFiveLeavesTheFileAsItWas() throws {
        let (path, _) = try fixtureCopy("schema-4-vault")
        _ = try sqlite(path, "CREATE INDEX items_by_id ON meta (value)")
        let before = try schema(path)
        let rows = try sqlite(path, "SELECT ref, hex(id), hex(version), state, hex(payload) FROM items ORDER BY ref")
        let tags = try sqlite(path, "SELECT hex(tag), item FROM item_tags ORDER BY tag, item")
        #expect(throws: VaultError.storage(path: path, detail: "index items_by_id already exists")) {
            try Vault(path: path, publicSuffixList: emptySuffixList)
        }
        #expect(try sqlite(path, "PRAGMA user_version") == "4")
        #expect(try schema(path) == before)
        #expect(try sqlite(path, "SELECT ref, hex(id), hex(version), state, hex(payload) FROM items ORDER BY ref") == rows)
        #expect(try sqlite(path, "SELECT hex(tag), item FROM item_tags ORDER BY tag, item") == tags)
        _ = try sqlite(path, "DROP INDEX items_by_id")
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        #expect(try vault.allItems(in: [.active, .trashed]).items.count == 3)
    }

    func tableNames(_ path: String) throws -> [String] {
        try sqlite(path, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").split(separator: "\n").map(String.init)
    }

    @Test func theFixtureIsSchemaTwo() throws {
        let (path, _) = try fixtureCopy()
        #expect(try sqlite(path, "PRAGMA user_version") == "2")
        #expect(try tableNames(path).contains("item_domains"))
    }

    @Test func aSchemaTwoVaultIsMigratedWithoutLoss() throws {
        let (path, _) = try fixtureCopy()
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        // Opening migrates (and compacts) before any unlock: the version, the tables, the columns.
        #expect(try sqlite(path, "PRAGMA user_version") == String(Schema.latestVersion))
        let tables = try tableNames(path)
        #expect(!tables.contains("item_domains") && tables.contains("item_tags"))
        #expect(try sqlite(path, "SELECT group_concat(name) FROM pragma_table_info('items')") == "ref,id,version,replaces,state,payload")
        // Compacted: the pages of the tables step 3 dropped are given back (step 4's new tables make the file
        // itself a few pages larger than before).
        #expect(try sqlite(path, "PRAGMA freelist_count") == "0")

        try vault.unlock(password: SecureBytes(utf8: testPassword))
        #expect(vault.rowSetProblem == nil)
        let scan = try vault.allItems(in: [.active, .trashed])
        #expect(scan.damaged.isEmpty)
        let byTitle = Dictionary(uniqueKeysWithValues: scan.items.map { ($0.title, $0) })
        #expect(Set(byTitle.keys) == ["Mail", "Device app", "Keyring entry", "With attachment", "Rejected"])
        let mail = try #require(byTitle["Mail"])
        #expect(mail.password == "two" && mail.passwordHistory.map(\.password) == ["one"])
        #expect(mail.urls == [ItemURL("https://mail.example.com/login"), ItemURL("https://webmail.example.org", match: .never)])
        #expect(mail.fields == [CustomField(name: "PIN", value: "1234", isProtected: true), CustomField(name: "Recovery", value: "abc")])
        #expect(mail.notes == "line one\nline two" && mail.tags == ["work"])
        #expect(mail.oneTimeCode == "otpauth://totp/Mail:ann?secret=JBSWY3DPEHPK3PXP&issuer=Mail")
        #expect(mail.expires == Date(timeIntervalSinceReferenceDate: 900_000_000))
        #expect(byTitle["Device app"]?.notes == "pending")
        #expect(byTitle["With attachment"]?.attachments == [ItemAttachment(name: "key.txt", data: Data("attached bytes".utf8))])
        #expect(byTitle["With attachment"]?.keePassExtras == "<Entry/>")
        #expect(byTitle["Keyring entry"]?.attributes == ["service": "bench", "user": "alice", "xdg:schema": "org.example.Password"])
        let rejected = try #require(byTitle["Rejected"])
        #expect(try vault.item(withID: rejected.id).state == .trashed)
        let deleted = try #require(UUID(uuidString: "55555555-5555-4555-8555-555555555555"))
        #expect(throws: VaultError.itemNotFound(deleted)) { try vault.item(withID: deleted) }
        #expect(try vault.deletions().map(\.id) == [deleted])
        #expect(try vault.deletions().map(\.deleted) == [Date(timeIntervalSinceReferenceDate: 786_200_000)])
        #expect(try vault.usage(ofItemsWithIDs: [mail.id])[mail.id]?.lastUsed == Date(timeIntervalSinceReferenceDate: 786_300_000))
        let equivalents = try LocalVaultService(vault: vault).equivalents()
        #expect(equivalents.groups.map { Set($0.domains) } == [["example.com", "example.net"]])

        // The index was rebuilt in the new format by the unlock: lookups by site and by attribute.
        #expect(try vault.items(withDomains: ["example.com"]).items.map(\.title) == ["Mail"])
        #expect(try vault.items(withDomains: ["example.org"]).items.isEmpty)  // that URL never matches
        #expect(try vault.items(withDomains: ["example.net"]).items.map(\.title) == ["With attachment"])
        #expect(try vault.items(withAttributes: ["service": "bench", "user": "alice"]).items.map(\.title) == ["Keyring entry"])
        #expect(try vault.items(withAttributes: ["url": "not a url at all"]).items.map(\.title) == ["Device app"])
        #expect(try vault.items(withAttributes: ["url": "https://webmail.example.org"]).items.map(\.title) == ["Mail"])
        #expect(try vault.items(withAttributes: ["username": "bob"]).items.map(\.title) == ["Device app"])
        // Reopened, nothing is rebuilt or reported again.
        vault.close()
        let again = try Vault(path: path, publicSuffixList: emptySuffixList)
        try again.unlock(password: SecureBytes(utf8: testPassword))
        #expect(again.rowSetProblem == nil)
        #expect(try again.allItems(in: [.active, .trashed]).items.count == 5)
    }

    @Test func aMigratedVaultKeepsSyncing() throws {
        let (path, remote) = try fixtureCopy()
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        #expect(try vault.syncStatus().pendingOps == 1)
        // The op written before the migration is published, and a new device receives everything.
        let report = try vault.sync(with: remote)
        #expect(report.flushed == BatchName(device: vault.deviceID, seq: 2))
        let clone = try cloneSyncedVault(at: folder.file("clone.sqlite"), transport: remote)
        #expect(try clone.visibleState() == vault.visibleState())
        #expect(try clone.items(withDomains: ["example.com"]).items.map(\.title) == ["Mail"])
        // Changes flow both ways after the migration, the index following them.
        let mail = try #require(try vault.items(withDomains: ["example.com"]).items.first)
        try clone.updateItem(withID: mail.id) { $0.urls = [ItemURL("https://mail.example.net")] }
        for copy in [clone, vault] { _ = try copy.sync(with: remote) }
        #expect(try vault.items(withDomains: ["example.com"]).items.isEmpty)
        #expect(try vault.items(withDomains: ["example.net"]).items.map(\.title).sorted() == ["Mail", "With attachment"])
        #expect(try clone.visibleState() == vault.visibleState())
        vault.close()
        let reopened = try Vault(path: path, publicSuffixList: emptySuffixList)
        try reopened.unlock(password: SecureBytes(utf8: testPassword))
        #expect(reopened.rowSetProblem == nil)
    }

    @Test func aMigratedVaultBacksUpAndExports() throws {
        let (path, _) = try fixtureCopy()
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        try vault.unlock(password: SecureBytes(utf8: testPassword))
        try vault.backup(to: folder.file("backup.sqlite"))
        let backup = try Vault(path: folder.file("backup.sqlite"), publicSuffixList: emptySuffixList)
        try backup.unlock(password: SecureBytes(utf8: testPassword))
        #expect(try backup.visibleState() == vault.visibleState())
        #expect(try backup.items(withDomains: ["example.com"]).items.map(\.title) == ["Mail"])

        let export = try LocalVaultService(vault: vault).export(masterPassword: SecureBytes(utf8: testPassword))
        let credentials = KeePassCredentials(password: SecureBytes(utf8: "kdbx"))
        let file = try KeePassFile.file(
            from: export.items, databases: export.keePassDatabases, deletions: export.deletions, credentials: credentials,
            options: KeePassExportOptions(keyDerivation: .argon2id(memoryKiB: 1024, iterations: 2, parallelism: 1)))
        let read = try KeePassFile.read(file, credentials: credentials)
        #expect(Set(read.items.map(\.title)) == ["Mail", "Device app", "Keyring entry", "With attachment"])
        #expect(read.items.first { $0.title == "Mail" }?.passwordHistory.map(\.password) == ["one"])
        #expect(export.deletions.map(\.id) == [UUID(uuidString: "55555555-5555-4555-8555-555555555555")])
    }

    /// The sqlite3 command's answer, to look at the file as SQLite sees it, not through the store.
    private func sqlite(_ path: String, _ query: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, query]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
