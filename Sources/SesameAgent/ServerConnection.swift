import Foundation
import Glibc
import SesameAgentLink
import SesameAutoFill
import SesameCrypto

/// One client connection, served on its own thread: the peer check, the hello exchange, then one reply per
/// request until the client leaves. Nothing here throws: a broken connection ends itself, never the agent.
struct ServerConnection {
    let socket: UnixSocket
    let server: AgentServer

    private var core: AgentCore { server.core }
    private var logger: AgentLogger { server.logger }
    private var configuration: AgentConfiguration { server.configuration }

    init(socket: UnixSocket, server: AgentServer) {
        self.socket = socket
        self.server = server
    }

    func serve() {
        guard admitPeer(), greet() else { return }
        while true {
            // Between requests the connection is idle: closed after the idle limit, or earlier when the agent
            // needs its place for a new client.
            server.setIdle(socket, true)
            let received = receive(idle: .after(configuration.connectionIdleTimeout))
            server.setIdle(socket, false)
            switch received {
            case .end: return
            case .message(let message, var frame):
                let goesOn = handle(message, frame: frame)
                zeroize(&frame)
                guard goesOn else { return }
            }
        }
    }

    // MARK: - Opening

    /// Only the agent's own user may connect: the folder and socket modes already say so, `SO_PEERCRED` makes sure.
    private func admitPeer() -> Bool {
        let peer: PeerCredentials
        do {
            peer = try socket.peerCredentials()
        } catch {
            logger.warning("Cannot read a connection's peer credentials", metadata: ["error": "\(error)"])
            return false
        }
        guard peer.uid == getuid() else {
            logger.warning("Refused a connection from another user", metadata: [
                "peer.uid": "\(peer.uid)", "peer.pid": "\(peer.pid)",
            ])
            Self.sendFinal(ServiceFailure(.unavailable, "This agent serves another user."), on: socket,
                           deadline: .after(0.2))
            return false
        }
        logger.debug("Accepted a connection", metadata: ["peer.pid": "\(peer.pid)"])
        return true
    }

    /// The first message must be a hello naming a protocol version this agent speaks.
    private func greet() -> Bool {
        guard case .message(let message, var frame) = receive(idle: .after(configuration.helloTimeout)) else { return false }
        zeroize(&frame)
        guard message.type == HelloOperation.name else {
            close(with: ServiceFailure(.protocolError, "Expected a hello message first."), id: message.id)
            return false
        }
        let hello: HelloOperation.Reply
        do throws(ServiceFailure) {
            hello = try HelloOperation.perform(
                .init(versions: message.versions, client: message.client), vault: nil, on: self, secrets: [])
        } catch {
            close(with: error, id: message.id)
            return false
        }
        do {
            try WireFastCoding.hello(version: hello.version, agent: hello.agent, pid: hello.pid).withUnsafeBytes { bytes in
                try Frame.write(bytes, to: socket, until: .after(configuration.frameTimeout))
            }
            return true
        } catch {
            logger.debug("Could not send a reply", metadata: ["error": "\(error)"])
            return false
        }
    }

    // MARK: - Requests

    /// Answers one message (`frame`: its bytes, which an operation with a type of its own reads again); false ends
    /// the connection.
    private func handle(_ message: WireRequest, frame: [UInt8]) -> Bool {
        let id = message.id
        guard let policy = AgentOperations.policy(of: message.type) else {
            // A newer client's operation: say so and go on (its secret frames, if any, then fail as malformed).
            return send(.error(ServiceFailure(
                .protocolError,
                "The agent does not know the operation '\(message.type)'; it may be older than this client (stop it with 'sesame agent --stop')."),
                id: id, closing: false))
        }
        // Master passwords follow in their own frames, read straight into locked memory.
        var secrets: [SecureBytes] = []
        for _ in 0..<policy.secretFrames {
            do {
                secrets.append(try Frame.readSecret(
                    from: socket, limit: AgentProtocol.maximumSecretFrame, idle: .after(configuration.frameTimeout),
                    frameTimeout: configuration.frameTimeout))
            } catch {
                report(error)
                return false
            }
        }
        if let registered = AgentOperations.named(message.type) {
            return serve(registered, message, frame: frame, policy: policy, secrets: secrets)
        }
        if message.type == HelloOperation.name {
            close(with: ServiceFailure(.protocolError, "The hello exchange happens once."), id: id)
            return false
        }
        guard let servedHere = AgentOperations.servedByConnection(message.type) else { return false }
        return servedHere.serve(frame, id: id, on: self, secrets: secrets)
    }

    /// Serves an operation with a type of its own (``AgentOperations``) on the vault held unlocked.
    private func serve(
        _ operation: any AgentOperation.Type, _ message: WireRequest, frame: [UInt8], policy: OperationPolicy,
        secrets: [SecureBytes]
    ) -> Bool {
        let id = message.id
        guard let path = message.vault else { return refuse("A '\(message.type)' message needs 'vault'.", id: id) }
        logger.debug("Serving a request", metadata: ["request.kind": message.type])
        do {
            var frames = try core.serve(vault: path, policy: policy) { service throws(ServiceFailure) in
                try operation.serve(frame, id: id, on: service, secrets: secrets)
            }
            server.syncScheduler.noteActivity()
            defer { for index in frames.indices { zeroize(&frames[index]) } }
            for reply in frames {
                guard Self.write(reply, on: socket, deadline: .after(configuration.frameTimeout), logger: logger) else {
                    return false
                }
            }
            return true
        } catch {
            if error == operation.withheld {
                logger.error("A reply broke the policy and was withheld", metadata: ["request.kind": message.type])
            }
            return send(.error(error, id: id, closing: false))
        }
    }

    func refuse(_ message: String, id: UInt64?) -> Bool {
        send(.error(ServiceFailure(.protocolError, message), id: id, closing: false))
    }

    // MARK: - Frames

    private enum Received {
        /// A request, and the bytes of its frame (zeroed by whoever takes them).
        case message(WireRequest, frame: [UInt8])
        case end
    }

    private func receive(idle: Deadline) -> Received {
        var bytes: [UInt8]
        do {
            bytes = try Frame.read(
                from: socket, limit: configuration.maximumRequestFrame, idle: idle,
                frameTimeout: configuration.frameTimeout)
        } catch {
            report(error)
            return .end
        }
        if let message = WireFastCoding.request(bytes) ?? (try? WireCoding.decode(WireRequest.self, from: bytes)) {
            return .message(message, frame: bytes)
        }
        zeroize(&bytes)
        logger.info("Closed a connection that sent a malformed frame", metadata: ["frame.bytes": "\(bytes.count)"])
        close(with: ServiceFailure(.protocolError, "Malformed frame: expected a JSON message of the agent protocol."), id: nil)
        return .end
    }

    /// Ends the connection after a failed read, telling the client why when it is still there to hear it.
    private func report(_ error: SocketIOError) {
        switch error {
        case .closed:
            logger.debug("A client left")
        case .tooLarge(let length, let limit):
            logger.info("Closed a connection that sent an oversized frame", metadata: ["frame.bytes": "\(length)"])
            close(with: ServiceFailure(.protocolError, "A frame of \(length) bytes exceeds the limit of \(limit) bytes."), id: nil)
        case .timedOut:
            // Only waits with a deadline end here: the hello, and the rest of a frame once it started.
            logger.info("Closed a connection that stalled")
            close(with: ServiceFailure(.protocolError, "Timed out waiting for a frame to arrive."), id: nil)
        case .truncated, .system:
            logger.info("A connection broke in the middle of a frame", metadata: ["error": error.description])
        }
    }

    private func close(with failure: ServiceFailure, id: UInt64?) {
        _ = send(.error(failure, id: id, closing: true))
    }

    /// Sends one message; false when the client is gone.
    func send(_ message: WireReply) -> Bool {
        Self.send(message, on: socket, deadline: .after(configuration.frameTimeout), logger: logger)
    }

    /// Sends one reply of an operation's own type; false when the client is gone.
    func send<Body>(_ reply: WireResult<Body>) -> Bool {
        var data: Data
        do {
            data = try WireCoding.encode(reply)
        } catch {
            logger.error("Cannot encode a reply", metadata: ["error": "\(type(of: error))"])
            return send(.error(ServiceFailure(.protocolError, "The agent could not encode its reply."), id: reply.id, closing: false))
        }
        defer { zeroize(&data) }
        return Self.write(data, on: socket, deadline: .after(configuration.frameTimeout), logger: logger)
    }

    @discardableResult
    static func send(_ message: WireReply, on socket: UnixSocket, deadline: Deadline, logger: AgentLogger = .disabled)
        -> Bool
    {
        var data: Data
        do {
            data = try WireCoding.encode(message)
        } catch {
            logger.error("Cannot encode a reply", metadata: ["error": "\(type(of: error))"])
            data = (try? WireCoding.encode(WireReply.error(
                ServiceFailure(.protocolError, "The agent could not encode its reply."), id: message.id, closing: false))) ?? Data()
        }
        defer { zeroize(&data) }
        return write(data, on: socket, deadline: deadline, logger: logger)
    }

    /// Writes one encoded reply frame; false when the client is gone.
    private static func write(_ data: Data, on socket: UnixSocket, deadline: Deadline, logger: AgentLogger) -> Bool {
        do {
            try Frame.write(data, to: socket, until: deadline)
            return true
        } catch {
            logger.debug("Could not send a reply", metadata: ["error": error.description])
            return false
        }
    }

    /// Sends an error frame to a connection about to be closed.
    static func sendFinal(_ failure: ServiceFailure, on socket: UnixSocket, deadline: Deadline) {
        send(.error(failure, id: nil, closing: true), on: socket, deadline: deadline)
    }
}
