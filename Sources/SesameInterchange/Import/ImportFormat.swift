import Foundation
import SesameAutoFill

/// The files `sesame import` reads. Adding a reader means a case here and its line in ``ImportReader/read``.
public enum ImportFormat: String, CaseIterable, Sendable {
    case chrome
    case firefox
    case safari
    case bitwardenCSV = "bitwarden-csv"
    case bitwardenJSON = "bitwarden-json"
    case onePassword = "1password"
    case keepassxcCSV = "keepassxc-csv"
    case kdbx
    case cxf
    case sesame

    /// Accepts the names above and a few others people use for the same files.
    public init?(name: String) {
        let aliases: [String: ImportFormat] = [
            "edge": .chrome, "apple": .safari, "apple-passwords": .safari, "bitwarden": .bitwardenCSV,
            "keepassxc": .keepassxcCSV, "keepass": .kdbx, "credential-exchange": .cxf,
        ]
        let lowered = name.lowercased()
        guard let format = ImportFormat(rawValue: lowered) ?? aliases[lowered] else { return nil }
        self = format
    }

    /// What the user knows the file as.
    public var displayName: String {
        switch self {
        case .chrome: "Chrome/Edge CSV"
        case .firefox: "Firefox CSV"
        case .safari: "Safari/Apple Passwords CSV"
        case .bitwardenCSV: "Bitwarden CSV"
        case .bitwardenJSON: "Bitwarden JSON"
        case .onePassword: "1Password CSV"
        case .keepassxcCSV: "KeePassXC CSV"
        case .kdbx: "KeePass (KDBX)"
        case .cxf: "Credential Exchange (CXF)"
        case .sesame: "Sesame backup"
        }
    }

    /// The KDBX signature: 0x9AA2D903 then 0xB54BFB67, little-endian.
    static let kdbxSignature: [UInt8] = [0x03, 0xD9, 0xA2, 0x9A, 0x67, 0xFB, 0x4B, 0xB5]

    /// The format the content shows, or nil when it is none of them.
    public static func detect(_ bytes: [UInt8]) -> ImportFormat? {
        if bytes.starts(with: kdbxSignature) { return .kdbx }
        if bytes.starts(with: BackupFormat.magic) { return .sesame }
        let start = bytes.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if start.first == UInt8(ascii: "{") {
            if CXFReader.looksLike(bytes) { return .cxf }
            return BitwardenJSON.looksLike(bytes) ? .bitwardenJSON : nil
        }
        guard let header = (try? CSVReader.read(bytes.prefix(4096)))?.rows.first else { return nil }
        return CSVLayout.detect(header: header.fields)?.format
    }
}
