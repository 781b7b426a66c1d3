@testable import SesameTerminal
import Testing

/// Exit statuses and what is printed on the way out.
@Suite struct ExitTests {
    @Test func statusesAreTheDocumentedNumbers() {
        #expect(ExitStatus.success.rawValue == 0)
        #expect(ExitStatus.failure.rawValue == 1)
        #expect(ExitStatus.wrongPassword.rawValue == 2)
        #expect(ExitStatus.usage.rawValue == 64)
    }

    @Test func errorsMapToStatusesAndReports() {
        struct Unexpected: Error, CustomStringConvertible {
            var description: String { "The disk is full." }
        }
        let usage = UsageError("Unknown option '--foo'", usage: "sesame add <title>", commandPath: "sesame add")
        #expect(exitStatus(for: usage) == .usage)
        #expect(errorReport(for: usage) == """
            Error: Unknown option '--foo'
            Usage: sesame add <title>
              See 'sesame add --help' for more information.

            """)
        #expect(exitStatus(for: CLIError("Nope.", status: .wrongPassword)) == .wrongPassword)
        #expect(errorReport(for: CLIError("The vault is locked.")) == "Error: The vault is locked.\n")
        #expect(exitStatus(for: CLIError("The vault is locked.")) == .failure)
        #expect(exitStatus(for: ExitStatus(rawValue: 3)) == ExitStatus(rawValue: 3))
        #expect(errorReport(for: ExitStatus.failure) == "")
        #expect(errorReport(for: Unexpected()) == "Error: The disk is full.\n")
    }

    @Test func aUsageErrorWithoutContextIsOneLine() {
        #expect(UsageError("Give a title or --generate").report == "Error: Give a title or --generate\n")
    }
}
