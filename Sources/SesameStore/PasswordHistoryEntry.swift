import Foundation

/// A password an item used before, and when it stopped being current.
public struct PasswordHistoryEntry: Codable, Sendable, Equatable, Hashable {
    public var password: String
    public var replaced: Date

    public init(password: String, replaced: Date) {
        self.password = password
        self.replaced = replaced
    }
}
