import Foundation
import Testing
import SesameCrypto
@testable import SesameStore

/// A KeePass database's own parts are kept sealed, with the import that brought them, one record per database.
@Suite struct KeePassDatabaseRecordTests {
    @Test func recordsAreKeptSealedWithTheImportAndReplacedPerDatabase() throws {
        let folder = TemporaryFolder()
        let path = folder.file("vault.sqlite")
        let vault = try makeVault(in: folder)
        let first = KeePassDatabaseExtras(id: "aa", fragment: "<Database><Meta><DatabaseName>Marmalade family</DatabaseName></Meta></Database>",
                                          imported: Date(timeIntervalSince1970: 100))
        let other = KeePassDatabaseExtras(id: "bb", fragment: "<Database>other</Database>", imported: Date(timeIntervalSince1970: 50))
        let item = Item(title: "Kept", password: "pw")
        try vault.commitImport(adding: [item], changingPasswords: [:], keePassDatabases: [first])
        try vault.commitImport(adding: [], changingPasswords: [:], keePassDatabases: [other])
        #expect(try vault.keePassDatabases() == [other, first])
        #expect(try vault.allItems().items.map(\.id) == [item.id])

        var newer = first
        newer.fragment = "<Database>newer</Database>"
        newer.imported = Date(timeIntervalSince1970: 200)
        try vault.commitImport(adding: [], changingPasswords: [:], keePassDatabases: [newer])
        #expect(try vault.keePassDatabases() == [other, newer])

        try vault.commitImport(adding: [], changingPasswords: [:], keePassDatabases: [first])
        var raw = Data()
        for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
            raw.append(try Data(contentsOf: URL(fileURLWithPath: file)))
        }
        #expect(find(Array("Marmalade".utf8), in: [UInt8](raw)) == nil)

        let reopened = try Vault(path: path, publicSuffixList: testPublicSuffixList)
        #expect(throws: VaultError.locked) { try reopened.keePassDatabases() }
        try reopened.unlock(password: SecureBytes(utf8: "correct horse"))
        #expect(try reopened.keePassDatabases().map(\.id) == ["bb", "aa"])
    }
}
