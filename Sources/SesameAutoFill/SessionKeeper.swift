import Foundation
import SesameStore

/// Keeps a trusted session alive across processes. iOS may start a new AutoFill extension process for every
/// request, and a session in memory dies with its process; so while the session is trusted its unlock key is kept
/// outside the process (on Apple platforms, in the shared keychain group, readable only while the device is
/// unlocked), with the moment it stops being trusted. A new process restores the session from it without UI;
/// once that moment passes, the key is forgotten and requests answer `userInteractionRequired`.
///
/// `VaultSession` owns the policy (idle timeout, every served request extends it, an explicit lock forgets at
/// once); a keeper only stores and reads.
public protocol SessionKeeper: Sendable {
    /// Keeps `key` as the session's, trusted until `expiry`, replacing what was kept.
    func keep(_ key: VaultUnlockKey, until expiry: Date)
    /// The kept key and its expiry, or nil.
    func kept() -> (key: VaultUnlockKey, expiry: Date)?
    func forget()
}
