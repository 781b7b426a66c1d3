import Foundation
import SesameAutoFill

/// One row of `match` on the wire: which item, why it matched, never its password.
struct WireCredentialMatch: Codable, Sendable, Equatable {
    var id: UUID
    var title: String
    var username: String
    var url: String
    /// `exact`, `host`, `subdomain`, `domain` or `equivalent`.
    var match: String
    var samePort: Bool
    var lastUsed: Date?
    /// Present (true) only when the login has a one-time code, so other rows keep their bytes.
    var hasOneTimeCode: Bool?

    enum CodingKeys: String, CodingKey {
        case id = "id", title = "title", username = "username", url = "url", match = "match", samePort = "samePort"
        case lastUsed = "lastUsed", hasOneTimeCode = "hasOneTimeCode"
    }

    init(_ match: CredentialMatch) {
        id = match.id
        title = match.title
        username = match.username
        url = match.url
        self.match = match.match.rawValue
        samePort = match.samePort
        lastUsed = match.lastUsed
        hasOneTimeCode = match.hasOneTimeCode ? true : nil
    }

    func credentialMatch() throws(ServiceFailure) -> CredentialMatch {
        guard let kind = MatchKind(rawValue: match) else {
            throw ServiceFailure(.protocolError, "The agent sent an unknown kind of match '\(match.prefix(64))'.")
        }
        return CredentialMatch(
            id: id, title: title, username: username, url: url, match: kind, samePort: samePort, lastUsed: lastUsed,
            hasOneTimeCode: hasOneTimeCode ?? false)
    }
}
