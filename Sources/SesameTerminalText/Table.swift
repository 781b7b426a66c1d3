/// Rows and columns for people: headers, columns as wide as their content, two spaces between them.
///
/// On a terminal of known width, cells of long columns are cut with an ellipsis (…) so that each row fits one
/// line; piped output is never cut, so nothing is lost to a script that (wrongly) reads a table. Scripts should
/// use `--json`.
///
/// Control characters in cells (newlines and tabs become spaces; escape sequences from an imported title are shown
/// escaped by ``TerminalText``), so a cell can neither break the layout nor drive the terminal.
///
/// ```swift
/// var table = Table(columns: [Table.Column("ID", isTruncatable: false), Table.Column("TITLE"),
///                             Table.Column("USER"), Table.Column("USES", alignment: .right)])
/// for item in items { table.append([item.id, item.title, item.userName, String(item.useCount)]) }
/// table.print()
/// ```
public struct Table: Sendable, Equatable {
    /// One column: its header, alignment, and whether it may be cut to fit the terminal.
    public struct Column: Sendable, Equatable {
        /// Left for text, right for numbers.
        public enum Alignment: Sendable, Equatable {
            /// Padded on the right.
            case left
            /// Padded on the left, for numbers.
            case right
        }

        /// The header text, conventionally upper case (`TITLE`).
        public var header: String
        /// Where text sits in the column.
        public var alignment: Alignment
        /// Whether cells may be cut with an ellipsis on a narrow terminal; keep identifiers whole.
        public var isTruncatable: Bool

        /// Creates a column; text columns are left-aligned and may be cut.
        public init(_ header: String, alignment: Alignment = .left, isTruncatable: Bool = true) {
            self.header = header
            self.alignment = alignment
            self.isTruncatable = isTruncatable
        }
    }

    /// Spaces between columns.
    static let gap = 2
    /// A cut column keeps at least this many columns (or its header's width, if wider).
    static let minimumTruncatedWidth = 6

    /// The columns, in order.
    public let columns: [Column]
    /// The rows added so far, sanitized.
    public private(set) var rows: [[String]] = []

    /// Creates an empty table with these columns.
    public init(columns: [Column]) {
        precondition(!columns.isEmpty, "A table needs a column")
        self.columns = columns
    }

    /// A table of left-aligned, truncatable columns.
    public init(headers: [String]) {
        self.init(columns: headers.map { Column($0) })
    }

    /// Adds a row; it must have one cell per column.
    public mutating func append(_ row: [String]) {
        precondition(row.count == columns.count, "Row has \(row.count) cells for \(columns.count) columns")
        rows.append(row.map(Self.sanitized))
    }

    /// The table as lines ending in newlines, headers first.
    ///
    /// - Parameters:
    ///   - maxWidth: The terminal width to fit into, or `nil` to never cut (piped output).
    ///   - style: Headers are bold when the style is enabled.
    public func render(maxWidth: Int? = nil, style: TextStyle = .plain) -> String {
        let headers = columns.map { Self.sanitized($0.header) }
        let widths = columnWidths(headers: headers, maxWidth: maxWidth)
        var lines = [renderLine(headers, widths: widths, style: style, isHeader: true)]
        lines += rows.map { renderLine($0, widths: widths, style: style, isHeader: false) }
        return lines.map { $0 + "\n" }.joined()
    }

    // MARK: - Layout

    private func columnWidths(headers: [String], maxWidth: Int?) -> [Int] {
        var widths = headers.map(DisplayWidth.of)
        for row in rows {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        guard let maxWidth else { return widths }
        let minimums = columns.indices.map { index in
            columns[index].isTruncatable
                ? min(widths[index], max(DisplayWidth.of(headers[index]), Self.minimumTruncatedWidth))
                : widths[index]
        }
        var excess = widths.reduce(Self.gap * (columns.count - 1), +) - maxWidth
        // Take one column at a time from the widest column that can still give, so that widths end up even.
        while excess > 0 {
            let candidates = widths.indices.filter { widths[$0] > minimums[$0] }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { break }
            widths[widest] -= 1
            excess -= 1
        }
        return widths
    }

    private func renderLine(_ cells: [String], widths: [Int], style: TextStyle, isHeader: Bool) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let text = Self.fitted(cell, to: widths[index])
            let padding = String(repeating: " ", count: widths[index] - DisplayWidth.of(text))
            let isLast = index == cells.count - 1
            let styled = isHeader ? style.bold(text) : text
            switch columns[index].alignment {
            case .left: line += isLast ? styled : styled + padding
            case .right: line += padding + styled
            }
            if !isLast { line += String(repeating: " ", count: Self.gap) }
        }
        return line
    }

    /// `text` cut to `width` columns with a trailing ellipsis, or unchanged if it fits.
    static func fitted(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// Tabs and line breaks become spaces, so a cell cannot break the layout; every other unsafe character is
    /// escaped by ``TerminalText``.
    static func sanitized(_ text: String) -> String {
        let flattened = String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0
        }))
        return TerminalText.singleLine(flattened)
    }
}
