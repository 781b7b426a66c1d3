import Foundation
import Testing
import SesameCrypto
import SesameStore
@testable import SesameInterchange
@testable import SesameKeePass

/// Every reader of an imported file refuses, before it parses or derives, what passes its limits, naming them
/// (issue 22; docs/security.md, "Budgets").
@Suite struct ImportLimitsTests {
    static func backupHeader(passes: UInt32, memoryMiB: UInt32) -> [UInt8] {
        BackupFormat.magic + [BackupFormat.version, BackupFormat.argon2idCode]
            + withUnsafeBytes(of: passes.littleEndian, Array.init) + withUnsafeBytes(of: memoryMiB.littleEndian, Array.init)
            + [UInt8](repeating: 9, count: KDFParameters.saltByteCount) + [UInt8](repeating: 0, count: 24 + 16 + 10)
    }

    // MARK: - Sesame backups

    /// The header allowed 4096 MiB × 100 passes of Argon2id (4.2 GB, minutes) before "password is wrong".
    @Test func aBackupHeaderOverTheKeyDerivationLimitIsRefusedBeforeDeriving() throws {
        let message = "The backup asks for 4096 MiB and 100 passes of Argon2id, over Sesame's limit of 1024 MiB and "
            + "10 passes (Sesame writes 64 MiB and 3)."
        #expect(throws: ImportError(message)) { try BackupFormat.parseHeader(Self.backupHeader(passes: 100, memoryMiB: 4096)) }
        #expect(throws: ImportError.self) { try BackupFormat.parseHeader(Self.backupHeader(passes: 3, memoryMiB: 1025)) }
        #expect(throws: ImportError.self) { try BackupFormat.parseHeader(Self.backupHeader(passes: 11, memoryMiB: 64)) }
        #expect(try BackupFormat.parseHeader(Self.backupHeader(passes: 10, memoryMiB: 1024)).memoryMiB == 1024)
        // Through the importer: no password is asked for such a file.
        #expect(throws: ImportError(message)) {
            try BackupFormat.read(Self.backupHeader(passes: 100, memoryMiB: 4096), password: SecureBytes(utf8: "pw"))
        }
    }

    /// The contents are authenticated, but by whoever chose the backup's password: their shape has limits too.
    @Test func backupContentsNestedDeeperThanTheLimitAreRefused() throws {
        let deep = "{\"format\":1,\"exported\":0,\"items\":[],\"x\":" + String(repeating: "[", count: 40)
            + String(repeating: "]", count: 40) + "}"
        #expect(throws: ImportError("The backup nests deeper than 32 levels, over Sesame's limit.")) {
            try BackupFormat.decodeContents(Data(deep.utf8))
        }
    }

    // MARK: - CSV

    @Test func aCSVRecordWithMoreFieldsThanTheLimitIsRefusedWhole() throws {
        let csv = "Title,URL,Username,Password\n" + String(repeating: "x,", count: 64) + "x\n"
        #expect(throws: ImportError("Line 2 of the CSV file has more than 64 fields, over Sesame's limit.")) {
            try ImportReader.read(Array(csv.utf8), as: .safari) { _ in SecureBytes(utf8: "") }
        }
        let widest = "Title,URL,Username,Password\n" + String(repeating: "x,", count: 63) + "x\n"
        #expect(try CSVReader.read(Array(widest.utf8)).rows.last?.fields.count == 64)
    }

    @Test func aCSVFileOverItsSizeOrRecordLimitIsRefused() throws {
        var limits = CSVReader.Limits()
        limits.records = 3
        let csv = Array("Title,URL,Username,Password\na,,,\nb,,,\nc,,,\n".utf8)
        #expect(throws: ImportError("The CSV file has more than 3 records, over Sesame's limit.")) {
            try CSVReader.read(csv, limits: limits)
        }
        limits = CSVReader.Limits()
        limits.bytes = 16
        #expect(throws: ImportError("The CSV file is 43 bytes, over Sesame's limit of 16 bytes.")) {
            try CSVReader.read(csv, limits: limits)
        }
    }

    // MARK: - Bitwarden JSON

    /// Foundation builds every value before anything looks at them: a flat array of four million zeros (8 MB) is
    /// refused by counting first.
    @Test func aBitwardenExportWithTooManyValuesOrLevelsIsRefusedBeforeParsing() throws {
        let flat = "{\"encrypted\":false,\"items\":[],\"x\":[" + String(repeating: "0,", count: 4_000_000) + "0]}"
        #expect(ImportFormat.detect(Array(flat.utf8)) == .bitwardenJSON)
        #expect(throws: ImportError("The JSON file holds more than 4,000,000 keys and values, over Sesame's limit.")) {
            try ImportReader.read(Array(flat.utf8), as: nil) { _ in SecureBytes(utf8: "") }
        }
        let deep = "{\"encrypted\":false,\"items\":[],\"x\":" + String(repeating: "[", count: 17) + String(repeating: "]", count: 17) + "}"
        #expect(throws: ImportError("The JSON file nests deeper than 16 levels, over Sesame's limit.")) {
            try BitwardenJSON.read(Array(deep.utf8))
        }
    }

    @Test func theJSONShapeCountsKeysAndValuesOutsideStrings() throws {
        let shape = JSONShape(maximumDepth: 2, maximumNodes: 8)
        // The object, 3 keys and 4 values (the list and its number); brackets and commas inside strings are text.
        try shape.check(Array(#"{"a":"[[[,,,","b":[1],"c":null}"#.utf8), what: "It")
        #expect(throws: ImportError("It holds more than 8 keys and values, over Sesame's limit.")) {
            try shape.check(Array(#"{"a":"x\"[","b":[1,2],"c":null}"#.utf8), what: "It")
        }
        #expect(throws: ImportError("It nests deeper than 2 levels, over Sesame's limit.")) {
            try shape.check(Array(#"{"a":[[1]]}"#.utf8), what: "It")
        }
    }

    // MARK: - KeePass

    /// A KeePass file whose key derivation is over the limits is refused before its password is asked for.
    @Test func aHostileKeePassHeaderIsRefusedBeforeAnyPasswordIsAsked() throws {
        let header = OuterHeader(
            cipher: .aes256, compressed: true, masterSeed: Array(repeating: 1, count: 32), encryptionIV: Array(repeating: 2, count: 16),
            keyDerivation: .aesKDF(seed: Array(repeating: 1, count: 32), rounds: .max))
        let file = header.bytes + [UInt8](repeating: 0, count: 64)
        #expect {
            try ImportReader.read(file, as: nil) { _ in
                Issue.record("a password was asked for")
                return SecureBytes(utf8: "")
            }
        } throws: { error in
            (error as? ImportError)?.message.contains("over Sesame's limit of 1,000,000,000") == true
        }
    }
}
