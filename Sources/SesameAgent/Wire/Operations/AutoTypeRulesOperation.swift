import Foundation
import SesameAutoFill
import SesameCrypto

/// `autoTypeRules`: every Auto-Type rule of the vault.
enum AutoTypeRulesOperation: AgentOperation {
    static let name = "autoTypeRules"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var autoTypeRules: [WireAutoTypeRule]

        enum CodingKeys: String, CodingKey {
            case autoTypeRules = "autoTypeRules"
        }
    }

    static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(autoTypeRules: try vault.autoTypeRules().map(WireAutoTypeRule.init))
    }
}
