import Foundation
import SesameStore

/// Passkeys across the vault. Only the in-process ``LocalVaultService`` implements it so far: the agent has no
/// operation for it yet (the agent's operations are being redesigned), so `sesame passkey list` opens the vault
/// itself. Removing a passkey needs nothing new: it is an ``ItemChange`` (`removePasskeys`).
public protocol VaultPasskeys: AnyObject {
    /// Every active item's passkeys, without their keys, ordered by relying party, user name, then item title.
    func passkeys() throws(ServiceFailure) -> [PasskeyListing]
}
