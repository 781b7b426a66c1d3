import Foundation
import SesameAutoFill

extension ServerConnection {
    /// `sync` runs a round now (after any round already running) and `syncStatus` reads the transport: both on
    /// this connection's thread, taking the vault lock only for the round's short steps.
    func handleSync(_ operation: WireOperation, _ message: WireRequest) -> Bool {
        let id = message.id
        guard let path = message.vault else { return refuse("A '\(message.type)' message needs 'vault'.", id: id) }
        var reply = WireReply(.result, id: id)
        do throws(ServiceFailure) {
            // The vault must be the one held unlocked; asking counts as use.
            try server.core.serve(vault: path, policy: .of(operation)) { _ throws(ServiceFailure) in }
            switch operation {
            case .sync:
                server.logger.debug("Serving a request", metadata: ["request.kind": operation.rawValue])
                reply.syncRun = try server.syncScheduler.syncNow()
            default:
                reply.syncStatus = try server.syncScheduler.status()
            }
            return send(reply)
        } catch {
            return send(.error(error, id: id, closing: false))
        }
    }
}
