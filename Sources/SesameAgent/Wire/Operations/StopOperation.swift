import Foundation
import SesameAutoFill
import SesameCrypto

/// `stop`: locks, answers with the state, then ends the connection and the agent (`sesame agent --stop`).
enum StopOperation: ConnectionOperation {
    static let name = "stop"
    static let policy = OperationPolicy.plain
    static let replyKind = WireReply.Kind.status
    static let needsVault = false

    static func perform(_ request: NoFields, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireStatusReply
    {
        connection.server.logger.info("Stopping on request")
        return WireStatusReply(connection.server.core.lock())
    }

    static func replied(on connection: ServerConnection) -> Bool {
        connection.server.stop()
        return false
    }
}
