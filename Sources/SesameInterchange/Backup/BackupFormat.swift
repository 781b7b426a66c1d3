import Foundation
import SesameCrypto
import SesameKeePass
import SesameStore

/// Sesame's encrypted backup (`sesame export --format sesame`), described in docs/backup-format.md: a 34-byte
/// header (magic, version, Argon2id cost and salt) authenticated as associated data, then one XChaCha20-Poly1305
/// box of JSON holding every item whole (history, one-time-code secret, attachments, attributes, unknown fields).
public enum BackupFormat {
    static let magic: [UInt8] = Array("SESAMEBK".utf8)
    static let version: UInt8 = 1
    static let headerByteCount = 8 + 1 + 1 + 4 + 4 + KDFParameters.saltByteCount
    /// libsodium's number for Argon2id v1.3, the only algorithm written or read.
    static let argon2idCode: UInt8 = 2
    /// Contents format 2 is format 1 with items that may carry `passkeys`. A backup without passkeys stays format 1,
    /// and one with them says 2, so a Sesame from before passkeys refuses it ("written by a newer Sesame") instead of
    /// restoring the items without their keys.
    static let contentsFormatWithPasskeys = 2
    /// The largest backup read, or written (so every backup Sesame writes reads back): room for a vault of 10,000
    /// items (about 20 MiB) with hundreds of MiB of attachments, which the JSON carries in base64.
    static let maximumBytes = 512 << 20
    /// The decrypted JSON nests 8 levels at most (unknown fields' byte lists); an item is about 50 keys and values.
    static let contentsShape = JSONShape(maximumDepth: 32, maximumNodes: 16_000_000)

    /// What the sealed box holds.
    struct Contents: Codable {
        var format: Int
        var exported: Date
        var items: [Item]
        /// Absent in backups without them (and from Sesame versions before them, which ignore the key).
        var keePassDatabases: [KeePassDatabaseExtras]?
    }

    /// Encrypts `items` and the KeePass database records under `password` with fresh Argon2id parameters (the
    /// vault's defaults unless given).
    public static func write(
        _ items: [Item], keePassDatabases: [KeePassDatabaseExtras] = [], password: SecureBytes,
        memoryMiB: Int = KDFParameters.defaultMemoryMiB,
        passes: Int = KDFParameters.defaultPasses, now: Date = Date()
    ) throws -> [UInt8] {
        let kdf = try KDFParameters.generate(memoryMiB: memoryMiB, passes: passes)
        let header = Self.header(kdf)
        let key = try PasswordKDF.deriveKey(from: password, parameters: kdf)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .deferredToDate
        let format = items.contains { !$0.passkeys.isEmpty } ? contentsFormatWithPasskeys : 1
        var plaintext = try encoder.encode(Contents(
            format: format, exported: now, items: items, keePassDatabases: keePassDatabases.isEmpty ? nil : keePassDatabases))
        defer { plaintext.resetBytes(in: 0..<plaintext.count) }
        // A backup Sesame would refuse to read is not written.
        guard headerByteCount + plaintext.count + AEAD.overhead <= maximumBytes else {
            throw ImportError("The backup would be \(BudgetText.size(plaintext.count)), over the \(BudgetText.size(maximumBytes)) Sesame reads back; export the largest attachments another way.")
        }
        try contentsShape.check(plaintext, what: "The backup")
        return header + plaintext.withUnsafeBytes { AEAD.seal($0, using: key, authenticating: header) }
    }

    /// Decrypts a backup; a wrong password and a damaged file are told apart only as far as the AEAD allows.
    public static func read(_ bytes: [UInt8], password: SecureBytes) throws(ImportError) -> ImportBatch {
        let kdf = try parseHeader(bytes)
        let key: SymmetricKey
        do {
            key = try PasswordKDF.deriveKey(from: password, parameters: kdf)
        } catch {
            throw ImportError("The backup's key derivation failed: \(error).")
        }
        let plaintext: SecureBytes
        do {
            plaintext = try AEAD.openSecure(
                bytes.dropFirst(headerByteCount), using: key, authenticating: Array(bytes.prefix(headerByteCount)),
                lockedInMemory: false)
        } catch {
            throw ImportError("The backup password is wrong, or the backup file is damaged.")
        }
        var contents = plaintext.withUnsafeBytes { Data($0) }
        defer { contents.resetBytes(in: 0..<contents.count) }
        return try decodeContents(contents)
    }

    /// The key-derivation parameters of a backup's header, checked before any work is spent on them.
    static func parseHeader(_ bytes: [UInt8]) throws(ImportError) -> KDFParameters {
        guard bytes.count >= headerByteCount + AEAD.overhead, bytes.starts(with: magic) else {
            throw ImportError("The file is not a Sesame backup (or it is cut short).")
        }
        guard bytes.count <= maximumBytes else {
            throw ImportError("The backup is \(BudgetText.size(bytes.count)), over Sesame's limit of \(BudgetText.size(maximumBytes)).")
        }
        guard bytes[8] == version else {
            throw ImportError("The backup is format \(bytes[8]), written by a newer Sesame; update Sesame to read it.")
        }
        guard bytes[9] == argon2idCode else { throw ImportError("The backup names an unknown key derivation.") }
        let passes = littleEndian(bytes, at: 10), memoryMiB = littleEndian(bytes, at: 14)
        let kdf = KDFParameters(
            passes: UInt64(passes), memoryBytes: UInt64(memoryMiB) << 20, salt: Array(bytes[18..<headerByteCount]))
        // Before any derivation: whoever made the file chose these, and a wrong password costs the same as a right one.
        if kdf.exceedsLimits {
            throw ImportError(
                "The backup asks for \(memoryMiB) MiB and \(passes) passes of Argon2id, over Sesame's limit of "
                    + "\(KDFParameters.maximumMemoryMiB) MiB and \(KDFParameters.maximumPasses) passes (Sesame writes "
                    + "\(KDFParameters.defaultMemoryMiB) MiB and \(KDFParameters.defaultPasses)).")
        }
        do {
            try kdf.validate()
        } catch {
            throw ImportError("The backup's key derivation settings are out of range (the file is damaged).")
        }
        return kdf
    }

    /// The decrypted JSON as records, one per item, in the order written.
    static func decodeContents(_ json: Data) throws(ImportError) -> ImportBatch {
        // Authenticated, but by whoever chose the backup's password: as much outside input as any other file.
        try contentsShape.check(json, what: "The backup")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        let contents: Contents
        do {
            contents = try decoder.decode(Contents.self, from: json)
        } catch {
            throw ImportError("The backup decrypted but its contents do not read (the file is damaged).")
        }
        guard (1...contentsFormatWithPasskeys).contains(contents.format) else {
            throw ImportError("The backup holds contents format \(contents.format), written by a newer Sesame.")
        }
        return ImportBatch(records: contents.items.enumerated().map {
            ImportRecord(item: $0.element, location: "item \($0.offset + 1)")
        }, keePassDatabases: contents.keePassDatabases ?? [])
    }

    static func header(_ kdf: KDFParameters) -> [UInt8] {
        magic + [version, argon2idCode] + withUnsafeBytes(of: UInt32(kdf.passes).littleEndian, Array.init)
            + withUnsafeBytes(of: UInt32(kdf.memoryMiB).littleEndian, Array.init) + kdf.salt
    }

    private static func littleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
