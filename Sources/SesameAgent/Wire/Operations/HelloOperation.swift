import Foundation
import Glibc
import SesameAgentLink
import SesameAutoFill
import SesameCrypto

/// `hello`: the first message of every connection, once: the protocol versions the client speaks and its name
/// for logs; the agent answers with the version chosen, its name and version, and its pid (a `hello` frame).
/// The connection's greeting performs it; a second hello ends the connection.
enum HelloOperation: ConnectionOperation {
    static let name = "hello"
    static let policy = OperationPolicy.plain
    static let replyKind = WireReply.Kind.hello
    static let needsVault = false

    struct Request: Codable, Sendable, Equatable {
        var versions: [Int]?
        var client: String?

        enum CodingKeys: String, CodingKey {
            case versions = "versions", client = "client"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var version: Int
        var agent: String
        var pid: Int32

        enum CodingKeys: String, CodingKey {
            case version = "version", agent = "agent", pid = "pid"
        }
    }

    /// Chooses the newest version both speak, or refuses a client that speaks none of the agent's.
    static func perform(_ request: Request, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let offered = Set(request.versions ?? [])
        guard let version = AgentProtocol.supportedVersions.filter(offered.contains).max() else {
            let spoken = AgentProtocol.supportedVersions.map(String.init).joined(separator: ", ")
            throw ServiceFailure(
                .protocolError,
                "The running agent speaks protocol version \(spoken), this client \(offered.sorted().map(String.init).joined(separator: ", ")); stop it with 'sesame agent --stop' and try again.")
        }
        return Reply(version: version, agent: connection.server.configuration.agentName, pid: getpid())
    }
}
