import SesameStore

/// The plain-text export: Safari/Apple Passwords' columns, which Safari and Apple Passwords, Chrome/Edge (which
/// find their columns by name and skip the rest), Bitwarden ("Safari and macOS (csv)") and Sesame read back. It
/// holds what those columns hold: the first URL, no fields, history, attachments or tags. Every cell a spreadsheet
/// would run as a formula is written with a leading `'` (``SpreadsheetCell``); Sesame's import removes it again.
public enum CSVExport {
    public static let header = ["Title", "URL", "Username", "Password", "Notes", "OTPAuth"]

    public static func write(_ items: [Item]) -> [UInt8] {
        var bytes = Array(CSVWriter.record(header).utf8)
        for item in items {
            bytes += Array(CSVWriter.record(cells(of: item).map(SpreadsheetCell.escaped)).utf8)
        }
        return bytes
    }

    /// How many cells of `items` ``write(_:)`` writes with a leading quote, so the user can be told: other
    /// managers import those values with the quote.
    public static func escapedCellCount(_ items: [Item]) -> Int {
        items.reduce(0) { count, item in count + cells(of: item).filter(SpreadsheetCell.needsEscape).count }
    }

    private static func cells(of item: Item) -> [String] {
        [item.title, item.urls.first?.url ?? "", item.username, item.password, item.notes, item.oneTimeCode ?? ""]
    }
}
