import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// `browserOneTimeCode`: the current one-time code of a login the page was offered, for an extension the user
/// associated; absent when the login has none.
enum BrowserOneTimeCodeOperation: AgentOperation {
    static let name = "browserOneTimeCode"
    static let policy = OperationPolicy(secretsOut: .oneTimeCode, secretFrames: 0, needsMasterPassword: false)

    struct Request: Codable, Sendable, Equatable {
        var browserCode: Query

        enum CodingKeys: String, CodingKey {
            case browserCode = "browserCode"
        }
    }

    /// Which login (an id `browserLogins` offered), for which page, by which association.
    struct Query: Codable, Sendable, Equatable {
        var url: String
        var submitURL: String?
        var itemID: UUID
        var key: WireBrowserKey

        enum CodingKeys: String, CodingKey {
            case url = "url", submitURL = "submitURL", itemID = "itemID", key = "key"
        }

        init(_ query: BrowserOneTimeCodeQuery) {
            url = query.url
            submitURL = query.submitURL
            itemID = query.itemID
            key = WireBrowserKey(query.key)
        }

        var query: BrowserOneTimeCodeQuery {
            BrowserOneTimeCodeQuery(url: url, submitURL: submitURL, itemID: itemID, key: key.browserKey)
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var oneTimeCode: WireOneTimeCode?

        enum CodingKeys: String, CodingKey {
            case oneTimeCode = "oneTimeCode"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(oneTimeCode: try browsers(vault).browserOneTimeCode(request.browserCode.query).map(WireOneTimeCode.init))
    }
}
