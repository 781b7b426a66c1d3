import Foundation
import SesameCrypto
import SesameDomains
import SesameStore

/// The unlocked session, what iOS calls a trusted user: a vault unlocked within its idle timeout and not locked
/// since. The AutoFill extension serves a tapped suggestion without UI only while the session is trusted. (The
/// Linux agent keeps the same rules in `AgentCore`, whose locking lets Argon2id run while other clients are served.)
///
/// Not thread-safe: one owner uses it serially (an extension on its main actor, the provider actor).
public final class VaultSession {
    public static let defaultIdleTimeout: TimeInterval = 15 * 60

    public let path: String
    /// Handed to the vault it opens (see `Vault.publicSuffixList`).
    public let publicSuffixList: PublicSuffixList
    public var idleTimeout: TimeInterval
    private let now: () -> Date
    private var service: LocalVaultService?
    private var lastActivity: Date?
    /// The key this session was unlocked with, while a keeper keeps it for other processes.
    private var unlockKey: VaultUnlockKey?
    /// The keeper's epoch this session began in (see `SessionKeeper`).
    private var epoch: UInt64?
    /// Keeps the session for other processes (the AutoFill extension's); nil keeps it in memory only.
    public var keeper: (any SessionKeeper)?
    /// Refuses a master-password unlock whose Argon2id would use more memory than this (the extension's budget);
    /// such a vault is opened there only with a kept or biometric key.
    public var maximumKDFMemoryBytes: UInt64?
    /// Installed on every service this session unlocks: see `LocalVaultService.onChange`.
    public var onChange: ((VaultChange) -> Void)? {
        didSet { service?.onChange = onChange }
    }

    /// - Parameter now: the clock; tests inject their own to move time without waiting.
    public init(path: String, publicSuffixList: PublicSuffixList, idleTimeout: TimeInterval = defaultIdleTimeout,
                now: @escaping () -> Date = Date.init) {
        self.path = path
        self.publicSuffixList = publicSuffixList
        self.idleTimeout = idleTimeout
        self.now = now
    }

    /// Unlocks with the master password; a session that was already unlocked stays unlocked on failure.
    /// Returns the unlock key the password derived (for a biometric copy).
    @discardableResult
    public func unlock(password: SecureBytes) throws(ServiceFailure) -> VaultUnlockKey {
        do {
            let vault = try Vault(path: path, publicSuffixList: publicSuffixList)
            if let maximumKDFMemoryBytes, try vault.kdfParameters().memoryBytes > maximumKDFMemoryBytes {
                throw ServiceFailure(
                    .unavailable, "This vault's password needs more memory than AutoFill may use: unlock it with Face ID or in the app.")
            }
            let key = try vault.unlockReturningKey(password: password)
            start(vault, key: key)
            touch()
            return key
        } catch {
            throw ServiceFailure(error)
        }
    }

    /// Unlocks with a key kept earlier, without Argon2id; a key that no longer opens the vault is `.wrongPassword`.
    public func unlock(key: VaultUnlockKey) throws(ServiceFailure) {
        try open(key: key)
        touch()
    }

    private func open(key: VaultUnlockKey, epoch: UInt64? = nil) throws(ServiceFailure) {
        do {
            let vault = try Vault(path: path, publicSuffixList: publicSuffixList)
            try vault.unlock(key: key)
            start(vault, key: key, epoch: epoch)
        } catch {
            throw ServiceFailure(error)
        }
    }

    /// - Parameter epoch: the epoch a restored session was kept under; a fresh unlock begins in the current one.
    private func start(_ vault: Vault, key: VaultUnlockKey, epoch: UInt64? = nil) {
        service = LocalVaultService(vault: vault, now: now)
        service?.onChange = onChange
        unlockKey = key
        self.epoch = epoch ?? keeper?.epoch
    }

    /// Locks now, here and in every process the keeper serves; the vault keys are released and their memory
    /// zeroed.
    public func lock() {
        release()
        keeper?.forget()
    }

    /// Drops this process's keys (zeroed) and leaves what the keeper keeps alone.
    private func release() {
        service?.vault.lock()
        service = nil
        lastActivity = nil
        unlockKey = nil
        epoch = nil
    }

    /// The key the trusted session was unlocked with, for a second handle on the vault in this process (the iOS
    /// app's sync rounds run on one, so a transport that waits for files never holds the session); nil when not
    /// trusted. Reading it is not use: it restarts no idle timer.
    public var keyForSecondHandle: VaultUnlockKey? {
        isTrusted ? unlockKey : nil
    }

    /// Whether this process holds the vault's keys in memory now. Unlike ``isTrusted`` it checks nothing and
    /// restores nothing: it tells whether a session that ended elsewhere has been wiped here.
    public var holdsKeys: Bool { service != nil }

    /// True while unlocked and within the idle timeout. Checking is what enforces the timeout: an expired
    /// session locks itself here, even if no timer fired. With a keeper, a session that another process ended
    /// (its epoch is over) is wiped here, and a process that has no session restores the one the keeper kept, if
    /// it is still within its timeout.
    public var isTrusted: Bool {
        if service != nil, let keeper, keeper.epoch != epoch { release() }
        if service != nil, let lastActivity, now().timeIntervalSince(lastActivity) >= idleTimeout {
            // With a keeper the shared expiry decides: another process's requests may have extended it.
            if keeper == nil { lock() } else { release() }
        }
        if service == nil { restoreKept() }
        return service != nil
    }

    /// Restarts the idle timeout, here and for the other processes.
    private func touch() {
        let moment = now()
        lastActivity = moment
        guard let unlockKey, let epoch else { return }
        keeper?.keep(unlockKey, until: moment.addingTimeInterval(idleTimeout), epoch: epoch)
    }

    private func restoreKept() {
        guard let keeper, let kept = keeper.kept() else { return }
        let remaining = kept.expiry.timeIntervalSince(now())
        guard remaining > 0, remaining <= idleTimeout else {
            // Expired, or kept with a longer timeout than this process allows: it no longer counts.
            keeper.forget()
            return
        }
        do throws(ServiceFailure) {
            try open(key: kept.key, epoch: kept.epoch)
            // Restoring is not activity: the session keeps the expiry the last served request gave it.
            lastActivity = kept.expiry.addingTimeInterval(-idleTimeout)
        } catch {
            // A stale key (the master password changed) or an unreadable vault: nothing to restore.
            release()
            if error.code == .wrongPassword { keeper.forget() }
        }
    }

    /// Seconds until the idle timeout locks the session, or nil when locked.
    public var timeRemaining: TimeInterval? {
        guard isTrusted, let lastActivity else { return nil }
        return max(0, idleTimeout - now().timeIntervalSince(lastActivity))
    }

    /// The unlocked vault service, resetting the idle timer; throws `.locked` when the session is not trusted.
    public func trustedService() throws(ServiceFailure) -> LocalVaultService {
        guard isTrusted, let service else { throw ServiceFailure(.locked, "The vault is locked.") }
        touch()
        return service
    }
}

@available(*, unavailable)
extension VaultSession: Sendable {}
