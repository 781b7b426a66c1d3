import Foundation
import SesameAutoFill
import SesameCrypto

/// `lookupSiteCredential`: the best credential stored for a site as a program outside a browser names it (git's
/// `get`); no `siteCredential` in the reply when none is.
enum LookupSiteCredentialOperation: AgentOperation {
    static let name = "lookupSiteCredential"
    static let policy = OperationPolicy.oneItem

    struct Request: Codable, Sendable, Equatable {
        var query: WireSiteCredentialQuery

        enum CodingKeys: String, CodingKey {
            case query = "query"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var siteCredential: WireSiteCredentialMatch?

        enum CodingKeys: String, CodingKey {
            case siteCredential = "siteCredential"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(siteCredential: try vault.lookupSiteCredential(request.query.query).map(WireSiteCredentialMatch.init))
    }
}
