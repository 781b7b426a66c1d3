import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// `conflictVersions`: one item's versions in conflict, in full (secrets included, as `reveal` hands over one
/// item's): `sesame conflicts show --reveal`.
enum ConflictVersionsOperation: AgentOperation {
    static let name = "conflictVersions"
    static let policy = OperationPolicy.oneItem

    struct Reply: Codable, Sendable, Equatable {
        var conflictVersions: [WireItem]

        enum CodingKeys: String, CodingKey {
            case conflictVersions = "conflictVersions"
        }
    }

    static func perform(_ request: WireItemID, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(conflictVersions: try SyncConflictsOperation.conflictService(vault).conflictVersions(request.itemID).map(WireItem.init))
    }
}
