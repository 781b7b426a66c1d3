import Foundation
import SesameAutoFill
import SesameCrypto

/// `vaultStatus`: the vault's counts and key-derivation settings (`sesame status`).
enum VaultStatusOperation: AgentOperation {
    static let name = "vaultStatus"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var vaultStatus: Status

        enum CodingKeys: String, CodingKey {
            case vaultStatus = "vaultStatus"
        }
    }

    struct Status: Codable, Sendable, Equatable {
        var path: String
        var items: Int
        var trashed: Int
        var kdfMemoryMiB: Int
        var kdfPasses: Int

        enum CodingKeys: String, CodingKey {
            case path = "path", items = "items", trashed = "trashed", kdfMemoryMiB = "kdfMemoryMiB", kdfPasses = "kdfPasses"
        }
    }

    static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let status = try vault.status()
        return Reply(vaultStatus: Status(
            path: status.path, items: status.items, trashed: status.trashed, kdfMemoryMiB: status.kdfMemoryMiB,
            kdfPasses: status.kdfPasses))
    }
}

extension VaultStatusOperation.Reply {
    var status: VaultStatus {
        VaultStatus(path: vaultStatus.path, items: vaultStatus.items, trashed: vaultStatus.trashed,
                    kdfMemoryMiB: vaultStatus.kdfMemoryMiB, kdfPasses: vaultStatus.kdfPasses)
    }
}
