import Glibc
@testable import SesameTerminal
import Testing

/// Exit statuses and what is printed on the way out: in-process for the mapping, in a child process for the
/// real streams and status.
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
        #expect(exitStatus(for: SecretInputError.mismatch) == .failure)
        #expect(errorReport(for: SecretInputError.mismatch) == "Error: The passwords do not match.\n")
        #expect(errorReport(for: Unexpected()) == "Error: The disk is full.\n")
    }

    @Test func aUsageErrorWithoutContextIsOneLine() {
        #expect(UsageError("Give a title or --generate").report == "Error: Give a title or --generate\n")
    }

    // MARK: - Real processes

    private struct Run {
        var termination: ChildProcess.Termination
        var standardOutput: String
        var standardError: String
    }

    private func run(_ scenario: ChildScenarios) throws -> Run {
        let output = FilePipe()
        let error = FilePipe()
        let child = try ChildProcess.spawn(scenario, descriptors: [3: output.writeEnd, 4: error.writeEnd])
        output.closeWriteEnd()
        error.closeWriteEnd()
        let termination = child.wait()
        return Run(termination: termination, standardOutput: output.drain(), standardError: error.drain())
    }

    @Test func usageErrorsPrintThreeLinesOnStandardErrorAndExit64() throws {
        let result = try run(.exitUsageError)
        #expect(result.termination == .exited(64))
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            Error: Unknown option '--foo'
            Usage: sesame rename <old> <new>
              See 'sesame rename --help' for more information.

            """)
    }

    @Test func helpGoesToStandardOutputWithStatus0() throws {
        let result = try run(.exitHelp)
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == SampleSpecs.remove.helpText(commandPath: "sesame remove"))
        #expect(result.standardError == "")
    }

    @Test func versionGoesToStandardOutputWithStatus0() throws {
        let result = try run(.exitVersion)
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == "0.1.0\n")
    }

    @Test func errorsPrintOneLineAndExitWithTheirStatus() throws {
        let result = try run(.exitCLIError)
        #expect(result.termination == .exited(2))
        #expect(result.standardOutput == "")
        #expect(result.standardError == "Error: The master password is wrong.\n")
    }

    @Test func anExitStatusEndsSilently() throws {
        let result = try run(.exitSilently)
        #expect(result.termination == .exited(1))
        #expect(result.standardOutput == "")
        #expect(result.standardError == "")
    }

    @Test func bufferedOutputIsCompleteAtExit() throws {
        let result = try run(.exitAfterOutput)
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == "before\n{\n  \"url\" : \"https://example.com/login\"\n}\n")
        #expect(result.standardError == "Warning: something\n")
    }
}
