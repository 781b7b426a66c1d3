import SesameCrypto
import SesameKeePass
import SesameStore

/// Reads CSV as RFC 4180 describes it, and as the password managers write it: fields separated by commas,
/// records by CRLF or LF, fields in double quotes may hold commas, quotes (doubled) and line breaks. A UTF-8 byte
/// order mark at the start is dropped.
///
/// A malformed record (text after a closing quote, bytes that are not UTF-8) is reported with its line and skipped
/// up to the end of its line, so one bad row does not cost the rest of the file. A quote still open at the end of
/// the file is reported at the line where it opened. A lone quote inside an unquoted field is kept as text, as
/// the common readers do. Empty lines are skipped.
///
/// A whole file is refused, before it is read, beyond ``Limits``: size, records, fields per record.
public enum CSVReader {
    /// What a CSV file may hold (docs/security.md, "Budgets").
    public struct Limits: Sendable {
        /// The largest real exports (10,000 logins with notes) are a few MiB.
        public var bytes = 64 << 20
        /// Ten times a 10,000-login vault.
        public var records = 100_000
        /// The widest layout read has 11 columns (Bitwarden); room for extra ones.
        public var fieldsPerRecord = 64

        public init() {}
    }

    public static func read(_ bytes: some Collection<UInt8>, limits: Limits = Limits()) throws(ImportError)
        -> (rows: [CSVRow], problems: [CSVProblem])
    {
        guard bytes.count <= limits.bytes else {
            throw ImportError("The CSV file is \(BudgetText.size(bytes.count)), over Sesame's limit of \(BudgetText.size(limits.bytes)).")
        }
        var parser = Parser(Array(bytes), limits: limits)
        return try parser.run()
    }

    private struct Parser {
        let bytes: [UInt8]
        let limits: Limits
        var index = 0
        var line = 1
        var rows: [CSVRow] = []
        var problems: [CSVProblem] = []

        init(_ bytes: [UInt8], limits: Limits) {
            self.bytes = bytes
            self.limits = limits
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"),
            lf = UInt8(ascii: "\n")

        mutating func run() throws(ImportError) -> (rows: [CSVRow], problems: [CSVProblem]) {
            while index < bytes.count {
                guard rows.count + problems.count < limits.records else {
                    throw ImportError("The CSV file has more than \(BudgetText.grouped(limits.records)) records, over Sesame's limit.")
                }
                let start = line
                switch try readRecord() {
                case .success(let fields):
                    if !(fields.count == 1 && fields[0].isEmpty) { rows.append(CSVRow(fields: fields, line: start)) }
                case .failure(let reason):
                    problems.append(CSVProblem(line: start, reason: reason.text))
                }
            }
            return (rows, problems)
        }

        /// Reads one record and the line break after it.
        private mutating func readRecord() throws(ImportError) -> Result<[String], Reason> {
            var fields: [String] = []
            var failure: Reason?
            let start = line
            while true {
                guard fields.count < limits.fieldsPerRecord else {
                    throw ImportError("Line \(start) of the CSV file has more than \(limits.fieldsPerRecord) fields, over Sesame's limit.")
                }
                let field = readField()
                switch field {
                case .success(let text): fields.append(text)
                case .failure(let reason): failure = failure ?? reason
                }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                if byte == Self.comma {
                    index += 1
                    continue
                }
                // A line break (or an error already skipped to one) ends the record.
                consumeLineBreak()
                break
            }
            if let failure { return .failure(failure) }
            return .success(fields)
        }

        private mutating func consumeLineBreak() {
            guard index < bytes.count else { return }
            if bytes[index] == Self.cr {
                index += 1
                if index < bytes.count, bytes[index] == Self.lf { index += 1 }
                line += 1
            } else if bytes[index] == Self.lf {
                index += 1
                line += 1
            }
        }

        private mutating func readField() -> Result<String, Reason> {
            if index < bytes.count, bytes[index] == Self.quote { return readQuotedField() }
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == Self.comma || byte == Self.cr || byte == Self.lf { break }
                index += 1
            }
            return text(bytes[start..<index])
        }

        private mutating func readQuotedField() -> Result<String, Reason> {
            let openedOn = line
            index += 1
            var content: [UInt8] = []
            var start = index
            while true {
                guard index < bytes.count else {
                    return .failure(Reason("a quoted field opened on line \(openedOn) is never closed"))
                }
                let byte = bytes[index]
                if byte == Self.quote {
                    content += bytes[start..<index]
                    if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                        content.append(Self.quote)
                        index += 2
                        start = index
                        continue
                    }
                    index += 1
                    break
                }
                if byte == Self.lf || (byte == Self.cr && !(index + 1 < bytes.count && bytes[index + 1] == Self.lf)) {
                    line += 1
                }
                index += 1
            }
            if index < bytes.count, ![Self.comma, Self.cr, Self.lf].contains(bytes[index]) {
                skipToLineEnd()
                return .failure(Reason("text follows a closing quote (a quote inside a quoted field must be doubled)"))
            }
            return text(content[...])
        }

        /// Moves to the next line break outside quotes' reach: the rest of a malformed line is dropped with it.
        private mutating func skipToLineEnd() {
            while index < bytes.count, bytes[index] != Self.cr, bytes[index] != Self.lf { index += 1 }
        }

        private func text(_ slice: ArraySlice<UInt8>) -> Result<String, Reason> {
            guard let string = String(strictUTF8: slice) else {
                return .failure(Reason("the text is not UTF-8 (save the file as UTF-8 and try again)"))
            }
            return .success(string)
        }
    }

    private struct Reason: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}
