import Foundation
import SesameAutoFill
import SesameCrypto

/// `status`: the agent's state (`sesame status`).
enum StatusOperation: ConnectionOperation {
    static let name = "status"
    static let policy = OperationPolicy.plain
    static let replyKind = WireReply.Kind.status
    static let needsVault = false

    static func perform(_ request: NoFields, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireStatusReply
    {
        WireStatusReply(connection.server.core.status())
    }
}
