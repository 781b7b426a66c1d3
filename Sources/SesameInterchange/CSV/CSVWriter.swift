import Foundation

/// Writes CSV as RFC 4180 asks (CRLF between records; a field in quotes when it holds a comma, quote, line break
/// or leading or trailing space (or starts with a byte order mark), with its quotes doubled), which every reader of the common managers accepts.
public enum CSVWriter {
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    public static func field(_ value: String) -> String {
        let needsQuotes = value.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            || value.first == " " || value.last == " " || value.first == "\u{FEFF}"
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
