/// Why a sequence cannot be used, with the character position (counted from 1) where the problem starts.
public struct AutoTypeSequenceError: Error, Sendable, Equatable, CustomStringConvertible {
    public var position: Int
    public var reason: String

    public init(position: Int, reason: String) {
        self.position = position
        self.reason = reason
    }

    public var description: String { "The Auto-Type sequence is not valid at character \(position): \(reason)." }
}
