import Foundation
import Testing
import SesameAutoFill
import SesameCrypto
import SesameStore
@testable import SesameInterchange

/// Sesame's encrypted backup: everything an item holds comes back, and nothing opens without the password.
@Suite struct BackupFormatTests {
    static func richItems() -> [Item] {
        var item = Item(
            title: "Everything", username: "alice", password: "current",
            urls: [ItemURL("https://a.example", match: .host), ItemURL("https://b.example")],
            notes: "multi\nline ✓", fields: [CustomField(name: "pin", value: "1234", isProtected: true)],
            tags: ["Work", "Favorite"], matchMode: .exact, created: Date(timeIntervalSinceReferenceDate: 123.456789),
            modified: Date(timeIntervalSinceReferenceDate: 987.654321),
            expires: Date(timeIntervalSinceReferenceDate: 5_000_000.25),
            passwordHistory: [PasswordHistoryEntry(password: "older", replaced: Date(timeIntervalSinceReferenceDate: 500.5))],
            oneTimeCode: "otpauth://totp/A:alice?secret=JBSWY3DPEHPK3PXP",
            attachments: [ItemAttachment(name: "key.bin", data: Data([0, 1, 2, 255]))],
            attributes: ["service": "mail", "xdg:schema": "org.example"])
        item.unknownFields = [99: [[1, 2, 3]]]
        return [item, Item(title: "Plain")]
    }

    private static let memoryMiB = 19, passes = 2

    @Test func aBackupRestoresEveryItemExactly() throws {
        let items = Self.richItems()
        let database = KeePassDatabaseExtras(id: "0a1b", fragment: "<Database><Meta><DatabaseName>Family</DatabaseName></Meta></Database>",
                                             imported: Date(timeIntervalSince1970: 1_700_000_000.25))
        let bytes = try BackupFormat.write(items, keePassDatabases: [database], password: SecureBytes(utf8: "backup pw"),
                                           memoryMiB: Self.memoryMiB, passes: Self.passes)
        #expect(ImportFormat.detect(bytes) == .sesame)
        let (format, batch) = try ImportReader.read(bytes, as: nil) { secret in
            #expect(secret == .backupPassword)
            return SecureBytes(utf8: "backup pw")
        }
        #expect(format == .sesame)
        #expect(batch.records.map(\.item) == items)
        #expect(batch.keePassDatabases == [database])
        #expect(batch.rejected.isEmpty)
    }

    @Test func aWrongPasswordOrAnyChangedByteOpensNothing() throws {
        let bytes = try BackupFormat.write(Self.richItems(), password: SecureBytes(utf8: "right"),
                                           memoryMiB: Self.memoryMiB, passes: Self.passes)
        #expect(throws: ImportError("The backup password is wrong, or the backup file is damaged.")) {
            try BackupFormat.read(bytes, password: SecureBytes(utf8: "wrong"))
        }
        // The salt (header, authenticated) and the last byte (the tag) both count.
        for offset in [20, bytes.count - 1] {
            var damaged = bytes
            damaged[offset] ^= 0x01
            #expect(throws: ImportError.self) { try BackupFormat.read(damaged, password: SecureBytes(utf8: "right")) }
        }
        #expect(throws: ImportError("The file is not a Sesame backup (or it is cut short).")) {
            try BackupFormat.read(Array(bytes.prefix(40)), password: SecureBytes(utf8: "right"))
        }
    }

    @Test func headerCostsAreCheckedBeforeAnyKeyDerivation() throws {
        var bytes = try BackupFormat.write([], password: SecureBytes(utf8: "pw"), memoryMiB: Self.memoryMiB,
                                           passes: Self.passes)
        bytes[14...17] = [0xFF, 0xFF, 0xFF, 0x7F]
        #expect(throws: ImportError("The backup asks for 2147483647 MiB and 2 passes of Argon2id, over Sesame's limit of 1024 MiB and 10 passes (Sesame writes 64 MiB and 3).")) {
            try BackupFormat.read(bytes, password: SecureBytes(utf8: "pw"))
        }
        bytes[14...17] = [0x01, 0x00, 0x00, 0x00]
        #expect(throws: ImportError("The backup's key derivation settings are out of range (the file is damaged).")) {
            try BackupFormat.read(bytes, password: SecureBytes(utf8: "pw"))
        }
        bytes[8] = 9
        #expect(throws: ImportError("The backup is format 9, written by a newer Sesame; update Sesame to read it.")) {
            try BackupFormat.read(bytes, password: SecureBytes(utf8: "pw"))
        }
    }

    @Test func aCSVExportReadsBackWithEverythingItsColumnsHold() throws {
        let items = Self.richItems() + [Item(title: "Comma, \"quote\"", username: "日本", password: "p\r\nq",
                                              urls: [ItemURL("https://c.example")], notes: "")]
        let (format, batch) = try ImportReader.read(CSVExport.write(items), as: nil) { _ in SecureBytes(utf8: "") }
        #expect(format == .safari)
        #expect(batch.rejected.isEmpty)
        #expect(batch.records.count == items.count)
        for (original, read) in zip(items, batch.records.map(\.item)) {
            #expect(read.title == original.title)
            #expect(read.username == original.username)
            #expect(read.password == original.password)
            #expect(read.notes == original.notes)
            #expect(read.oneTimeCode == original.oneTimeCode)
            #expect(read.urls.map(\.url) == original.urls.prefix(1).map(\.url))
        }
    }

    /// Vault → export (master password proved again) → backup → import into another vault: every item back with
    /// its id, times, history, one-time-code secret, attachments, attributes and unknown fields.
    @Test func aVaultExportedToABackupRestoresCompletelyIntoAnotherVault() throws {
        let source = try TestVault()
        let items = Self.richItems()
        _ = try source.service.importItems(items, dryRun: false, progress: { _ in })
        #expect(throws: ServiceFailure.self) { try source.service.export(masterPassword: SecureBytes(utf8: "guess")) }
        let exported = try source.service.export(masterPassword: SecureBytes(utf8: "master")).items
        #expect(exported == items.sorted { $0.title.lowercased() < $1.title.lowercased() })
        let bytes = try BackupFormat.write(exported, password: SecureBytes(utf8: "bk"), memoryMiB: Self.memoryMiB,
                                           passes: Self.passes)

        let target = try TestVault()
        let batch = try BackupFormat.read(bytes, password: SecureBytes(utf8: "bk"))
        let summary = try target.service.importItems(batch.records.map(\.item), dryRun: false, progress: { _ in })
        #expect(summary.count(.created) == items.count)
        #expect(Set(target.items.map(\.id)) == Set(items.map(\.id)))
        for item in items {
            #expect(target.items.first { $0.id == item.id } == item)
        }
    }
}

/// Passkeys go into backups whole; such a backup says contents format 2, which a Sesame before passkeys refuses
/// rather than restoring the items without them.
@Suite struct BackupPasskeyTests {
    @Test func passkeysComeBackAndMarkTheFormat() throws {
        let key = try PasskeyPrivateKey.generate().key
        var items = BackupFormatTests.richItems()
        items[0].passkeys = [Passkey(credentialID: Array(repeating: 7, count: 16), relyingPartyID: "a.example",
                                     userHandle: [1, 2, 3], userName: "alice", userDisplayName: "Alice",
                                     privateKey: key, signCount: 5, created: Date(timeIntervalSinceReferenceDate: 321.5),
                                     lastUsed: Date(timeIntervalSinceReferenceDate: 654.25))]
        let password = SecureBytes(utf8: "pw")
        let bytes = try BackupFormat.write(items, password: password, memoryMiB: 19, passes: 2)
        let batch = try BackupFormat.read(bytes, password: password)
        #expect(batch.records.map(\.item) == items)
        #expect(try batch.records[0].item.passkeys[0].privateKey.signingKey().publicKey == key.signingKey().publicKey)

        func contentsFormat(_ backup: [UInt8]) throws -> Int {
            let kdf = try BackupFormat.parseHeader(backup)
            let derived = try PasswordKDF.deriveKey(from: password, parameters: kdf)
            let plain = try AEAD.openSecure(backup.dropFirst(BackupFormat.headerByteCount), using: derived,
                                            authenticating: Array(backup.prefix(BackupFormat.headerByteCount)))
            let object = try JSONSerialization.jsonObject(with: plain.withUnsafeBytes { Data($0) }) as? [String: Any]
            return object?["format"] as? Int ?? -1
        }
        #expect(try contentsFormat(bytes) == 2)
        let withoutPasskeys = try BackupFormat.write(BackupFormatTests.richItems(), password: password, memoryMiB: 19, passes: 2)
        #expect(try contentsFormat(withoutPasskeys) == 1)
    }
}
