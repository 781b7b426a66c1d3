import SesameStore

/// The plain-text export: Safari/Apple Passwords' columns, which Safari and Apple Passwords, Chrome/Edge (which
/// find their columns by name and skip the rest), Bitwarden ("Safari and macOS (csv)") and Sesame read back. It
/// holds what those columns hold: the first URL, no fields, history, attachments or tags.
public enum CSVExport {
    public static let header = ["Title", "URL", "Username", "Password", "Notes", "OTPAuth"]

    public static func write(_ items: [Item]) -> [UInt8] {
        var bytes = Array(CSVWriter.record(header).utf8)
        for item in items {
            bytes += Array(CSVWriter.record([
                item.title, item.urls.first?.url ?? "", item.username, item.password, item.notes,
                item.oneTimeCode ?? "",
            ]).utf8)
        }
        return bytes
    }
}
