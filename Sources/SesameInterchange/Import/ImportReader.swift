import SesameCrypto

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
            throw ImportError.keePassNotSupported
        case .sesame:
            return (format, try BackupFormat.read(bytes, password: try secret(.backupPassword)))
        case .bitwardenJSON:
            return (format, try BitwardenJSON.read(bytes))
        case .chrome, .firefox, .safari, .bitwardenCSV, .onePassword, .keepassxcCSV:
            // A layout is always found: every CSV case has one.
            return (format, try CSVLayout.layout(for: format)!.read(bytes))
        }
    }
}
