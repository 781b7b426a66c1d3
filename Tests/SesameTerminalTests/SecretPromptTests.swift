import Foundation
import Glibc
@testable import SesameTerminal
import SesameCrypto
import Testing

extension Trait where Self == ConditionTrait {
    /// Some containers have no /dev/ptmx.
    static var needsPseudoTerminal: Self { .enabled(if: PseudoTerminal.isAvailable, "needs /dev/ptmx") }
}

private func hex(_ text: String) -> String {
    text.utf8.map { String(format: "%02x", $0) }.joined()
}

/// The prompt, tested for real: a child process whose controlling terminal is a pseudo-terminal that the test
/// types on and reads from.
@Suite struct SecretPromptTests {
    /// Starts `scenario` with `terminal` as its controlling terminal on descriptor 0 and results on descriptor 3.
    private func start(
        _ scenario: ChildScenarios, on terminal: PseudoTerminal, results: FilePipe,
        standardInput: FilePipe? = nil
    ) throws -> ChildProcess {
        var descriptors: [Int32: Int32] = [3: results.writeEnd]
        if let standardInput { descriptors[0] = standardInput.readEnd }
        let child = try ChildProcess.spawn(
            scenario, descriptors: descriptors,
            terminal: (fd: standardInput == nil ? 0 : 5, path: terminal.slavePath))
        results.closeWriteEnd()
        return child
    }

    @Test(.needsPseudoTerminal) func readsALineWithoutEchoingItAndRestoresEcho() throws {
        let terminal = try PseudoTerminal()
        let results = FilePipe()
        let child = try start(.prompt, on: terminal, results: results)

        let shown = terminal.read(until: "Secret: ")
        #expect(shown == "Secret: ")
        #expect(!terminal.isEchoing, "echo is off while the prompt waits")
        terminal.type("correct horse\n")
        let termination = child.wait()
        terminal.readAvailable()

        #expect(termination == .exited(0))
        #expect(results.drain() == "ok \(hex("correct horse"))\n")
        // Only the newline is echoed (ECHONL), as "\r\n" through the terminal's output processing.
        #expect(terminal.output == "Secret: \r\n")
        #expect(terminal.isEchoing, "echo is back on afterwards")
    }

    @Test(.needsPseudoTerminal) func stripsCarriageReturnAndKeepsOtherBytes() throws {
        let terminal = try PseudoTerminal()
        let results = FilePipe()
        let child = try start(.prompt, on: terminal, results: results)
        terminal.read(until: "Secret: ")
        // Enter as "\r" (what a real keyboard sends; ICRNL makes it "\n"), after non-ASCII text and spaces.
        terminal.type(" pässwörd 🔑 \r")
        #expect(child.wait() == .exited(0))
        #expect(results.drain() == "ok \(hex(" pässwörd 🔑 "))\n")
    }

    @Test(.needsPseudoTerminal) func controlCRestoresEchoAndEndsTheProcessBySIGINT() throws {
        let terminal = try PseudoTerminal()
        let results = FilePipe()
        let child = try start(.prompt, on: terminal, results: results)
        terminal.read(until: "Secret: ")
        terminal.type("half typed\u{03}")
        let termination = child.wait()
        terminal.readAvailable()

        #expect(termination == .signaled(SIGINT))
        #expect(terminal.isEchoing)
        #expect(!terminal.output.contains("half"))
        #expect(terminal.output == "Secret: \r\n", "the handler moves to a new line for the shell")
        #expect(results.drain() == "")
    }

    @Test(.needsPseudoTerminal) func controlDOnAnEmptyLineIsEndOfInput() throws {
        let terminal = try PseudoTerminal()
        let results = FilePipe()
        let child = try start(.prompt, on: terminal, results: results)
        terminal.read(until: "Secret: ")
        terminal.type("\u{04}")
        #expect(child.wait() == .exited(0))
        #expect(results.drain() == "error endOfInput Nothing was entered at the prompt.\n")
        terminal.readAvailable()
        #expect(terminal.output == "Secret: \r\n")
        #expect(terminal.isEchoing)
    }

    /// A mismatch is asked again, three tries in all; then the error.
    @Test(.needsPseudoTerminal) func confirmationMustMatchWithinThreeTries() throws {
        let terminal = try PseudoTerminal()
        let results = FilePipe()
        let child = try start(.promptConfirmed, on: terminal, results: results)
        for attempt in 1...3 {
            terminal.read(until: "New password: ")
            terminal.type("first\(attempt)\n")
            terminal.read(until: "Again: ")
            terminal.type("second\(attempt)\n")
        }
        #expect(child.wait() == .exited(0))
        #expect(results.drain() == "error mismatch The passwords do not match.\n")
        terminal.readAvailable()
        #expect(terminal.output.components(separatedBy: "The passwords do not match; try again.").count == 3,
                "told twice, then the error: \(terminal.output)")
        #expect(!terminal.output.contains("first") && !terminal.output.contains("second"))
    }

    @Test(.needsPseudoTerminal) func aMismatchIsAskedAgain() throws {
        let terminal = try PseudoTerminal()
        let results = FilePipe()
        let child = try start(.promptConfirmed, on: terminal, results: results)
        terminal.read(until: "New password: ")
        terminal.type("typo\n")
        terminal.read(until: "Again: ")
        terminal.type("other\n")
        terminal.read(until: "New password: ")
        terminal.type("same\n")
        terminal.read(until: "Again: ")
        terminal.type("same\n")
        #expect(child.wait() == .exited(0))
        #expect(results.drain() == "ok \(hex("same"))\n")
    }

    @Test(.needsPseudoTerminal) func confirmationReturnsTheSecretWhenBothMatch() throws {
        let terminal = try PseudoTerminal()
        let results = FilePipe()
        let child = try start(.promptConfirmed, on: terminal, results: results)
        terminal.read(until: "New password: ")
        terminal.type("same\n")
        terminal.read(until: "Again: ")
        terminal.type("same\n")
        #expect(child.wait() == .exited(0))
        #expect(results.drain() == "ok \(hex("same"))\n")
    }

    @Test(.needsPseudoTerminal) func usesTheTerminalEvenWhenStandardInputIsAPipe() throws {
        let terminal = try PseudoTerminal()
        let results = FilePipe()
        let input = FilePipe()
        input.write("from the pipe\n")
        input.closeWriteEnd()
        let child = try start(.promptWithStandardInputPiped, on: terminal, results: results, standardInput: input)
        terminal.read(until: "Secret: ")
        terminal.type("from the terminal\n")
        #expect(child.wait() == .exited(0))
        #expect(results.drain() == "ok \(hex("from the terminal"))\nok \(hex("from the pipe"))\n")
    }

    @Test func withoutAControllingTerminalTheErrorSaysWhatToDo() throws {
        let results = FilePipe()
        let child = try ChildProcess.spawn(.noTerminal, descriptors: [3: results.writeEnd], newSession: true)
        results.closeWriteEnd()
        #expect(child.wait() == .exited(0))
        #expect(results.drain() == """
            available false
            error noTerminal No terminal to ask for the master password; use --password-stdin.

            """)
    }

    @Test func theErrorNamesWhatWasAskedFor() {
        #expect(SecretInputError.noTerminal(for: "the password for github.com").message
                == "No terminal to ask for the password for github.com; use --password-stdin.")
    }

    @Test func comparesSecretsByContentAndLength() {
        let abc = SecureBytes(copying: Array("abc".utf8))
        #expect(SecretPrompt.haveSameBytes(abc, SecureBytes(copying: Array("abc".utf8))))
        #expect(!SecretPrompt.haveSameBytes(abc, SecureBytes(copying: Array("abd".utf8))))
        #expect(!SecretPrompt.haveSameBytes(abc, SecureBytes(copying: Array("abcd".utf8))))
        #expect(SecretPrompt.haveSameBytes(SecureBytes(count: 0), SecureBytes(count: 0)))
    }
}
