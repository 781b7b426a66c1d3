import Foundation
import SesameAutoFill
import SesameCrypto

/// `searchAttributes`: the active items whose lookup attributes include every pair asked for (all when none).
enum SearchAttributesOperation: AgentOperation {
    static let name = "searchAttributes"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var attributes: [String: String]

        enum CodingKeys: String, CodingKey {
            case attributes = "attributes"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var attributedItems: [WireAttributedItem]

        enum CodingKeys: String, CodingKey {
            case attributedItems = "attributedItems"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(attributedItems: try vault.searchAttributes(request.attributes).map(WireAttributedItem.init))
    }
}
