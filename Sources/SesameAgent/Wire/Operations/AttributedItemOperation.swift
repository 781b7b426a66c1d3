import Foundation
import SesameAutoFill
import SesameCrypto
import SesameSecretAttributes

/// `attributedItem`: one active item as Secret Service clients see it.
enum AttributedItemOperation: AgentOperation {
    static let name = "attributedItem"
    static let policy = OperationPolicy.plain

    static func perform(_ request: WireItemID, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireAttributedItemReply
    {
        WireAttributedItemReply(attributedItem: WireAttributedItem(try vault.attributedItem(request.itemID)))
    }
}
