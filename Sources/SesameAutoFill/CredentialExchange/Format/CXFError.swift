/// Why a whole CXF file cannot be read: malformed JSON, a budget it passes, a version Sesame does not read. The
/// message is one sentence for the user; it names the place (a byte offset, an item) or the limit, never a value
/// from the file, which may be a secret.
public struct CXFError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
