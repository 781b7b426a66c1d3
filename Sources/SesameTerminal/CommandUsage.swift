import SesameTerminalText
/// Makes a command's usage errors after its arguments are decoded: the message with its usage line and `--help`
/// hint, and the standard messages for an option value that does not convert.
public struct CommandUsage: Sendable, Equatable {
    let usage: String?
    let commandPath: String?

    /// A usage error with this command's usage line, for checks done after parsing.
    public func error(_ message: String) -> UsageError {
        UsageError(message, usage: usage, commandPath: commandPath)
    }

    /// `text` converted by `transform`, or nil when absent.
    ///
    /// - Throws: `The value 'x' is invalid for '--format <format>'` when `transform` returns nil.
    public func converted<T>(_ text: String?, of option: OptionSpec, _ transform: (String) -> T?) throws(UsageError) -> T? {
        guard let text else { return nil }
        guard let converted = transform(text) else {
            throw error("The value '\(TerminalText.quoted(text))' is invalid for '\(option.longSynopsis)'")
        }
        return converted
    }

    /// `text` as a decimal integer, or nil when absent.
    public func integer(_ text: String?, of option: OptionSpec) throws(UsageError) -> Int? {
        try converted(text, of: option) { Int($0) }
    }

    /// `text` as a decimal integer within `range`, or nil when absent.
    public func integer(_ text: String?, of option: OptionSpec, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let number = try integer(text, of: option) else { return nil }
        guard range.contains(number) else {
            throw error("The value '\(number)' is invalid for '\(option.longSynopsis)': "
                        + "expected a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
