import Foundation
import SesameAutoFill
import SesameAutoType
import SesameCrypto

/// `autoTypeCandidates`: the items Auto-Type could type into a window (by its rules, else by the site its title
/// names or the caller knows), without secrets.
enum AutoTypeCandidatesOperation: AgentOperation {
    static let name = "autoTypeCandidates"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var window: WireAutoTypeWindow
        var site: String?

        enum CodingKeys: String, CodingKey {
            case window = "window", site = "site"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var autoTypeCandidates: [WireAutoTypeCandidate]

        enum CodingKeys: String, CodingKey {
            case autoTypeCandidates = "autoTypeCandidates"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(autoTypeCandidates: try vault.autoTypeCandidates(for: request.window.window, site: request.site)
            .map(WireAutoTypeCandidate.init))
    }
}
