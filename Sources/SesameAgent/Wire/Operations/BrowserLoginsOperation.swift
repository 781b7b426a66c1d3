import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// `browserLogins`: the best logins of a page, passwords included, for an extension the user associated.
enum BrowserLoginsOperation: AgentOperation {
    static let name = "browserLogins"
    static let policy = OperationPolicy(secretsOut: .site, secretFrames: 0, needsMasterPassword: false)

    struct Request: Codable, Sendable, Equatable {
        var browserQuery: Query

        enum CodingKeys: String, CodingKey {
            case browserQuery = "browserQuery"
        }
    }

    /// The page, the form's target, and the associations the extension holds for this vault.
    struct Query: Codable, Sendable, Equatable {
        var url: String
        var submitURL: String?
        var keys: [WireBrowserKey]

        enum CodingKeys: String, CodingKey {
            case url = "url", submitURL = "submitURL", keys = "keys"
        }

        init(_ query: BrowserLoginQuery) {
            url = query.url
            submitURL = query.submitURL
            keys = query.keys.map(WireBrowserKey.init)
        }

        var query: BrowserLoginQuery { BrowserLoginQuery(url: url, submitURL: submitURL, keys: keys.map(\.browserKey)) }
    }

    struct Reply: Codable, Sendable, Equatable {
        var browserLogins: WireBrowserLogins

        enum CodingKeys: String, CodingKey {
            case browserLogins = "browserLogins"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(browserLogins: WireBrowserLogins(try browsers(vault).browserLogins(request.browserQuery.query)))
    }
}
