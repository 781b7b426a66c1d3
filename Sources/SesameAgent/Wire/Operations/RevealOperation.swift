import Foundation
import SesameAutoFill
import SesameCrypto

/// `reveal`: one item in full, secrets included (`show --reveal`, `edit`).
enum RevealOperation: AgentOperation {
    static let name = "reveal"
    static let policy = OperationPolicy.oneItem

    struct Reply: Codable, Sendable, Equatable {
        var revealed: WireItem

        enum CodingKeys: String, CodingKey {
            case revealed = "revealed"
        }
    }

    static func perform(_ request: WireItemID, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(revealed: WireItem(try vault.reveal(request.itemID)))
    }
}
