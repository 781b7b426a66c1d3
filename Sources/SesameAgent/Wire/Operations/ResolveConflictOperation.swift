import Foundation
import SesameAutoFill
import SesameCrypto

/// `resolveConflict`: keeps one version of an item in conflict, which becomes a new change of this device.
enum ResolveConflictOperation: AgentOperation {
    static let name = "resolveConflict"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var conflictChoice: Choice

        enum CodingKeys: String, CodingKey {
            case conflictChoice = "conflictChoice"
        }
    }

    /// The version to keep: its item and the sync operation (device, counter) that wrote it.
    struct Choice: Codable, Sendable, Equatable {
        var itemID: UUID
        var device: UUID
        var counter: UInt64

        enum CodingKeys: String, CodingKey {
            case itemID = "itemID", device = "device", counter = "counter"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> NoFields
    {
        let conflicts = try SyncConflictsOperation.conflictService(vault)
        let choice = request.conflictChoice
        try conflicts.resolveConflict(ConflictChoice(itemID: choice.itemID, device: choice.device, counter: choice.counter))
        return NoFields()
    }
}
