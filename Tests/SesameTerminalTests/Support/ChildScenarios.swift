import Foundation
import Glibc
import SesameCrypto
import SesameTerminal
import Testing

/// What a child process started by `ChildProcess` does, chosen by name through the environment.
///
/// Prompt scenarios report on descriptor 3, one line per result: `ok <hex of the secret>` or
/// `error <code> <message>`. Exit scenarios first move descriptors 3 and 4 onto standard output and standard error,
/// then call the code under test, which ends the process. Every scenario ends the process itself, so the test
/// harness in the child never reports anything.
enum ChildScenarios: String {
    case prompt
    case promptConfirmed
    case promptWithStandardInputPiped
    case noTerminal
    case exitUsageError
    case exitHelp
    case exitVersion
    case exitCLIError
    case exitSilently
    case exitAfterOutput

    static let resultDescriptor: Int32 = 3

    func run() -> Never {
        switch self {
        case .prompt:
            report { try SecretPrompt.read(prompt: "Secret: ") }
            exit(0)
        case .promptConfirmed:
            report { try SecretPrompt.readConfirmed(prompt: "New password: ", confirmPrompt: "Again: ") }
            exit(0)
        case .promptWithStandardInputPiped:
            report { try SecretPrompt.read(prompt: "Secret: ") }
            report { try StdinSecrets().next(expecting: "a line") }
            exit(0)
        case .noTerminal:
            reportLine("available \(SecretPrompt.isTerminalAvailable)")
            report { try SecretPrompt.read(prompt: "Secret: ") }
            exit(0)
        case .exitUsageError:
            takeOverStandardStreams()
            _ = SampleSpecs.rename.parseOrExit(["a", "--foo=hunter2"], commandPath: "sesame rename")
        case .exitHelp:
            takeOverStandardStreams()
            _ = SampleSpecs.remove.parseOrExit(["x", "--help"], commandPath: "sesame remove")
        case .exitVersion:
            takeOverStandardStreams()
            _ = SampleSpecs.sesame.parseOrExit(["--version"])
        case .exitCLIError:
            takeOverStandardStreams()
            exit(with: CLIError("The master password is wrong.", status: .wrongPassword))
        case .exitSilently:
            takeOverStandardStreams()
            exit(with: ExitStatus.failure)
        case .exitAfterOutput:
            takeOverStandardStreams()
            // Buffered standard output must come out complete and in order when the process exits.
            print("before")
            try? printJSON(["url": "https://example.com/login"])
            Terminal.writeToStandardError("Warning: something\n")
            exit(.success)
        }
        Issue.record("Scenario \(self) returned")
        exit(99)
    }

    private func report(_ read: () throws -> SecureBytes) {
        do {
            let secret = try read()
            let hex = secret.withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
            reportLine("ok \(hex)")
        } catch let error as SecretInputError {
            reportLine("error \(error.code) \(error.message)")
        } catch {
            reportLine("unexpected \(error)")
        }
    }

    private func reportLine(_ line: String) {
        var line = line + "\n"
        line.withUTF8 { _ = write(Self.resultDescriptor, $0.baseAddress!, $0.count) }
    }

    /// Descriptors 3 and 4 become standard output and standard error, after flushing the harness's output.
    private func takeOverStandardStreams() {
        fflush(nil)
        dup2(3, STDOUT_FILENO)
        dup2(4, STDERR_FILENO)
        close(3)
        close(4)
    }
}
