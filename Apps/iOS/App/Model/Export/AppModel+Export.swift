#if canImport(UIKit)
import Foundation
import SesameAutoFill
import SesameCrypto
import SesameInterchange
import SesameKeePass
import UIKit

/// Exporting to a folder the person picks in the document picker. As with `sesame export`, the master password is
/// asked again even though the vault is unlocked: whoever finds the phone unlocked must not carry every password
/// away in one file.
extension AppModel {
    /// - Parameters:
    ///   - masterPassword: checked again (Argon2id on a second handle) before any secret leaves the vault.
    ///   - filePassword: the backup's or KeePass file's own password; not used for CSV.
    ///   - folder: where the file goes: a folder picked in the document picker (iCloud Drive, On My iPhone, any
    ///     file provider).
    public func export(_ format: ExportFormat, masterPassword: String, filePassword: String = "", to folder: URL)
        async throws -> ExportOutcome
    {
        if format.isEncrypted, filePassword.isEmpty {
            throw AppFailure("The \(format == .kdbx ? "KeePass file" : "backup") needs a password of its own.")
        }
        let master = SecureBytes(utf8: masterPassword)
        let export = try await provider.perform { try $0.export(masterPassword: master) }
        let name = "Sesame \(Self.exportDateFormatter.string(from: now())).\(format.fileExtension)"
        let password = SecureBytes(utf8: filePassword)
        let fileName = try await Task.detached {
            var bytes: [UInt8]
            switch format {
            case .sesame:
                bytes = try BackupFormat.write(export.items, keePassDatabases: export.keePassDatabases, password: password)
            case .kdbx:
                bytes = try KeePassFile.file(from: export.items, databases: export.keePassDatabases,
                                             deletions: export.deletions, credentials: KeePassCredentials(password: password))
            case .csv:
                bytes = CSVExport.write(export.items)
            }
            defer { zeroize(&bytes) }
            return try ExportDestination.create(in: folder, name: name, bytes: bytes)
        }.value
        return ExportOutcome(format: format, fileName: fileName, logins: export.items.count)
    }

    private static let exportDateFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter
    }()
}
#endif
