/// A failure to report to the user: one sentence and the status to exit with.
///
/// The message is printed as `Error: <message>` on standard error by ``exit(with:)``. It must never contain a
/// secret: name the item or the file, not its contents.
///
/// ```swift
/// throw CLIError("The master password is wrong.", status: .wrongPassword)
/// throw CLIError("No item matches 'github.com'.")
/// ```
public struct CLIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence, ending with a period, without the `Error:` prefix.
    public var message: String
    /// The status to exit with; ``ExitStatus/failure`` unless said otherwise.
    public var status: ExitStatus

    /// Creates an error with a message for the user and the status to exit with.
    public init(_ message: String, status: ExitStatus = .failure) {
        self.message = message
        self.status = status
    }

    public var description: String { message }
}
