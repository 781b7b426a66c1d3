import Foundation
import SesameAutoFill
import SesameCrypto

/// `attach`: the agent's state, as a client that found it running sees it (sent right after the hello).
enum AttachOperation: ConnectionOperation {
    static let name = "attach"
    static let policy = OperationPolicy.plain
    static let replyKind = WireReply.Kind.status

    static func perform(_ request: NoFields, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireStatusReply
    {
        WireStatusReply(connection.server.core.attach(vault: vault ?? ""))
    }
}
