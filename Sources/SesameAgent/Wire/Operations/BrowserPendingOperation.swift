import Foundation
import SesameAutoFill
import SesameCrypto

/// `browserPending`: the association requests waiting for an answer (`sesame browser pending`).
enum BrowserPendingOperation: ConnectionOperation {
    static let name = "browserPending"
    static let policy = OperationPolicy.plain

    struct Reply: Codable, Sendable, Equatable {
        var pending: [WireBrowserPairingRequest]

        enum CodingKeys: String, CodingKey {
            case pending = "pending"
        }
    }

    static func perform(_ request: NoFields, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(pending: connection.server.core.browserPairing.pending().map(WireBrowserPairingRequest.init))
    }
}
