import Glibc
import SesameAgentLink
import SesameTerminalText

/// What the full CLI's printing does, for the front: JSON as `printJSON` writes it, lines through its `print`
/// (escaped by ``TerminalText``), tables fitted and styled as `Table.print()` fits and styles them.
enum FrontOutput {
    static let newline = UInt8(ascii: "\n")

    /// `JSONEncoder` with `.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes`, then a newline.
    static func json(_ value: AgentJSON) -> [UInt8] {
        value.prettyBytes + [newline]
    }

    /// One line as the CLI's `print` writes it.
    static func line(_ text: String) -> [UInt8] {
        Array(TerminalText.sanitized(text).utf8) + [newline]
    }

    static func table(_ table: Table, environment: [String: String]) -> [UInt8] {
        Array(table.render(maxWidth: terminalWidth, style: style(environment)).utf8)
    }

    /// Bold where standard output takes colour (`Terminal.useColor`'s rule).
    static func style(_ environment: [String: String]) -> TextStyle {
        TextStyle(isEnabled: TextStyle.shouldUseColor(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment))
    }

    /// The terminal's width on standard output, nil when it is not a terminal (`Terminal.standardOutputWidth`).
    static var terminalWidth: Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The value of a wire date (seconds since 2001) as the CLI's JSON writes it; nil when it is not one the front
    /// prints (then nothing is printed by the front at all).
    static func dateTime(_ value: AgentJSON?) -> AgentJSON? {
        guard case .number(let text) = value, let seconds = Double(text), let formatted = ISO8601Text.dateTime(seconds) else {
            return nil
        }
        return .string(formatted)
    }

    /// An optional wire date: `null` when absent or null; nil as for ``dateTime(_:)``.
    static func optionalDateTime(_ value: AgentJSON?) -> AgentJSON? {
        guard let value, value != .null else { return .null }
        return dateTime(value)
    }

    /// A wire id (upper-case UUID text) as the CLI prints it: lower case.
    static func id(_ value: AgentJSON?) -> String? {
        guard let text = value?.string, text.utf8.count == 36 else { return nil }
        return String(decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    static func strings(_ value: AgentJSON?) -> [String]? {
        guard case .array(let elements) = value else { return nil }
        let strings = elements.compactMap(\.string)
        return strings.count == elements.count ? strings : nil
    }
}
