#if canImport(UIKit)
import Foundation
import SesameAutoFill
import SesameCrypto
import SesameInterchange
import UIKit

/// Importing through the document picker: another manager's export (the CSV formats, Bitwarden's JSON, a KeePass
/// file) or a Sesame backup, in one transaction, with the summary `sesame import` prints.
extension AppModel {
    /// Reads the picked file (within the import budget, under coordination) and recognises its format before any
    /// password is asked: a file Sesame cannot read costs the person nothing to find out.
    public func prepareImport(of url: URL) async throws -> PendingImport {
        let contents = try await Task.detached { try PickedFile.contents(of: url, limit: PickedFile.largestImport) }.value
        let format = contents.withUnsafeBytes { bytes in
            var copy = Array(bytes)
            defer { zeroize(&copy) }
            return ImportFormat.detect(copy)
        }
        guard let format else {
            let names = ImportFormat.allCases.map(\.displayName).joined(separator: ", ")
            throw AppFailure("Sesame does not recognise \(url.lastPathComponent); it reads \(names).")
        }
        return PendingImport(fileName: url.lastPathComponent, format: format, contents: contents)
    }

    /// Opens the file with what it asked for and imports it in one transaction: each login is created, updates the
    /// password of the login for the same site and user name (the old one kept in its history), or is skipped as
    /// already there. The suggestions above the keyboard follow, then a sync round publishes it.
    ///
    /// - Parameters:
    ///   - password: the KeePass file's or the backup's password (``PendingImport/password``); ignored otherwise.
    ///   - keyFile: a KeePass file's key file, picked in the document picker.
    public func runImport(_ pending: PendingImport, password: String = "", keyFile: URL? = nil) async throws -> ImportOutcome {
        let secret = SecureBytes(utf8: password)
        let (format, batch) = try await Task.detached {
            let keyBytes = try keyFile.map { try PickedFile.contents(of: $0, limit: PickedFile.largestKeyFile) }
            var bytes = pending.contents.withUnsafeBytes { Array($0) }
            defer { zeroize(&bytes) }
            do {
                return try ImportReader.read(bytes, as: pending.format) { needed in
                    switch needed {
                    case .backupPassword, .keePassPassword: secret
                    case .keePassKeyFile: keyBytes ?? SecureBytes(count: 0)
                    }
                }
            } catch let error as ImportError {
                throw AppFailure(error.message)
            }
        }.value
        let items = batch.records.map(\.item)
        let databases = batch.keePassDatabases
        let summary = try await provider.perform {
            try $0.importItems(items, keePassDatabases: databases, dryRun: false, progress: { _ in })
        }
        try await reload()
        sync.noteLocalChange()
        return ImportOutcome(format: format, batch: batch, summary: summary)
    }
}
#endif
