import Foundation
import SesameAutoFill

/// Constants of the wire protocol between `sesame` clients and the agent (docs/agent-protocol.md).
public enum AgentProtocol {
    /// The protocol version this build speaks; a hello exchange agrees on it before anything else.
    public static let version = 1
    /// Every version this build can speak, oldest first.
    public static let supportedVersions = [1]
    /// The largest frame the agent reads from a client: 16 MiB. Larger frames close the connection.
    public static let maximumRequestFrame = 16 * 1024 * 1024
    /// The largest frame a client reads from the agent: 256 MiB (a list of a very large vault). The agent is
    /// trusted more than a client: it runs as the same user and was checked with `SO_PEERCRED`.
    public static let maximumReplyFrame = 256 * 1024 * 1024
    /// The largest secret frame (the master password after an unlock message): 64 KiB.
    public static let maximumSecretFrame = 64 * 1024
}

/// What the agent reports about itself: `sesame status`.
public struct AgentStatus: Codable, Sendable, Equatable {
    /// The agent's process id.
    public var pid: Int32
    /// The vault the agent holds unlocked, or held last; nil before the first unlock.
    public var vault: String?
    /// Whether the agent holds `vault` unlocked right now.
    public var isUnlocked: Bool
    /// Seconds without a request after which the agent locks itself.
    public var idleTimeout: TimeInterval
    /// Seconds left before the idle timeout locks the vault; nil when locked.
    public var timeLeft: TimeInterval?

    public init(pid: Int32, vault: String?, isUnlocked: Bool, idleTimeout: TimeInterval, timeLeft: TimeInterval?) {
        self.pid = pid
        self.vault = vault
        self.isUnlocked = isUnlocked
        self.idleTimeout = idleTimeout
        self.timeLeft = timeLeft
    }

    enum CodingKeys: String, CodingKey {
        case pid, vault, isUnlocked = "unlocked", idleTimeout, timeLeft
    }
}

// MARK: - Messages

/// A message from a client to the agent: `{"type": …, "id": …, …}`. An `unlock` message is followed by one raw
/// frame holding the master password.
struct ClientMessage: Codable {
    enum Kind: String, Codable {
        case hello, vault, attach, unlock, lock, status, stop
    }

    var type: String
    var id: UInt64?
    /// hello: the protocol versions the client speaks.
    var versions: [Int]?
    /// hello: the client's name and version, for logs.
    var client: String?
    /// vault, attach, unlock: the absolute path of the vault the request is for.
    var vault: String?
    /// unlock: seconds of inactivity before the agent locks itself; the agent's default when absent.
    var idleTimeout: Double?
    /// vault: the request, in `VaultRequest`'s own `Codable` form, forwarded to the core untouched.
    var request: VaultRequest?

    var kind: Kind? { Kind(rawValue: type) }
}

/// The fields of a client message without its vault request: what the agent can still read when the request
/// itself is of a kind it does not know (a newer client).
struct ClientMessageHeader: Decodable {
    var type: String
    var id: UInt64?
}

/// A message from the agent to a client.
struct AgentMessage: Codable {
    enum Kind: String, Codable {
        case hello, response, status, error
    }

    var type: Kind
    var id: UInt64?
    /// hello: the chosen protocol version, the agent's name and version, its pid.
    var version: Int?
    var agent: String?
    var pid: Int32?
    /// response: the core's answer, in `VaultResponse`'s own `Codable` form.
    var response: VaultResponse?
    /// status: the agent's state after the request.
    var status: AgentStatus?
    /// error: what went wrong; `closing` says the agent closes the connection after this frame.
    var failure: ServiceFailure?
    var closing: Bool?

    static func hello(version: Int, agent: String, pid: Int32) -> AgentMessage {
        AgentMessage(type: .hello, version: version, agent: agent, pid: pid)
    }

    static func response(_ response: VaultResponse, id: UInt64?) -> AgentMessage {
        AgentMessage(type: .response, id: id, response: response)
    }

    static func status(_ status: AgentStatus, id: UInt64?) -> AgentMessage {
        AgentMessage(type: .status, id: id, status: status)
    }

    static func error(_ failure: ServiceFailure, id: UInt64?, closing: Bool) -> AgentMessage {
        AgentMessage(type: .error, id: id, failure: failure, closing: closing)
    }
}

/// JSON coders for the wire: Foundation's defaults, which round-trip every `Date` and `Data` exactly.
enum WireCoding {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        try JSONEncoder().encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            try JSONDecoder().decode(type, from: Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!),
                                                      count: buffer.count, deallocator: .none))
        }
    }
}
