import Foundation
import Glibc
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
            switch receive(idle: .never) {
            case .end: return
            case .skipped: continue
            case .message(let message):
                guard handle(message) else { return }
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
        guard case .message(let message) = receive(idle: .after(configuration.helloTimeout)) else { return false }
        guard message.kind == .hello else {
            close(with: ServiceFailure(.protocolError, "Expected a hello message first."), id: message.id)
            return false
        }
        let offered = Set(message.versions ?? [])
        guard let version = AgentProtocol.supportedVersions.filter(offered.contains).max() else {
            close(with: ServiceFailure(
                .protocolError,
                "This agent speaks protocol version \(AgentProtocol.supportedVersions.map(String.init).joined(separator: ", ")); restart it with 'sesame agent --stop'."),
                  id: message.id)
            return false
        }
        return send(.hello(version: version, agent: configuration.agentName, pid: getpid()))
    }

    // MARK: - Requests

    /// Answers one message; false ends the connection.
    private func handle(_ message: ClientMessage) -> Bool {
        let id = message.id
        switch message.kind {
        case .vault:
            guard let path = message.vault, let request = message.request else {
                return send(.error(ServiceFailure(.protocolError, "A vault message needs 'vault' and 'request'."), id: id, closing: false))
            }
            logger.debug("Serving a request", metadata: ["request.kind": request.description])
            do {
                return send(.response(try core.perform(request, vault: path), id: id))
            } catch {
                return send(.error(error, id: id, closing: false))
            }

        case .attach:
            guard let path = message.vault else {
                return send(.error(ServiceFailure(.protocolError, "An attach message needs 'vault'."), id: id, closing: false))
            }
            return send(.status(core.attach(vault: path), id: id))

        case .unlock:
            // The password follows in its own frame, read straight into locked memory.
            let password: SecureBytes
            do {
                password = try Frame.readSecret(
                    from: socket, limit: AgentProtocol.maximumSecretFrame, idle: .after(configuration.frameTimeout),
                    frameTimeout: configuration.frameTimeout)
            } catch {
                report(error)
                return false
            }
            guard let path = message.vault else {
                return send(.error(ServiceFailure(.protocolError, "An unlock message needs 'vault'."), id: id, closing: false))
            }
            do {
                return send(.status(try core.unlock(vault: path, password: password, idleTimeout: message.idleTimeout), id: id))
            } catch {
                return send(.error(error, id: id, closing: false))
            }

        case .lock:
            return send(.status(core.lock(), id: id))

        case .status:
            return send(.status(core.status(), id: id))

        case .stop:
            logger.info("Stopping on request")
            let status = core.lock()
            _ = send(.status(status, id: id))
            server.stop()
            return false

        case .hello:
            close(with: ServiceFailure(.protocolError, "The hello exchange happens once."), id: id)
            return false

        case nil:
            return send(.error(ServiceFailure(.protocolError, "Unknown message type '\(message.type)'."), id: id, closing: false))
        }
    }

    // MARK: - Frames

    private enum Received {
        case message(ClientMessage)
        /// A frame that was answered with an error but keeps the connection open.
        case skipped
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
        defer { zeroize(&bytes) }
        if let message = try? WireCoding.decode(ClientMessage.self, from: bytes) { return .message(message) }
        // A well-formed message whose vault request this agent does not know (a newer client): say so, go on.
        if let header = try? WireCoding.decode(ClientMessageHeader.self, from: bytes), header.type == ClientMessage.Kind.vault.rawValue {
            let failure = ServiceFailure(
                .protocolError,
                "The agent does not understand this request; it may be older than this client (restart it with 'sesame agent --stop').")
            return send(.error(failure, id: header.id, closing: false)) ? .skipped : .end
        }
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
    private func send(_ message: AgentMessage) -> Bool {
        Self.send(message, on: socket, deadline: .after(configuration.frameTimeout), logger: logger)
    }

    @discardableResult
    static func send(_ message: AgentMessage, on socket: UnixSocket, deadline: Deadline, logger: AgentLogger = .disabled)
        -> Bool
    {
        var data: Data
        do {
            data = try WireCoding.encode(message)
        } catch {
            logger.error("Cannot encode a reply", metadata: ["error": "\(type(of: error))"])
            data = (try? WireCoding.encode(AgentMessage.error(
                ServiceFailure(.protocolError, "The agent could not encode its reply."), id: message.id, closing: false))) ?? Data()
        }
        defer { zeroize(&data) }
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
