import Foundation
import SesameStore

/// Passkeys across the vault: in process (``LocalVaultService``) or through the agent (its `passkeys`
/// operation), so `sesame passkey list` asks nothing while the agent is unlocked. Removing a passkey needs nothing
/// new: it is an ``ItemChange`` (`removePasskeys`).
public protocol VaultPasskeys: AnyObject {
    /// Every active item's passkeys, without their keys, ordered by relying party, user name, then item title.
    func passkeys() throws(ServiceFailure) -> [PasskeyListing]
}
