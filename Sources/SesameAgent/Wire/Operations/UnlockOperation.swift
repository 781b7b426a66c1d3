import Foundation
import SesameAutoFill
import SesameCrypto

/// `unlock`: opens the vault with the master password, which follows in its own secret frame (read before the
/// vault is open, throttled), and holds it unlocked until the idle timeout.
enum UnlockOperation: ConnectionOperation {
    static let name = "unlock"
    static let policy = OperationPolicy(secretsOut: .none, secretFrames: 1, needsMasterPassword: true)
    static let replyKind = WireReply.Kind.status

    struct Request: Codable, Sendable, Equatable {
        /// Seconds without use before the agent locks; the agent's default when absent.
        var idleTimeout: Double?

        enum CodingKeys: String, CodingKey {
            case idleTimeout = "idleTimeout"
        }
    }

    static func perform(_ request: Request, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireStatusReply
    {
        WireStatusReply(try connection.server.core.unlock(
            vault: vault ?? "", password: secrets[0], idleTimeout: request.idleTimeout))
    }
}
