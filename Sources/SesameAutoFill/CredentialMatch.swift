import Foundation

/// One row of the list a provider shows for a login form: which item, why it matched, never its password.
public struct CredentialMatch: Codable, Sendable, Equatable {
    public var id: UUID
    public var title: String
    public var username: String
    /// The stored URL that matched.
    public var url: String
    public var match: MatchKind
    /// False when the port differs from the form's: still offered, ranked below same-port matches.
    public var samePort: Bool
    public var lastUsed: Date?

    public init(id: UUID, title: String, username: String, url: String, match: MatchKind, samePort: Bool = true,
                lastUsed: Date? = nil) {
        self.id = id
        self.title = title
        self.username = username
        self.url = url
        self.match = match
        self.samePort = samePort
        self.lastUsed = lastUsed
    }
}
