/// Writes CSV as RFC 4180 asks (CRLF between records; a field in quotes when it holds a comma, quote, line break
/// or leading or trailing space, or starts with a byte order mark, with its quotes doubled), which every reader
/// of the common managers accepts.
///
/// Works on UTF-8 bytes, not characters: a quote followed by a combining mark is one `Character` to Swift but
/// still a quote to every CSV reader, so it must be doubled like any other.
public enum CSVWriter {
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    public static func field(_ value: String) -> String {
        let bytes = Array(value.utf8)
        let special: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        let needsQuotes = bytes.contains { special.contains($0) } || bytes.first == UInt8(ascii: " ")
            || bytes.last == UInt8(ascii: " ") || bytes.starts(with: [0xEF, 0xBB, 0xBF])
        guard needsQuotes else { return value }
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        quoted.reserveCapacity(bytes.count + 8)
        for byte in bytes {
            quoted.append(byte)
            if byte == UInt8(ascii: "\"") { quoted.append(byte) }
        }
        quoted.append(UInt8(ascii: "\""))
        return String(decoding: quoted, as: UTF8.self)
    }
}
