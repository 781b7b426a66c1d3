import Foundation
import SesameAutoFill
import SesameCrypto

/// `rejectSiteCredentials`: moves the credentials a program reported as rejected to the trash (with a `password`
/// in the query, only those with that password) and answers their ids.
enum RejectSiteCredentialsOperation: AgentOperation {
    static let name = "rejectSiteCredentials"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var query: WireSiteCredentialQuery

        enum CodingKeys: String, CodingKey {
            case query = "query"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var itemIDs: [UUID]

        enum CodingKeys: String, CodingKey {
            case itemIDs = "itemIDs"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(itemIDs: try vault.rejectSiteCredentials(request.query.query))
    }
}
