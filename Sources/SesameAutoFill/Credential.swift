import Foundation

/// What a provider hands over for a login form: user name and password (`ASPasswordCredential`), with the
/// record identifier it came from.
public struct Credential: Codable, Sendable, Equatable {
    public var id: UUID
    public var username: String
    public var password: String
    /// When the password stops being valid, if the item says so.
    public var expires: Date?

    public init(id: UUID, username: String, password: String, expires: Date? = nil) {
        self.id = id
        self.username = username
        self.password = password
        self.expires = expires
    }
}

extension Credential: CustomStringConvertible {
    public var description: String { "Credential(\(id.uuidString.lowercased()), redacted)" }
}
