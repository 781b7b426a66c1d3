/// Makes text safe to show on a terminal: the one sanitizer for everything printed for people.
///
/// Titles, user names, URLs, hosts and arguments come from other people (an imported file, a web page, git's
/// request). Written raw, `ESC [2J` clears the screen, `OSC 52` writes the clipboard, BEL rings and a right-to-left
/// override makes `moc.evil` read as `live.com`. Every such character is shown instead as a visible escape in
/// Swift's notation, `\u{1B}`, so a person sees that something odd is there and what it is:
///
/// - C0 controls (U+0000–U+001F) except line feed and tab in multi-line text, DEL (U+007F), C1 controls
///   (U+0080–U+009F);
/// - the line and paragraph separators U+2028 and U+2029;
/// - the bidirectional controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069.
///
/// Only what is shown changes: stored data is never altered, and `--json` output (where JSON escapes controls)
/// does not pass through here.
///
/// ```swift
/// TerminalText.sanitized("a\u{1B}[2Jb")            // "a\\u{1B}[2Jb"
/// TerminalText.quoted(String(repeating: "x", count: 500)).count  // 80 (79 x and "…")
/// ```
public enum TerminalText {
    /// The most characters of foreign input (an argument, a host) echoed back; the rest is cut with "…".
    public static let quoteLimit = 80

    /// The most characters of one error message; longer ones can only be long for the foreign input they quote.
    public static let messageLimit = 400

    /// `text` with every unsafe character escaped; line feeds and tabs are kept, for messages of several lines.
    public static func sanitized(_ text: String) -> String {
        escaped(text, keepingLayout: true)
    }

    /// `text` as one line: line feeds and tabs are escaped too, so a value cannot start a line of its own.
    public static func singleLine(_ text: String) -> String {
        escaped(text, keepingLayout: false)
    }

    /// Foreign input to echo inside a message: cut to `limit` characters with a trailing "…", then made one
    /// safe line.
    public static func quoted(_ text: String, limit: Int = quoteLimit) -> String {
        guard text.count > limit else { return singleLine(text) }
        return singleLine(String(text.prefix(max(limit - 1, 0)))) + "…"
    }

    /// Whether `scalar` is shown as an escape (line feed and tab count as unsafe here).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
            true
        default:
            false
        }
    }

    private static func escaped(_ text: String, keepingLayout: Bool) -> String {
        func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
            isUnsafe(scalar) && !(keepingLayout && (scalar == "\n" || scalar == "\t"))
        }
        guard text.unicodeScalars.contains(where: mustEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if mustEscape(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
