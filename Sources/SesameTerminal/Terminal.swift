import Foundation
import Glibc
import SesameTerminalText

/// Facts about the standard streams, and the one way this module writes to standard error.
///
/// Human output (tables, colour, progress) adapts to a terminal; piped output stays plain and complete, so scripts
/// get the same bytes whatever the window size.
public enum Terminal {
    /// Whether standard input is a terminal.
    public static var isStandardInputATerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Whether standard output is a terminal (and not a pipe or file).
    public static var isStandardOutputATerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal.
    public static var isStandardErrorATerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether to colour standard output: see ``shouldUseColor(isTerminal:environment:)``.
    public static var useColor: Bool {
        shouldUseColor(isTerminal: isStandardOutputATerminal, environment: ProcessInfo.processInfo.environment)
    }

    /// Whether to colour standard error: see ``shouldUseColor(isTerminal:environment:)``.
    public static var useColorOnStandardError: Bool {
        shouldUseColor(isTerminal: isStandardErrorATerminal, environment: ProcessInfo.processInfo.environment)
    }

    /// The colour rule (``TextStyle/shouldUseColor(isTerminal:environment:)``, shared with the `sesame` front).
    public static func shouldUseColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        TextStyle.shouldUseColor(isTerminal: isTerminal, environment: environment)
    }

    /// The width of the terminal on standard output in columns, or `nil` when standard output is not a terminal
    /// or its size is unknown. Output sized to this is for people only.
    public static var standardOutputWidth: Int? {
        columns(of: STDOUT_FILENO)
    }

    /// The height of the terminal on standard output in rows, or `nil` when it is not a terminal.
    public static var standardOutputHeight: Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    /// Writes `text` to standard error (add the newline yourself), unbuffered, with `write(2)`, after
    /// ``TerminalText/sanitized(_:)``: messages quote titles, hosts and arguments, which must not drive the terminal.
    ///
    /// `fputs(…, stderr)` does not compile in Swift 6 mode; `print` goes to standard output.
    public static func writeToStandardError(_ text: String) {
        FileDescriptorIO.writeAll(STDERR_FILENO, TerminalText.sanitized(text))
    }

    private static func columns(of fd: Int32) -> Int? {
        guard isatty(fd) == 1 else { return nil }
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
