import Foundation
import SesameAutoFill
import SesameCrypto

/// `browserAssociate` (from the native-messaging host): asks the user to associate an extension's key and waits on
/// this connection's thread, holding no lock, until `browserAnswer` answers it on another (or it expires). A key
/// already associated is answered at once.
enum BrowserAssociateOperation: ConnectionOperation {
    static let name = "browserAssociate"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        /// The extension's key (its `id` is empty: the user names the association when allowing it).
        var browserKey: WireBrowserKey
        /// Who asks: the browser's origin or extension id, for `sesame browser pending`.
        var origin: String?

        enum CodingKeys: String, CodingKey {
            case browserKey = "browserKey", origin = "origin"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var association: BrowserAssociationsOperation.Association

        enum CodingKeys: String, CodingKey {
            case association = "association"
        }
    }

    static func perform(_ request: Request, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let server = connection.server
        let key = request.browserKey.key
        // Only an unlocked vault takes requests, and a key already associated needs none.
        let known = try server.core.serve(vault: vault ?? "", policy: policy) { service throws(ServiceFailure) in
            try service.browserAssociations().first { $0.key == key }
        }
        if let known { return Reply(association: .init(known)) }
        // The requester is the host process behind this connection: one waiting request each.
        let socket = connection.socket
        let requester = (try? socket.peerCredentials().pid) ?? -1
        let pairing = server.core.browserPairing
        let waiting = pairing.open(key: key, origin: request.origin ?? "unknown", requester: requester)
        server.logger.info("A browser asks to be associated", metadata: [
            "pairing.code": waiting.code, "pairing.fingerprint": waiting.fingerprint,
        ])
        switch pairing.wait(for: waiting.code, requesterLeft: { socket.peerHasLeft() }) {
        case .allowed(let association):
            return Reply(association: .init(association))
        case .denied:
            throw ServiceFailure(.notFound, "The association was denied.")
        case .expired:
            throw ServiceFailure(.unavailable, "Nobody answered the association request in time.")
        case .withdrawn:
            throw ServiceFailure(.unavailable, "The association request gave way to newer ones (or its browser left); ask again.")
        }
    }
}
