import Glibc
import SesameCrypto

/// Reads secrets from standard input, one per line, for `--password-stdin` and scripts.
///
/// Lines are read on demand, byte by byte, so nothing beyond the requested line is consumed: a later reader of
/// standard input (or a second ``next(expecting:)``) continues exactly at the following line. Each line goes
/// straight into ``SecureBytes``; the trailing `\n` or `\r\n` is removed. A last line without a newline counts.
/// A line longer than ``SecretPrompt/maximumLength`` bytes is refused as soon as it overflows, without reading on
/// to its end; every later ``next(expecting:)`` then fails too, since where the next line starts is unknown.
///
/// Standard input that is a terminal echoes what is typed; prefer ``SecretPrompt`` there.
///
/// ```swift
/// let input = StdinSecrets()
/// let master = try input.next(expecting: "the master password")
/// let newPassword = try input.next(expecting: "the new password")
/// ```
public final class StdinSecrets {
    /// The descriptor read from; standard input unless a test says otherwise.
    public let fileDescriptor: Int32
    private var reachedEnd = false
    private var overflowed = false

    /// Reads from `fileDescriptor`, standard input by default.
    public init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.fileDescriptor = fileDescriptor
    }

    /// The next line.
    ///
    /// - Parameter secretName: What the line should hold, for the error message, for example
    ///   "the master password".
    /// - Throws: ``SecretInputError`` with code `.endOfInput` ("Expected the master password on standard input.")
    ///   when input ends first, `.tooLong` ("The master password on standard input is longer than 16384 bytes.")
    ///   or `.readFailed`.
    public func next(expecting secretName: String) throws(SecretInputError) -> SecureBytes {
        guard !overflowed else { throw .tooLong(onStandardInput: secretName) }
        let line: SecureBytes?
        do {
            // After end of input a terminal would wait for more; a pipe would say "end" again. Say it now.
            line = reachedEnd ? nil : try SecretLineReader(fd: fileDescriptor).readLine()
        } catch {
            guard error.code == .tooLong else { throw error }
            overflowed = true
            throw .tooLong(onStandardInput: secretName)
        }
        guard let line else {
            reachedEnd = true
            throw .endOfStandardInput(expecting: secretName)
        }
        return line
    }
}
