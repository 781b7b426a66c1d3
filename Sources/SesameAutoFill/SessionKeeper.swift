import Foundation
import SesameStore

/// Keeps a trusted session alive across processes. iOS may start a new AutoFill extension process for every
/// request, and a session in memory dies with its process; so while the session is trusted its unlock key is kept
/// outside the process (on Apple platforms, in the shared keychain group, readable only while the device is
/// unlocked), with the moment it stops being trusted. A new process restores the session from it without UI;
/// once that moment passes, the key is forgotten and requests answer `userInteractionRequired`.
///
/// Ending the session anywhere (a lock, a master-password change) starts a new *epoch*. A process trusts the
/// session it holds in memory only while the epoch it began in is still the current one, and checks that before
/// every request, so a lock in the app ends an extension process that is still running, not only the next one. A
/// key kept under an ended epoch is never handed back: a request that raced the lock cannot revive the session.
///
/// `VaultSession` owns the policy (idle timeout, every served request extends it, an explicit lock forgets at
/// once); a keeper only stores and reads.
public protocol SessionKeeper: Sendable {
    /// The current epoch; ``forget()`` moves to a new one. Read before every request: keep it cheap.
    var epoch: UInt64 { get }
    /// Keeps `key` as the session's, trusted until `expiry`, replacing what was kept; `epoch` is the one the
    /// session began in.
    func keep(_ key: VaultUnlockKey, until expiry: Date, epoch: UInt64)
    /// The key kept in the current epoch, its expiry and that epoch; nil when none is kept, or only one kept
    /// under an epoch that has ended.
    func kept() -> (key: VaultUnlockKey, expiry: Date, epoch: UInt64)?
    /// Ends the session in every process: forgets the key and starts a new epoch.
    func forget()
}
