import Foundation
import Glibc
import SesameTerminalText

/// Ends the process with `status`, flushing standard output first.
public func exit(_ status: ExitStatus) -> Never {
    fflush(nil)
    Glibc.exit(status.rawValue)
}

/// Reports `error` on standard error and ends the process with the matching status.
///
/// - ``ExitStatus``: nothing is printed; exits with that status.
/// - ``UsageError``: `Error:`, `Usage:` and the `--help` hint; exits 64.
/// - ``CLIError``: `Error: <message>`; exits with its status.
/// - ``SecretInputError`` and anything else: `Error: <description>`; exits 1.
///
/// ```swift
/// do { try command.run() } catch { exit(with: error) }
/// ```
public func exit(with error: any Error) -> Never {
    Terminal.writeToStandardError(errorReport(for: error))
    exit(exitStatus(for: error))
}

/// The text ``exit(with:)`` writes for `error`; empty for a bare ``ExitStatus``.
func errorReport(for error: any Error) -> String {
    switch error {
    case is ExitStatus:
        return ""
    case let usageError as UsageError:
        return usageError.report
    default:
        // A message is one sentence: a line break in a quoted title must not start a line of its own, and only
        // quoted foreign input (an argument, a host) can make it longer than the limit.
        return "Error: \(TerminalText.quoted(errorMessage(for: error), limit: TerminalText.messageLimit))\n"
    }
}

/// The status ``exit(with:)`` uses for `error`.
func exitStatus(for error: any Error) -> ExitStatus {
    switch error {
    case let status as ExitStatus: status
    case is UsageError: .usage
    case let cliError as CLIError: cliError.status
    default: .failure
    }
}

private func errorMessage(for error: any Error) -> String {
    switch error {
    case let error as CustomStringConvertible: error.description
    case let error as LocalizedError: error.errorDescription ?? error.localizedDescription
    default: String(describing: error)
    }
}
