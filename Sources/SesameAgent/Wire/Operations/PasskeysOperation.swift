import Foundation
import SesameAutoFill
import SesameCrypto

/// `passkeys`: every passkey of the vault's active items, without private keys (`sesame passkey list`).
enum PasskeysOperation: AgentOperation {
    static let name = "passkeys"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var passkeys: [WirePasskeyListing]

        enum CodingKeys: String, CodingKey {
            case passkeys = "passkeys"
        }
    }

    static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(passkeys: try vault.passkeys().map(WirePasskeyListing.init))
    }
}
