import Foundation
import SesameAutoFill
import SesameCrypto

/// `syncStatus`: the devices as the transport shows them, and the agent's automatic sync (`sesame sync status`).
enum SyncStatusOperation: ConnectionOperation {
    static let name = "syncStatus"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var syncStatus: WireSyncStatusReport

        enum CodingKeys: String, CodingKey {
            case syncStatus = "syncStatus"
        }
    }

    static func perform(_ request: NoFields, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let server = connection.server
        // The vault must be the one held unlocked; asking counts as use.
        try server.core.serve(vault: vault ?? "", policy: policy) { _ throws(ServiceFailure) in }
        return Reply(syncStatus: WireSyncStatusReport(try server.syncScheduler.status()))
    }
}
