/// Why a whole file cannot be imported (a bad row is an ``ImportRejection`` instead). The message is one sentence
/// for the user and never quotes the file's secrets.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
