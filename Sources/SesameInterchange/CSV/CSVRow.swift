/// One record of a CSV file: its fields, and the line it starts on (1-based, counting the header), for messages.
public struct CSVRow: Sendable, Equatable {
    public var fields: [String]
    public var line: Int

    public init(fields: [String], line: Int) {
        self.fields = fields
        self.line = line
    }
}

/// A record the reader could not take apart, with the line it starts on and why, in one sentence.
public struct CSVProblem: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}
