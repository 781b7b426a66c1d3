import Foundation
import SesameAutoFill

extension ServerConnection {
    /// Association requests: `browserAssociate` (from the native-messaging host) waits on this connection's
    /// thread, holding no lock, until `browserAnswer` (from `sesame browser allow|deny`) answers it on another.
    func handleBrowserPairing(_ operation: WireOperation, _ message: WireRequest) -> Bool {
        let id = message.id
        let pairing = server.core.browserPairing
        guard let path = message.vault else { return refuse("A '\(message.type)' message needs 'vault'.", id: id) }
        var reply = WireReply(.result, id: id)
        do throws(ServiceFailure) {
            switch operation {
            case .browserAssociate:
                let key = try message.required(message.browserKey, "browserKey").key
                // Only an unlocked vault takes requests, and a key already associated needs none.
                let known = try server.core.serve(vault: path, policy: .of(operation)) { service throws(ServiceFailure) in
                    try service.browserAssociations().first { $0.key == key }
                }
                if let known {
                    reply.association = known
                    return send(reply)
                }
                // The requester is the host process behind this connection: one waiting request each.
                let requester = (try? socket.peerCredentials().pid) ?? -1
                let request = pairing.open(key: key, origin: message.origin ?? "unknown", requester: requester)
                server.logger.info("A browser asks to be associated", metadata: [
                    "pairing.code": request.code, "pairing.fingerprint": request.fingerprint,
                ])
                switch pairing.wait(for: request.code, requesterLeft: { socket.peerHasLeft() }) {
                case .allowed(let association):
                    reply.association = association
                case .denied:
                    throw ServiceFailure(.notFound, "The association was denied.")
                case .expired:
                    throw ServiceFailure(.unavailable, "Nobody answered the association request in time.")
                case .withdrawn:
                    throw ServiceFailure(.unavailable, "The association request gave way to newer ones (or its browser left); ask again.")
                }
            case .browserPending:
                reply.pending = pairing.pending()
            case .browserAnswer:
                let code = try message.required(message.code, "code").uppercased()
                let key = try pairing.key(for: code)
                guard try message.required(message.allow, "allow") else {
                    pairing.answer(code, .denied)
                    return send(reply)
                }
                let name = try message.required(message.name, "name")
                let association = try server.core.serve(vault: path, policy: .of(operation)) { service throws(ServiceFailure) in
                    try service.associateBrowser(name: name, key: key)
                }
                guard pairing.answer(code, .allowed(association)) else {
                    // The request expired between the lookup and now: keep nothing it did not receive.
                    _ = try? server.core.serve(vault: path, policy: .of(operation)) { service throws(ServiceFailure) in
                        try service.revokeBrowserAssociation(name: name)
                    }
                    throw ServiceFailure(.notFound, "The association request expired meanwhile.")
                }
                reply.association = association
            default:
                return refuse("'\(message.type)' is not an association request.", id: id)
            }
        } catch {
            return send(.error(error, id: id, closing: false))
        }
        return send(reply)
    }
}
