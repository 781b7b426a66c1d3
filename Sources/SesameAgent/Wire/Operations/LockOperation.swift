import Foundation
import SesameAutoFill
import SesameCrypto

/// `lock`: forgets the vault's key now.
enum LockOperation: ConnectionOperation {
    static let name = "lock"
    static let policy = OperationPolicy.plain
    static let replyKind = WireReply.Kind.status
    static let needsVault = false

    static func perform(_ request: NoFields, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireStatusReply
    {
        WireStatusReply(connection.server.core.lock())
    }
}
