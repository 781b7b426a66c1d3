import Foundation
import SesameAutoFill
import SesameCrypto

/// `oneTimeCode`: one item's current one-time code, computed in the agent from the item's secret, which stays there
/// (the `sesame` front's `totp`; no `UnlockedVault` method sends it).
enum OneTimeCodeOperation: AgentOperation {
    static let name = "oneTimeCode"
    static let policy = OperationPolicy.oneItem

    struct Reply: Codable, Sendable, Equatable {
        var oneTimeCode: WireOneTimeCode

        enum CodingKeys: String, CodingKey {
            case oneTimeCode = "oneTimeCode"
        }
    }

    static func perform(_ request: WireItemID, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(oneTimeCode: WireOneTimeCode(try vault.oneTimeCode(for: request.itemID)))
    }
}
