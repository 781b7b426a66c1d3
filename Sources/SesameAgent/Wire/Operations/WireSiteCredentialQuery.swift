import Foundation
import SesameAutoFill

/// A site as programs outside a browser name it (git): protocol, host with its port, and optionally the path, the
/// user and, for a rejection, the password to match.
struct WireSiteCredentialQuery: Codable, Sendable, Equatable {
    var scheme: String
    var host: String
    var path: String?
    var username: String?
    var password: String?

    enum CodingKeys: String, CodingKey {
        case scheme = "scheme", host = "host", path = "path", username = "username", password = "password"
    }

    init(_ query: SiteCredentialQuery) {
        scheme = query.scheme
        host = query.host
        path = query.path
        username = query.username
        password = query.password
    }

    var query: SiteCredentialQuery {
        SiteCredentialQuery(scheme: scheme, host: host, path: path, username: username, password: password)
    }
}
