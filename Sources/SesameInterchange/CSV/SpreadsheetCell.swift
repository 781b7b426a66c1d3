/// Keeps spreadsheets from running exported text as formulas (CSV injection, OWASP "CSV Injection"): a cell that
/// starts with `=`, `+`, `-`, `@`, a tab or a carriage return is written with a leading `'`, which spreadsheets
/// show as text. Titles, user names and notes reach the vault from outside (Secret Service labels, the browser's
/// `set-login`, sync peers, imports), so any of them may be a formula waiting for the export to be opened.
///
/// The rule is reversible: a value that already starts with quotes before such a character gets one more, so
/// ``unescaped(_:)`` gives back exactly what ``escaped(_:)`` was given, and Sesame's import of its own export
/// keeps every value. Other managers keep the quote (docs/import-export.md).
public enum SpreadsheetCell {
    private static let formulaStarts: Set<UInt8> = [
        UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
    ]
    private static let quote = UInt8(ascii: "'")

    /// Whether `value` is written with a leading quote: after any quotes, it starts with a formula character.
    public static func needsEscape(_ value: String) -> Bool {
        value.utf8.first { $0 != quote }.map(formulaStarts.contains) ?? false
    }

    public static func escaped(_ value: String) -> String {
        needsEscape(value) ? "'" + value : value
    }

    /// The value ``escaped(_:)`` was given, for a cell of a file Sesame wrote.
    public static func unescaped(_ cell: String) -> String {
        guard cell.utf8.first == quote else { return cell }
        // By bytes: a quote and a combining mark after it are one Character.
        let rest = String(decoding: cell.utf8.dropFirst(), as: UTF8.self)
        return needsEscape(rest) ? rest : cell
    }
}
