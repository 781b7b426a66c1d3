import Foundation
import SesameAutoFill
import SesameCrypto

/// `syncConflicts`: every item in conflict, each version with what people recognise it by and where it differs,
/// without secret values (`sesame conflicts`).
enum SyncConflictsOperation: AgentOperation {
    static let name = "syncConflicts"
    static let policy = OperationPolicy.plain

    /// `conflicts` is still the core's `ConflictSummary`: the client must hand its callers that type, and the core
    /// offers no initializer from its parts (only from a vault's `SyncConflict`) that a wire type could convert
    /// back through.
    struct Reply: Codable, Sendable, Equatable {
        var conflicts: [ConflictSummary]

        enum CodingKeys: String, CodingKey {
            case conflicts = "conflicts"
        }
    }

    static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(conflicts: try conflictService(vault).syncConflicts())
    }

    static func conflictService(_ vault: any UnlockedVault) throws(ServiceFailure) -> any SyncConflictService {
        try feature(vault, (any SyncConflictService).self, missing: "This vault service does not keep sync conflicts.")
    }
}
