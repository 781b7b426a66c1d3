import SesameCrypto
import SesameKeePass

/// The one place a file becomes items: every format's reader is called from ``read(_:as:secret:)``.
public enum ImportReader {
    /// Reads `bytes` as `format` (nil: as the content shows), asking `secret` for what the file needs to open.
    public static func read(
        _ bytes: [UInt8], as format: ImportFormat?, secret: (ImportSecret) throws -> SecureBytes
    ) throws -> (format: ImportFormat, batch: ImportBatch) {
        guard let format = format ?? ImportFormat.detect(bytes) else {
            throw ImportError("The file's format is not one Sesame reads; name it with --format (\(ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))).")
        }
        switch format {
        case .kdbx:
            return (format, try readKeePass(bytes, secret: secret))
        case .sesame:
            return (format, try BackupFormat.read(bytes, password: try secret(.backupPassword)))
        case .bitwardenJSON:
            return (format, try BitwardenJSON.read(bytes))
        case .cxf:
            return (format, try CXFFile.read(bytes))
        case .chrome, .firefox, .safari, .bitwardenCSV, .onePassword, .keepassxcCSV:
            // A layout is always found: every CSV case has one.
            return (format, try CSVLayout.layout(for: format)!.read(bytes))
        }
    }
}

extension ImportReader {
    /// A KeePass file's entries, each located by its position and path (`entry 3 (Internet/Example)`); recycle-bin
    /// entries are left out.
    static func readKeePass(_ bytes: [UInt8], secret: (ImportSecret) throws -> SecureBytes) throws -> ImportBatch {
        // A file Sesame would refuse for its size or key derivation is refused before any password is asked.
        do { try KeePassFile.check(bytes) } catch let error as KeePassError { throw ImportError(error.description) }
        let password = try secret(.keePassPassword)
        let keyFile = try secret(.keePassKeyFile)
        let credentials = KeePassCredentials(
            password: password.count > 0 || keyFile.count == 0 ? password : nil,
            keyFile: keyFile.count > 0 ? keyFile : nil)
        do {
            let (entries, database) = try KeePassFile.readEntries(bytes, credentials: credentials)
            let location = { (index: Int, path: String) in "entry \(index + 1) (\(path))" }
            return ImportBatch(records: entries.enumerated().map { index, entry in
                ImportRecord(item: entry.item, location: location(index, entry.path))
            },
                               // The entry itself is imported; its passkey attributes stay custom fields.
                               rejected: entries.enumerated().compactMap { index, entry in
                                   entry.passkeyProblem.map {
                                       ImportRejection(location: location(index, entry.path) + ", its passkey", reason: $0)
                                   }
                               },
                               keePassDatabases: database.map { [$0] } ?? [])
        } catch let error as KeePassError {
            throw ImportError(error.description)
        }
    }
}
