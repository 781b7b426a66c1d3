import Foundation
import SesameAutoFill
import SesameCrypto

/// `delete`: deletes the item (a tombstone stays for sync).
enum DeleteOperation: AgentOperation {
    static let name = "delete"
    static let policy = OperationPolicy.plain

    static func perform(_ request: WireItemID, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> NoFields
    {
        try vault.delete(request.itemID)
        return NoFields()
    }
}
