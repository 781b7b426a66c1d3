import Foundation
import SesameAutoFill
import SesameCrypto

/// `removeEquivalents`: removes the domains (or URLs) from their groups; without `domains`, every group.
enum RemoveEquivalentsOperation: AgentOperation {
    static let name = "removeEquivalents"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var domains: [String]?

        enum CodingKeys: String, CodingKey {
            case domains = "domains"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireEquivalentsChangeReply
    {
        WireEquivalentsChangeReply(try vault.removeEquivalents(request.domains))
    }
}
