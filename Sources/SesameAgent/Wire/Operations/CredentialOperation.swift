import Foundation
import SesameAutoFill
import SesameCrypto

/// `credential`: the credential behind a record the system handed back, recording its use.
enum CredentialOperation: AgentOperation {
    static let name = "credential"
    static let policy = OperationPolicy.oneItem

    struct Reply: Codable, Sendable, Equatable {
        var credential: WireCredential

        enum CodingKeys: String, CodingKey {
            case credential = "credential"
        }
    }

    static func perform(_ request: WireItemID, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(credential: WireCredential(try vault.credential(for: request.itemID)))
    }
}
