#if canImport(UIKit)
/// What the app exports to, as `sesame export --format` names them.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// An encrypted Sesame backup with a password of its own: everything, restored completely by an import.
    case sesame
    /// A KeePass file (KDBX 4) with a password of its own, for KeePassXC, KeePassium and Strongbox.
    case kdbx
    /// Every password in plain text (the Safari/Apple Passwords columns): for another manager's import only.
    case csv

    public var displayName: String {
        switch self {
        case .sesame: "Sesame backup (encrypted)"
        case .kdbx: "KeePass file (encrypted)"
        case .csv: "CSV (every password in plain text)"
        }
    }

    /// Whether the file gets a password of its own; the CSV holds the passwords in clear.
    public var isEncrypted: Bool { self != .csv }

    var fileExtension: String {
        switch self {
        case .sesame: "sesame"
        case .kdbx: "kdbx"
        case .csv: "csv"
        }
    }
}
#endif
