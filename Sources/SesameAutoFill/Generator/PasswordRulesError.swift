/// Why a password rules text could not be read: one sentence naming the place (1-based character position).
public struct PasswordRulesError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var position: Int

    public init(_ message: String, at position: Int) {
        self.message = message
        self.position = position
    }

    public var description: String { "Password rules: \(message) at character \(position)." }
}
