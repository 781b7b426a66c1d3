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
    public var hasOneTimeCode: Bool {
        get { oneTimeCodeMark == true }
        set { oneTimeCodeMark = newValue ? true : nil }
    }
    /// Stored as nil rather than false, so the wire carries `"hasOneTimeCode":true` only when it is, and a row
    /// without a code is the bytes it always was.
    private var oneTimeCodeMark: Bool?

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
        case id, title, username, url, match, samePort, lastUsed
        case oneTimeCodeMark = "hasOneTimeCode"
    }
}
