import Foundation
import Testing
import SesameCrypto
@testable import SesameStore

@Suite struct VaultDamageTests {
    @Test func payloadCopiedOntoAnotherRowFailsNamingTheItem() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let a = Item(title: "A", password: "a")
        let b = Item(title: "B", password: "b")
        try vault.add(contentsOf: [a, b])
        try vault.database.execute("""
            UPDATE items SET payload = (SELECT payload FROM items WHERE id = x'\(hex(a.id.bytes))')
            WHERE id = x'\(hex(b.id.bytes))'
            """)
        #expect(throws: VaultError.itemDamaged(b.id)) { try vault.item(withID: b.id) }
        #expect(VaultError.itemDamaged(b.id).description.contains(b.id.uuidString.lowercased()))
        let scan = try vault.allItems()
        #expect(scan.items.map(\.id) == [a.id])
        #expect(scan.damaged == [.itemDamaged(b.id)])
    }

    @Test func flippedByteInTheFileDamagesOnlyThatItem() throws {
        let folder = TemporaryFolder()
        let path = folder.file("vault.sqlite")
        var ids: [UUID] = []
        var victimPayload: [UInt8] = []
        do {
            let vault = try makeVault(in: folder)
            for index in 0..<5 {
                let item = Item(title: "Item \(index)", password: String(repeating: "x", count: 200))
                try vault.add(item)
                ids.append(item.id)
            }
            victimPayload = try vault.readRow(id: ids[2])!.payload!
            try vault.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        var file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let offset = try #require(find(victimPayload, in: file))
        file[offset + victimPayload.count / 2] ^= 0x40
        try Data(file).write(to: URL(fileURLWithPath: path))

        let vault = try Vault(path: path, publicSuffixList: testPublicSuffixList)
        try vault.unlock(password: SecureBytes(utf8: "correct horse"))
        let scan = try vault.allItems()
        #expect(scan.items.count == 4)
        #expect(scan.damaged == [.itemDamaged(ids[2])])
        #expect(try vault.item(withID: ids[0]).item.title == "Item 0")
    }

    @Test func damagedHeaderIsNotReportedAsWrongPassword() throws {
        let folder = TemporaryFolder()
        do {
            let vault = try makeVault(in: folder)
            try vault.database.execute("UPDATE vault_header SET wrapped_key = zeroblob(72)")
        }
        let vault = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        #expect(throws: VaultError.headerDamaged(path: folder.file("vault.sqlite"))) {
            try vault.unlock(password: SecureBytes(utf8: "correct horse"))
        }
    }

    /// Issue 22, finding 9: a vault file from outside (`--vault`, a restored copy) chose its own Argon2id costs,
    /// up to 4096 MiB × 100 passes; costs over Sesame's limit are refused before any key is derived.
    @Test func aHeaderOverTheKeyDerivationLimitIsRefusedBeforeDeriving() throws {
        let folder = TemporaryFolder()
        do {
            let vault = try makeVault(in: folder)
            var header = try vault.readHeader()
            header.kdf.passes = 11
            header.checksum = header.computedChecksum()
            try Vault.write(header, to: vault.database)
        }
        let path = folder.file("vault.sqlite")
        let vault = try Vault(path: path, publicSuffixList: testPublicSuffixList)
        let message = "The vault \(path) asks for 19 MiB and 11 passes of Argon2id, over Sesame's limit of 1024 MiB and 10 passes"
        #expect(throws: VaultError.invalidKDF(message)) { try vault.unlock(password: SecureBytes(utf8: "correct horse")) }
    }

    @Test func newerSchemaIsRefusedNamingBothVersions() throws {
        let folder = TemporaryFolder()
        do {
            let vault = try makeVault(in: folder)
            try vault.database.execute("PRAGMA user_version = 99")
        }
        #expect(throws: VaultError.newerFormat(found: 99, supported: Schema.latestVersion)) {
            try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        }
        #expect(VaultError.newerFormat(found: 99, supported: 1).description.contains("99"))
    }

    @Test func filesThatAreNotVaultsAreRefused() throws {
        let folder = TemporaryFolder()
        let text = folder.file("notes.txt")
        try Data("just some text that is not a database at all, long enough to fill a header.....".utf8)
            .write(to: URL(fileURLWithPath: text))
        #expect(throws: VaultError.notAVault(path: text)) { try Vault(path: text, publicSuffixList: testPublicSuffixList) }
        let empty = folder.file("empty")
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        #expect(throws: VaultError.notAVault(path: empty)) { try Vault(path: empty, publicSuffixList: testPublicSuffixList) }
        #expect(throws: VaultError.fileNotFound(path: folder.file("missing"))) { try Vault(path: folder.file("missing"), publicSuffixList: testPublicSuffixList) }
    }

    @Test func truncatedVaultReportsDamage() throws {
        let folder = TemporaryFolder()
        let path = folder.file("vault.sqlite")
        do {
            let vault = try makeVault(in: folder)
            try vault.add(contentsOf: (0..<300).map { Item(title: "T\($0)", notes: String(repeating: "n", count: 500)) })
            try vault.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! NSNumber
        truncate(path, off_t(size.intValue / 2))
        let error = #expect(throws: VaultError.self) {
            let vault = try Vault(path: path, publicSuffixList: testPublicSuffixList)
            try vault.unlock(password: SecureBytes(utf8: "correct horse"))
            _ = try vault.allItems()
        }
        guard case .damaged = error else {
            Issue.record("expected .damaged, got \(String(describing: error))")
            return
        }
    }

    @Test func rawFileHoldsNoPlaintext() throws {
        let folder = TemporaryFolder()
        let path = folder.file("vault.sqlite")
        let vault = try makeVault(in: folder)
        let secrets = [
            Item(title: "Zanzibar Bank", username: "quentin.q@example.org", password: "Pa55-unique-91",
                 urls: [ItemURL("https://secure.zanzibarbank.example/login")], notes: "pin is in the drawer"),
            Item(title: "Tarragon Mail", username: "tarragon-user", password: "hunter2-tarragon",
                 urls: [ItemURL("https://mail.tarragon.example")], notes: "recovery codes: 1234-5678"),
        ]
        try vault.add(contentsOf: secrets)
        try vault.updateItem(withID: secrets[0].id) { $0.password = "second-Pa55-unique" }
        try vault.setSetting(named: "equivalents", to: Array("zanzibarbank.example".utf8))
        var raw = Data()
        for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
            raw.append(try Data(contentsOf: URL(fileURLWithPath: file)))
        }
        let bytes = [UInt8](raw)
        var needles = ["zanzibarbank", "secure.zanzibarbank.example", "tarragon.example", "second-Pa55-unique"]
        for item in secrets { needles += [item.title, item.username, item.password, item.notes] + item.urls.map(\.url) }
        for needle in needles {
            #expect(find(Array(needle.utf8), in: bytes) == nil, "found '\(needle)' in the raw vault")
        }
    }
}

func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    let first = needle[0]
    var index = 0
    while index <= haystack.count - needle.count {
        if haystack[index] == first, haystack[index..<index + needle.count].elementsEqual(needle) { return index }
        index += 1
    }
    return nil
}
