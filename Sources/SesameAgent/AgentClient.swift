import Foundation
import Glibc
import SesameAutoFill
import SesameCrypto

/// A connection to the agent. As a `VaultService` it sends each `VaultRequest` to the agent, which runs it
/// through the core with the vault key it holds, so code that uses a `VaultService` does not care where requests
/// go. It also unlocks, locks, reports and stops the agent.
///
/// Before sending anything the client checks what the agent checks: the socket folder is private and the process
/// at the other end runs as this user, so a master password never goes to someone else's socket.
///
/// ```swift
/// let agent = try AgentClient.connect(to: .resolve())
/// let status = try agent.unlock(vault: path, password: password, idleTimeout: 15 * 60)
/// agent.vault = path
/// let logins = try agent.list()
/// ```
///
/// Not thread-safe: one connection carries one request at a time. Open one client per thread.
public final class AgentClient: VaultService {
    public let location: AgentSocketLocation
    /// The agent's process id, from the hello exchange.
    public let agentPID: Int32
    /// The agent's name and version, such as `sesame 0.1.0`.
    public let agentName: String
    /// The protocol version agreed in the hello exchange.
    public let protocolVersion: Int
    /// The vault (absolute path) that ``perform(_:)`` sends requests for.
    public var vault: String?
    /// How long to wait for an answer. Generous: an unlock may wait out the throttle, and a list of a very
    /// large vault takes a while.
    public var replyTimeout: TimeInterval = 600

    private let socket: UnixSocket
    private var nextID: UInt64 = 1
    private var isBroken = false

    private init(location: AgentSocketLocation, socket: UnixSocket, hello: AgentMessage) {
        self.location = location
        self.socket = socket
        agentPID = hello.pid ?? 0
        agentName = hello.agent ?? "unknown"
        protocolVersion = hello.version ?? 0
    }

    /// Connects and says hello.
    ///
    /// - Throws: `AgentError` `.notRunning` when no agent answers (no socket, or a stale one), `.unsafeLocation`
    ///   when the socket folder is not private, `.wrongPeer` when another user's process answers,
    ///   `.protocolMismatch` or `.timedOut` when the hello exchange fails.
    public static func connect(
        to location: AgentSocketLocation = .resolve(), clientName: String = "sesame", timeout: TimeInterval = 5
    ) throws(AgentError) -> AgentClient {
        try location.verifyFolder()
        let socket: UnixSocket
        do throws(SystemCallError) {
            socket = try UnixSocket.connect(to: location.socketPath)
        } catch where error.code == ENOENT || error.code == ECONNREFUSED {
            throw AgentError(.notRunning, "No agent is running (\(location.socketPath)).")
        } catch where error.code == EACCES {
            throw AgentError(.unsafeLocation, "Permission denied on \(location.socketPath); it is not this user's agent.")
        } catch {
            throw AgentError(.system, "Cannot connect to \(location.socketPath): \(error).")
        }
        let peer: PeerCredentials
        do throws(SystemCallError) {
            peer = try socket.peerCredentials()
        } catch {
            throw AgentError(.system, "Cannot check who listens on \(location.socketPath): \(error).")
        }
        guard peer.uid == getuid() else {
            throw AgentError(.wrongPeer, "The process listening on \(location.socketPath) runs as user \(peer.uid), not as you; refusing to use it.")
        }

        let hello = ClientMessage(type: ClientMessage.Kind.hello.rawValue, id: 0, versions: AgentProtocol.supportedVersions, client: clientName)
        let reply: AgentMessage
        do throws(ServiceFailure) {
            reply = try exchange(hello, on: socket, timeout: timeout)
        } catch where error.code == .unavailable && error.message.contains("did not answer") {
            throw AgentError(.timedOut, "The agent on \(location.socketPath) did not answer within \(Int(timeout)) s.")
        } catch {
            throw AgentError(.protocolMismatch, error.message)
        }
        guard reply.type == .hello, let version = reply.version, AgentProtocol.supportedVersions.contains(version) else {
            throw AgentError(.protocolMismatch, "The agent on \(location.socketPath) did not complete the hello exchange.")
        }
        return AgentClient(location: location, socket: socket, hello: reply)
    }

    // MARK: - VaultService

    /// Sends a request for ``vault`` to the agent. Any `VaultRequest` goes through as it is.
    ///
    /// - Throws: the core's `ServiceFailure`; `.locked` when the agent does not hold the vault unlocked,
    ///   `.unavailable` when it holds another vault or the connection broke.
    public func perform(_ request: VaultRequest) throws(ServiceFailure) -> VaultResponse {
        guard let vault else { throw ServiceFailure(.invalidInput, "No vault was chosen for the agent's requests.") }
        let reply = try send(ClientMessage(type: ClientMessage.Kind.vault.rawValue, vault: vault, request: request))
        guard reply.type == .response, let response = reply.response else { throw Self.unexpectedReply }
        return response
    }

    // MARK: - The agent itself

    /// Unlocks `vault` with the master password, which goes in its own frame from secure memory. When the agent
    /// already holds that vault unlocked, it checks the password and applies the new timeout.
    ///
    /// - Parameter idleTimeout: seconds without requests before the agent locks; nil for the agent's default.
    /// - Throws: `.wrongPassword`; `.unavailable` when the agent holds another vault unlocked.
    public func unlock(vault: String, password: SecureBytes, idleTimeout: TimeInterval? = nil) throws(ServiceFailure)
        -> AgentStatus
    {
        try expectStatus(send(
            ClientMessage(type: ClientMessage.Kind.unlock.rawValue, vault: vault, idleTimeout: idleTimeout),
            secret: password))
    }

    /// Locks the agent's vault now.
    @discardableResult
    public func lock() throws(ServiceFailure) -> AgentStatus {
        try expectStatus(send(ClientMessage(type: ClientMessage.Kind.lock.rawValue)))
    }

    /// The agent's state. (Named so as not to hide `VaultService.status()`, the vault's own statistics.)
    public func agentStatus() throws(ServiceFailure) -> AgentStatus {
        try expectStatus(send(ClientMessage(type: ClientMessage.Kind.status.rawValue)))
    }

    /// The agent's state; if it holds `vault` unlocked, also resets the idle timer, so the vault does not lock
    /// between this check and the requests that follow.
    public func attach(vault: String) throws(ServiceFailure) -> AgentStatus {
        try expectStatus(send(ClientMessage(type: ClientMessage.Kind.attach.rawValue, vault: vault)))
    }

    /// Asks the agent to lock and exit; returns its last status.
    @discardableResult
    public func stop() throws(ServiceFailure) -> AgentStatus {
        let status = try expectStatus(send(ClientMessage(type: ClientMessage.Kind.stop.rawValue)))
        isBroken = true
        return status
    }

    // MARK: - Exchange

    private func expectStatus(_ reply: AgentMessage) throws(ServiceFailure) -> AgentStatus {
        guard reply.type == .status, let status = reply.status else { throw Self.unexpectedReply }
        return status
    }

    private func send(_ message: ClientMessage, secret: SecureBytes? = nil) throws(ServiceFailure) -> AgentMessage {
        guard !isBroken else { throw ServiceFailure(.unavailable, "The connection to the agent is closed.") }
        var message = message
        message.id = nextID
        nextID += 1
        do {
            return try Self.exchange(message, secret: secret, on: socket, timeout: replyTimeout)
        } catch {
            if error.code == .unavailable || error.code == .protocolError { isBroken = true }
            throw error
        }
    }

    /// Sends one message (and its secret frame) and reads the reply; an error reply is thrown.
    private static func exchange(
        _ message: ClientMessage, secret: SecureBytes? = nil, on socket: UnixSocket, timeout: TimeInterval
    ) throws(ServiceFailure) -> AgentMessage {
        var bytes: [UInt8] = []
        defer { zeroize(&bytes) }
        do throws(SocketIOError) {
            var data = (try? WireCoding.encode(message)) ?? Data()
            defer { zeroize(&data) }
            try Frame.write(data, to: socket, until: .after(30))
            if let secret {
                try secret.withUnsafeBytes { bytes in
                    Result { () throws(SocketIOError) in try Frame.write(bytes, to: socket, until: .after(30)) }
                }.get()
            }
            bytes = try Frame.read(
                from: socket, limit: AgentProtocol.maximumReplyFrame, idle: .after(timeout), frameTimeout: 120)
        } catch .timedOut {
            throw ServiceFailure(.unavailable, "The agent did not answer within \(Int(timeout)) s.")
        } catch {
            throw ServiceFailure(.unavailable, "The connection to the agent broke: \(error).")
        }
        let reply: AgentMessage
        do {
            reply = try WireCoding.decode(AgentMessage.self, from: bytes)
        } catch {
            throw ServiceFailure(
                .protocolError,
                "The agent sent a reply this client cannot read; it may be a different version (restart it with 'sesame agent --stop').")
        }
        if reply.id != nil && message.id != nil && reply.id != message.id {
            throw ServiceFailure(.protocolError, "The agent answered a different request.")
        }
        if reply.type == .error {
            let failure = reply.failure ?? ServiceFailure(.protocolError, "The agent reported an error without details.")
            // An error that closes the connection is the agent's verdict on the connection itself.
            if reply.closing == true && failure.code != .protocolError && failure.code != .unavailable {
                throw ServiceFailure(.unavailable, failure.message)
            }
            throw failure
        }
        return reply
    }

    private static var unexpectedReply: ServiceFailure {
        ServiceFailure(.protocolError, "The agent gave an unexpected answer.")
    }
}
