import Foundation
import SesameAutoFill
import SesameCrypto

/// `importEquivalents`: merges groups (read from a shared-credentials list by the client) into the vault's.
enum ImportEquivalentsOperation: AgentOperation {
    static let name = "importEquivalents"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var groups: [WireEquivalentGroup]

        enum CodingKeys: String, CodingKey {
            case groups = "groups"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireEquivalentsChangeReply
    {
        WireEquivalentsChangeReply(try vault.importEquivalents(request.groups.map(\.group)))
    }
}
