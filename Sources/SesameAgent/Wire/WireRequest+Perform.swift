import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto
import SesameStore

extension WireRequest {
    /// Runs a vault operation still in ``WireOperation`` on the unlocked vault and builds its reply (the others are
    /// performed by their own ``AgentOperation`` type).
    /// `secrets` are the raw frames the operation's policy asked for, in order.
    func perform(_ operation: WireOperation, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireReply
    {
        var reply = WireReply(.result, id: id)
        switch operation {
        case .hello, .attach, .unlock, .lock, .status, .stop, .browserAssociate, .browserPending, .browserAnswer,
            .sync, .syncStatus:
            throw ServiceFailure(.protocolError, "'\(type)' is not a vault operation.")
        }
        return reply
    }

    func required<T>(_ value: T?, _ name: String) throws(ServiceFailure) -> T {
        guard let value else { throw ServiceFailure(.protocolError, "A '\(type)' message needs '\(name)'.") }
        return value
    }
}
