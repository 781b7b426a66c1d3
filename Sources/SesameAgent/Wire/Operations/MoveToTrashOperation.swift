import Foundation
import SesameAutoFill
import SesameCrypto

/// `moveToTrash`: moves the item to the trash.
enum MoveToTrashOperation: AgentOperation {
    static let name = "moveToTrash"
    static let policy = OperationPolicy.plain

    static func perform(_ request: WireItemID, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> NoFields
    {
        try vault.moveToTrash(request.itemID)
        return NoFields()
    }
}
