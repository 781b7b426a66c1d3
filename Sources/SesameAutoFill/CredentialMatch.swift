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
    /// The login has a one-time code (never the code or its secret): the row the one-time-code list and text
    /// insertion offer it in, known without decrypting the item a second time.
    public var hasOneTimeCode: Bool

    public init(id: UUID, title: String, username: String, url: String, match: MatchKind, samePort: Bool = true,
                lastUsed: Date? = nil, hasOneTimeCode: Bool = false) {
        self.id = id
        self.title = title
        self.username = username
        self.url = url
        self.match = match
        self.samePort = samePort
        self.lastUsed = lastUsed
        self.hasOneTimeCode = hasOneTimeCode
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, username, url, match, samePort, lastUsed, hasOneTimeCode
    }

    /// `hasOneTimeCode` goes on the wire only when true, so a row without a code is the bytes it always was.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        username = try container.decode(String.self, forKey: .username)
        url = try container.decode(String.self, forKey: .url)
        match = try container.decode(MatchKind.self, forKey: .match)
        samePort = try container.decode(Bool.self, forKey: .samePort)
        lastUsed = try container.decodeIfPresent(Date.self, forKey: .lastUsed)
        hasOneTimeCode = try container.decodeIfPresent(Bool.self, forKey: .hasOneTimeCode) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(username, forKey: .username)
        try container.encode(url, forKey: .url)
        try container.encode(match, forKey: .match)
        try container.encode(samePort, forKey: .samePort)
        try container.encodeIfPresent(lastUsed, forKey: .lastUsed)
        if hasOneTimeCode { try container.encode(true, forKey: .hasOneTimeCode) }
    }
}
