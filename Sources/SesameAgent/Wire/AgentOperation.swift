import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// One operation of the agent protocol, in its own file: its name on the wire, its row of the policy table, its
/// request and reply (wire types of its own, whose field names are the protocol's), and how the agent performs it.
/// The server finds it by name in ``AgentOperations``; ``AgentClient`` sends it with one generic call.
///
/// Adding an operation is one file with such a type and one line in ``AgentOperations/all``.
protocol AgentOperation {
    /// The request's fields besides `type`, `id` and `vault`.
    associatedtype Request: Codable, Sendable
    /// The `result` reply's fields besides `type` and `id`. A field that can hold a secret has a type that is
    /// `CarriesSecrets`, which the reply guard finds by itself.
    associatedtype Reply: Codable, Sendable

    /// The request's `type`.
    static var name: String { get }
    static var policy: OperationPolicy { get }

    /// Runs the request on the unlocked vault; `secrets` are the raw frames the policy asked for, in order.
    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply

    /// The reply as the frames it goes out in: one, unless the request asks for pieces (`match`'s `rowsPerFrame`).
    static func frames(of reply: Reply, for request: Request) -> [Reply]
}

extension AgentOperation {
    static func frames(of reply: Reply, for request: Request) -> [Reply] { [reply] }

    /// Reads the request from its frame, runs it and writes the `result` reply (its frames, in order), withholding
    /// a reply that holds a secret when the policy lets none out.
    static func serve(_ frame: [UInt8], id: UInt64?, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> [Data]
    {
        let request = try request(from: frame)
        let reply = try perform(request, on: vault, secrets: secrets)
        // The policy table, enforced: an operation that hands over nothing never sends a secret.
        guard policy.secretsOut != .none || !ReplySecrets.present(in: reply) else { throw withheld }
        do {
            return try frames(of: reply, for: request).map { try WireCoding.encode(WireResult(id: id, body: $0)) }
        } catch {
            throw ServiceFailure(.protocolError, "The agent could not encode its reply.")
        }
    }

    /// The operation's own fields, read from the request's frame.
    static func request(from frame: [UInt8]) throws(ServiceFailure) -> Request {
        if let request = fastRequest(from: frame) { return request }
        do {
            return try WireCoding.decode(WireEnvelope<Request>.self, from: frame).body
        } catch {
            throw ServiceFailure(.protocolError, WireEnvelope<Request>.explain(error, in: name))
        }
    }

    /// Whether the frame holds a request this operation can read (the fuzz target's question).
    static func canRead(_ frame: [UInt8]) -> Bool {
        (try? request(from: frame)) != nil
    }

    static var withheld: ServiceFailure {
        ServiceFailure(.protocolError, "The agent withheld a reply that would have carried secrets.")
    }
}

/// What an operation without fields sends, or answers: nothing besides the envelope.
struct NoFields: Codable, Sendable, Equatable {}

extension AgentOperation {
    /// The vault's service of a feature not every vault offers (browsers, sync conflicts).
    static func feature<Service>(_ vault: any UnlockedVault, _ type: Service.Type, missing: String)
        throws(ServiceFailure) -> Service
    {
        guard let service = vault as? Service else { throw ServiceFailure(.unavailable, missing) }
        return service
    }

    static func browsers(_ vault: any UnlockedVault) throws(ServiceFailure) -> any BrowserAccess {
        try feature(vault, (any BrowserAccess).self, missing: "This vault service does not serve browsers.")
    }
}
