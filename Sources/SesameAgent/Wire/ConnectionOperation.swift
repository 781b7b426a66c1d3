import Foundation
import SesameAutoFill
import SesameCrypto

/// An operation the connection serves itself, in its own file like an ``AgentOperation``: it reaches the agent
/// (its core, the pairing broker, the sync scheduler), not only the unlocked vault, so its `perform` is handed the
/// connection. The server finds it by name in ``AgentOperations``, beside the vault operations.
protocol ConnectionOperation {
    /// The request's fields besides `type`, `id` and `vault`.
    associatedtype Request: Codable, Sendable
    /// The reply's fields besides `type` and `id`.
    associatedtype Reply: Codable, Sendable

    /// The request's `type`.
    static var name: String { get }
    static var policy: OperationPolicy { get }
    /// The frame the reply goes out in: `result`, or `status` for the agent's own state.
    static var replyKind: WireReply.Kind { get }
    /// Whether a request must name its vault (`lock`, `status` and `stop` speak of the agent, not of a vault).
    static var needsVault: Bool { get }

    /// Runs the request; `vault` is the request's (present when ``needsVault``), `secrets` the raw frames the
    /// policy asked for, in order.
    static func perform(_ request: Request, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply

    /// Called once the reply is sent: whether the connection goes on (`stop` ends it, and the agent).
    static func replied(on connection: ServerConnection) -> Bool
}

extension ConnectionOperation {
    static var replyKind: WireReply.Kind { .result }
    static var needsVault: Bool { true }
    static func replied(on connection: ServerConnection) -> Bool { true }

    /// Reads the request from its frame, runs it and sends its reply (or the error it met); false ends the
    /// connection.
    static func serve(_ frame: [UInt8], id: UInt64?, on connection: ServerConnection, secrets: [SecureBytes]) -> Bool {
        let reply: Reply
        do throws(ServiceFailure) {
            let envelope = try envelope(from: frame)
            guard !needsVault || envelope.vault != nil else {
                throw ServiceFailure(.protocolError, "A '\(name)' message needs 'vault'.")
            }
            reply = try perform(envelope.body, vault: envelope.vault, on: connection, secrets: secrets)
        } catch {
            return connection.send(.error(error, id: id, closing: false))
        }
        // The policy table, enforced as for the vault operations.
        guard policy.secretsOut != .none || !ReplySecrets.present(in: reply) else {
            return connection.send(.error(
                ServiceFailure(.protocolError, "The agent withheld a reply that would have carried secrets."), id: id,
                closing: false))
        }
        let sent = connection.send(WireResult(id: id, body: reply, kind: replyKind))
        // After the reply, whether or not the client is still there to read it (`stop` stops all the same).
        let goesOn = replied(on: connection)
        return sent && goesOn
    }

    static func envelope(from frame: [UInt8]) throws(ServiceFailure) -> WireEnvelope<Request> {
        do {
            return try WireCoding.decode(WireEnvelope<Request>.self, from: frame)
        } catch {
            throw ServiceFailure(.protocolError, WireEnvelope<Request>.explain(error, in: name))
        }
    }

    /// Whether the frame holds a request this operation can read (the fuzz target's question).
    static func canRead(_ frame: [UInt8]) -> Bool {
        (try? envelope(from: frame)) != nil
    }
}
