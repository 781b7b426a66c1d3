import Foundation
import SesameAutoFill
import SesameCrypto
import SesameKeePass
import SesameStore
import SesameSync
import SesameSyncTransport
import Testing

/// A vault written by the Sesame before schema 3 (`Fixtures/schema-2-vault`, made by commit f5295ec's own code:
/// items of every kind, a trashed and a deleted one, a use, a setting, sync set up with a published batch and one
/// op still pending, and the folder it syncs with) opens in this version, is migrated, and loses nothing: items,
/// states, usage, deletion times, settings, lookups by domain and attribute, sync, backup and KeePass export.
@Suite struct SchemaMigrationTests {
    let folder = TemporaryFolder()

    /// A private copy of the fixture: the vault and the folder it syncs with.
    func fixtureCopy() throws -> (vault: String, remote: FolderTransport) {
        let source = try #require(Bundle.module.path(forResource: "schema-2-vault", ofType: nil, inDirectory: "Fixtures"))
        try FileManager.default.copyItem(atPath: source, toPath: folder.file("copy"))
        return (folder.file("copy/vault.sqlite"), FolderTransport(root: folder.file("copy/remote")))
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
        let sizeBefore = try fileSize(path)
        let vault = try Vault(path: path, publicSuffixList: emptySuffixList)
        // Opening migrates (and compacts) before any unlock: the version, the tables, the columns.
        #expect(try sqlite(path, "PRAGMA user_version") == "3")
        let tables = try tableNames(path)
        #expect(!tables.contains("item_domains") && tables.contains("item_tags"))
        #expect(try sqlite(path, "SELECT group_concat(name) FROM pragma_table_info('items')") == "ref,id,version,replaces,state,payload")
        #expect(try fileSize(path) < sizeBefore)

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

    private func fileSize(_ path: String) throws -> Int {
        try #require((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue)
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
