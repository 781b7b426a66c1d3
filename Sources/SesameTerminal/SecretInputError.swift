import Glibc

/// Why a secret could not be read from the terminal or standard input.
///
/// Messages describe what went wrong and what to do, never what was typed. Compare errors by ``code``:
///
/// ```swift
/// do { password = try SecretPrompt.read(prompt: "Master password: ") }
/// catch where error.code == .noTerminal { … }
/// ```
public struct SecretInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Sendable, Equatable {
        /// There is no controlling terminal to prompt on (`/dev/tty` cannot be opened).
        case noTerminal
        /// The two entries of a confirmed prompt differ.
        case mismatch
        /// Input ended before the expected line.
        case endOfInput
        /// A signal interrupted the prompt, and did not end the process.
        case interrupted
        /// The line is longer than ``SecretPrompt/maximumLength`` bytes.
        case tooLong
        /// A system call failed.
        case readFailed
    }

    /// The kind of failure.
    public let code: Code
    /// One sentence for the user.
    public let message: String

    /// Creates an error; the static members cover the usual cases.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// No terminal to prompt on; `secretName` says what was being asked for, for example "the master password".
    public static func noTerminal(for secretName: String) -> SecretInputError {
        SecretInputError(code: .noTerminal, message: "No terminal to ask for \(secretName); use --password-stdin.")
    }

    /// The two entries of a confirmed prompt differ.
    public static let mismatch = SecretInputError(code: .mismatch, message: "The passwords do not match.")

    /// Standard input ended before the line with `secretName` on it.
    public static func endOfStandardInput(expecting secretName: String) -> SecretInputError {
        SecretInputError(code: .endOfInput, message: "Expected \(secretName) on standard input.")
    }

    /// The user ended the terminal input (Ctrl-D) without entering anything.
    public static let endOfTerminalInput = SecretInputError(
        code: .endOfInput, message: "Nothing was entered at the prompt.")

    /// A signal such as SIGINT stopped the prompt.
    public static let interrupted = SecretInputError(code: .interrupted, message: "The prompt was interrupted.")

    /// The line did not fit.
    public static let tooLong = SecretInputError(
        code: .tooLong, message: "The secret is longer than \(SecretPrompt.maximumLength) bytes.")

    /// The line on standard input meant to hold `secretName` is too long; nothing after its first
    /// ``SecretPrompt/maximumLength`` + 1 bytes was read.
    public static func tooLong(onStandardInput secretName: String) -> SecretInputError {
        SecretInputError(
            code: .tooLong,
            message: "\(secretName.prefix(1).uppercased() + secretName.dropFirst()) on standard input is longer than "
                + "\(SecretPrompt.maximumLength) bytes.")
    }

    /// `operation` failed with `errorNumber`.
    static func readFailed(_ operation: String, errorNumber: Int32) -> SecretInputError {
        let reason = String(cString: strerror(errorNumber))
        return SecretInputError(code: .readFailed, message: "Could not read the secret: \(operation): \(reason).")
    }
}
