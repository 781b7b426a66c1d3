import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// `browserTestAssociation`: whether an extension's association is stored (recording its use).
enum BrowserTestAssociationOperation: AgentOperation {
    static let name = "browserTestAssociation"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var browserKey: Key

        enum CodingKeys: String, CodingKey {
            case browserKey = "browserKey"
        }
    }

    /// An association: the name the user gave it and the extension's public key (base64).
    struct Key: Codable, Sendable, Equatable {
        var id: String
        var key: String

        enum CodingKeys: String, CodingKey {
            case id = "id", key = "key"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var matched: Bool

        enum CodingKeys: String, CodingKey {
            case matched = "matched"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let key = BrowserKey(id: request.browserKey.id, key: request.browserKey.key)
        return Reply(matched: try browsers(vault).testBrowserAssociation(key))
    }
}
