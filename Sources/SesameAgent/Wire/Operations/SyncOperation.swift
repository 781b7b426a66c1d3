import Foundation
import SesameAutoFill
import SesameCrypto

/// `sync`: a sync round now, run by the agent with the keys it holds (after any round already running), on this
/// connection's thread, taking the vault lock only for the round's short steps.
enum SyncOperation: ConnectionOperation {
    static let name = "sync"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var syncRun: WireSyncRunSummary

        enum CodingKeys: String, CodingKey {
            case syncRun = "syncRun"
        }
    }

    static func perform(_ request: NoFields, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let server = connection.server
        // The vault must be the one held unlocked; asking counts as use.
        try server.core.serve(vault: vault ?? "", policy: policy) { _ throws(ServiceFailure) in }
        server.logger.debug("Serving a request", metadata: ["request.kind": name])
        return Reply(syncRun: WireSyncRunSummary(try server.syncScheduler.syncNow()))
    }
}
