import Foundation
import SesameAutoFill
import SesameCrypto

/// `syncConflicts`: every item in conflict, each version with what people recognise it by and where it differs,
/// without secret values (`sesame conflicts`).
enum SyncConflictsOperation: AgentOperation {
    static let name = "syncConflicts"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var conflicts: [WireConflictSummary]

        enum CodingKeys: String, CodingKey {
            case conflicts = "conflicts"
        }
    }

    static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(conflicts: try conflictService(vault).syncConflicts().map(WireConflictSummary.init))
    }

    static func conflictService(_ vault: any UnlockedVault) throws(ServiceFailure) -> any SyncConflictService {
        try feature(vault, (any SyncConflictService).self, missing: "This vault service does not keep sync conflicts.")
    }
}
