import Foundation
import SesameAutoFill
import SesameAutoTypeRules
import SesameCrypto

/// `addAutoTypeRule`: stores a new Auto-Type rule and answers it as stored.
enum AddAutoTypeRuleOperation: AgentOperation {
    static let name = "addAutoTypeRule"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var rule: WireAutoTypeRule

        enum CodingKeys: String, CodingKey {
            case rule = "rule"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireAutoTypeRuleReply
    {
        WireAutoTypeRuleReply(autoTypeRule: WireAutoTypeRule(try vault.addAutoTypeRule(request.rule.rule)))
    }
}
