#if canImport(UIKit)
import SesameCrypto
import SesameInterchange

/// A file the person picked to import, read and recognised, waiting for what it needs to open: nothing for the CSV
/// formats and Bitwarden's JSON, a KeePass file's password (and maybe its key file), a Sesame backup's password.
/// Its bytes stay in secure memory until it is dropped.
public struct PendingImport: Sendable {
    public enum Password: Sendable, Equatable {
        /// A KeePass file's; empty when it opens with its key file alone.
        case keePass
        /// A Sesame backup's own password (`sesame export --format sesame`, or the app's export).
        case backup
    }

    public let fileName: String
    public let format: ImportFormat
    let contents: SecureBytes

    /// The password the file asks for before it opens, if any.
    public var password: Password? {
        switch format {
        case .kdbx: .keePass
        case .sesame: .backup
        default: nil
        }
    }
}
#endif
