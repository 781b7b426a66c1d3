import Foundation
import SesameAutoFill
import SesameCrypto

/// `addEquivalents`: declares domains (or URLs) equivalent to each other.
enum AddEquivalentsOperation: AgentOperation {
    static let name = "addEquivalents"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var domains: [String]

        enum CodingKeys: String, CodingKey {
            case domains = "domains"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireEquivalentsChangeReply
    {
        WireEquivalentsChangeReply(try vault.addEquivalents(request.domains))
    }
}
