import Foundation
import SesameAutoFill
import SesameCrypto
import SesameSecretAttributes
import SesameStore

/// `storeAttributed`: stores a Secret Service client's item (title, password, attributes), or with `replace` gives
/// the item with exactly those attributes the new title and password; answers the item without its secret.
enum StoreAttributedOperation: AgentOperation {
    static let name = "storeAttributed"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var item: WireItem
        var replace: Bool?

        enum CodingKeys: String, CodingKey {
            case item = "item", replace = "replace"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireAttributedItemReply
    {
        WireAttributedItemReply(attributedItem: WireAttributedItem(
            try vault.storeAttributed(request.item.item, replace: request.replace ?? false)))
    }
}
