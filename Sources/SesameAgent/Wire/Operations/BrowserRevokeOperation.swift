import Foundation
import SesameAutoFill
import SesameCrypto

/// `browserRevoke`: forgets a browser's association by its name.
enum BrowserRevokeOperation: AgentOperation {
    static let name = "browserRevoke"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var name: String

        enum CodingKeys: String, CodingKey {
            case name = "name"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> NoFields
    {
        try browsers(vault).revokeBrowserAssociation(name: request.name)
        return NoFields()
    }
}
