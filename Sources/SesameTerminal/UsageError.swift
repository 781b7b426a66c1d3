import SesameTerminalText
/// A mistake in how a command was invoked: an unknown option, a missing argument, a value out of range.
///
/// Usage errors exit with ``ExitStatus/usage`` (64, `EX_USAGE`) and are reported on standard error in three lines,
/// as swift-argument-parser does:
///
/// ```
/// Error: Unknown option '--foo'
/// Usage: sesame add [--user <name>] <title>
///   See 'sesame add --help' for more information.
/// ```
///
/// Errors thrown by the parser and by ``ParsedArguments`` carry the usage line and command path; make your own
/// validation errors with ``CommandUsage/error(_:)`` (``ArgumentDecoder/usage``) so that they do too.
///
/// Messages name options and quote the offending argument, but never the value given to an option with `=`.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence without the `Error:` prefix, for example `Unknown option '--foo'`.
    public var message: String
    /// The command's usage line without the `Usage:` prefix, when known.
    public var usage: String?
    /// The command as typed by the user, for example `sesame add`, when known.
    public var commandPath: String?

    /// Creates an error; without `usage` and `commandPath` it is reported as a single `Error:` line.
    public init(_ message: String, usage: String? = nil, commandPath: String? = nil) {
        self.message = message
        self.usage = usage
        self.commandPath = commandPath
    }

    public var description: String { message }

    /// The text written to standard error: the `Error:` line, then the usage and `--help` hint when known.
    public var report: String {
        var lines = ["Error: \(TerminalText.quoted(message, limit: TerminalText.messageLimit))"]
        if let usage { lines.append("Usage: \(usage)") }
        if let commandPath { lines.append("  See '\(commandPath) --help' for more information.") }
        return lines.joined(separator: "\n") + "\n"
    }
}
