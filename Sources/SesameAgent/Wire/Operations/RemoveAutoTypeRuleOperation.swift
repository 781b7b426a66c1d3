import Foundation
import SesameAutoFill
import SesameAutoTypeRules
import SesameCrypto

/// `removeAutoTypeRule`: removes the rule a reference names (its id or its first 4+ characters) and answers it.
enum RemoveAutoTypeRuleOperation: AgentOperation {
    static let name = "removeAutoTypeRule"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var reference: String

        enum CodingKeys: String, CodingKey {
            case reference = "reference"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireAutoTypeRuleReply
    {
        WireAutoTypeRuleReply(autoTypeRule: WireAutoTypeRule(try vault.removeAutoTypeRule(request.reference)))
    }
}
