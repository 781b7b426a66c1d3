import Foundation
import SesameAutoFill
import SesameCrypto

/// `browserDatabaseHash`: the vault's stable id for KeePassXC-Browser.
enum BrowserDatabaseHashOperation: AgentOperation {
    static let name = "browserDatabaseHash"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var browserHash: String

        enum CodingKeys: String, CodingKey {
            case browserHash = "browserHash"
        }
    }

    static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(browserHash: try browsers(vault).browserDatabaseHash())
    }
}
