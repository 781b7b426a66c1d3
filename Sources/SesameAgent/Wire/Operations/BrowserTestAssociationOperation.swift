import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// `browserTestAssociation`: whether an extension's association is stored (recording its use).
enum BrowserTestAssociationOperation: AgentOperation {
    static let name = "browserTestAssociation"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var browserKey: WireBrowserKey

        enum CodingKeys: String, CodingKey {
            case browserKey = "browserKey"
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
        Reply(matched: try browsers(vault).testBrowserAssociation(request.browserKey.browserKey))
    }
}
