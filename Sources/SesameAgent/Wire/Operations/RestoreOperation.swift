import Foundation
import SesameAutoFill
import SesameCrypto

/// `restore`: brings the item back from the trash.
enum RestoreOperation: AgentOperation {
    static let name = "restore"
    static let policy = OperationPolicy.plain

    static func perform(_ request: WireItemID, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> NoFields
    {
        try vault.restore(request.itemID)
        return NoFields()
    }
}
