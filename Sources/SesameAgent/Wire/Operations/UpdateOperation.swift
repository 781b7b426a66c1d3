import Foundation
import SesameAutoFill
import SesameCrypto

/// `update`: applies an edit to the item's current version inside the vault's write transaction; answers the item
/// without its secrets.
enum UpdateOperation: AgentOperation {
    static let name = "update"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var itemID: UUID
        var change: WireItemChange

        enum CodingKeys: String, CodingKey {
            case itemID = "itemID", change = "change"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireItemViewReply
    {
        WireItemViewReply(view: WireItemView(try vault.update(request.itemID, try request.change.change())))
    }
}
