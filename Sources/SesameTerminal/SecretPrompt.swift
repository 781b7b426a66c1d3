import Glibc
import SesameCrypto
import SesameTerminalText

/// Asks for a secret on the controlling terminal without echoing it.
///
/// The prompt and the answer go through `/dev/tty`, never standard input or output, so they work while those are
/// pipes (`sesame get x | wl-copy`) and never end up in a file. Secrets never come from arguments or the
/// environment, where other processes can read them; for scripts, use ``StdinSecrets`` behind `--password-stdin`.
///
/// ```swift
/// let password: SecureBytes
/// do {
///     password = try SecretPrompt.read(prompt: "Master password: ")
/// } catch where error.code == .noTerminal {
///     throw CLIError(error.message)
/// }
/// ```
public enum SecretPrompt {
    /// The longest line accepted, in bytes (Linux terminals take 4095 characters per line anyway).
    public static let maximumLength = 16_384

    /// Whether there is a controlling terminal to prompt on (`/dev/tty` can be opened).
    public static var isTerminalAvailable: Bool {
        let fd = FileDescriptorIO.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    /// Writes `prompt` to the terminal and reads one line with echo off.
    ///
    /// Typing ahead before the prompt is discarded (`TCSAFLUSH`), as `getpass` does. The trailing newline (and
    /// `\r`) is removed. If Ctrl-C or another ending signal arrives, the terminal is restored before the process
    /// ends.
    ///
    /// - Parameters:
    ///   - prompt: For example `"Master password: "`.
    ///   - secretName: What is asked for, used in the error message when there is no terminal.
    /// - Returns: The line, in memory that is zeroed when released.
    /// - Throws: ``SecretInputError`` with code `.noTerminal` when there is no controlling terminal, `.endOfInput`
    ///   on Ctrl-D at an empty line, `.interrupted`, `.tooLong` or `.readFailed`.
    public static func read(
        prompt: String, secretName: String = "the master password"
    ) throws(SecretInputError) -> SecureBytes {
        let fd = FileDescriptorIO.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .noTerminal(for: secretName) }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { throw .noTerminal(for: secretName) }

        let line = try TerminalEchoGuard.withEchoOff(on: fd, saved: saved) { wasInterrupted throws(SecretInputError) in
            // Prompt only once echo is off (as getpass does): an answer typed at once must not be echoed.
            // Prompts quote titles and hosts; the terminal must show them, not obey them.
            FileDescriptorIO.writeAll(fd, TerminalText.singleLine(prompt))
            return try SecretLineReader(fd: fd).readLine(shouldStop: wasInterrupted)
        }
        guard let line else {
            // Ctrl-D echoes nothing, not even the newline.
            FileDescriptorIO.writeAll(fd, "\n")
            throw .endOfTerminalInput
        }
        return line
    }

    /// Asks twice and returns the secret only if both entries match, for choosing a new password. A mismatch is a
    /// typo, not a decision: it is told on the terminal and both are asked again, `tries` times in all (as
    /// passwd(1) does).
    ///
    /// - Throws: ``SecretInputError/mismatch`` ("The passwords do not match.") after the last try, and everything
    ///   ``read(prompt:secretName:)`` throws.
    public static func readConfirmed(
        prompt: String, confirmPrompt: String, secretName: String = "the master password", tries: Int = 3
    ) throws(SecretInputError) -> SecureBytes {
        for attempt in 1...max(1, tries) {
            let first = try read(prompt: prompt, secretName: secretName)
            let second = try read(prompt: confirmPrompt, secretName: secretName)
            if haveSameBytes(first, second) { return first }
            if attempt < tries { TerminalQuestion.tell("The passwords do not match; try again.\n") }
        }
        throw .mismatch
    }

    /// Compares without stopping at the first difference, so timing says nothing about where they differ.
    static func haveSameBytes(_ lhs: SecureBytes, _ rhs: SecureBytes) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                var difference: UInt8 = 0
                for index in 0..<left.count { difference |= left[index] ^ right[index] }
                return difference == 0
            }
        }
    }
}
