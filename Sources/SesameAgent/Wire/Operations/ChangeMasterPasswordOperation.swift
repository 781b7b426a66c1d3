import Foundation
import SesameAutoFill
import SesameCrypto

/// `changeMasterPassword`: the current and the new master password follow in two secret frames (never JSON); the
/// agent re-verifies the current one behind its throttle.
enum ChangeMasterPasswordOperation: AgentOperation {
    static let name = "changeMasterPassword"
    static let policy = OperationPolicy(secretsOut: .none, secretFrames: 2, needsMasterPassword: true)

    /// New Argon2id settings, if any.
    struct Request: Codable, Sendable, Equatable {
        var kdfMemoryMiB: Int?
        var kdfPasses: Int?

        enum CodingKeys: String, CodingKey {
            case kdfMemoryMiB = "kdfMemoryMiB", kdfPasses = "kdfPasses"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> NoFields
    {
        try vault.changeMasterPassword(
            current: secrets[0], new: secrets[1], kdfMemoryMiB: request.kdfMemoryMiB, kdfPasses: request.kdfPasses)
        return NoFields()
    }
}
