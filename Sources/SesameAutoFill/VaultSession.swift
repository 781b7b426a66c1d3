import Foundation
import SesameCrypto
import SesameDomains
import SesameStore

/// The unlocked session, what iOS calls a trusted user: a vault unlocked within its idle timeout and not locked
/// since (the rules are `SessionTrust`'s, which the Linux agent's `AgentCore` follows too). The AutoFill extension
/// serves a tapped suggestion without UI only while the session is trusted.
///
/// Asking about the session acts on what it finds, so it is asked through methods, once per request:
/// ``refreshTrust()`` (and ``timeRemaining()``, ``keyForSecondHandle()``) may lock an expired session, wipe one
/// another process ended and restore one the keeper kept; ``useTrustedService()`` does the same check and counts
/// the request as use, which writes the keeper. ``holdsKeys`` alone only looks.
///
/// Not thread-safe: one owner uses it serially (an extension on its main actor, the provider actor).
public final class VaultSession {
    public static let defaultIdleTimeout: TimeInterval = 15 * 60

    public let path: String
    /// Handed to the vault it opens (see `Vault.publicSuffixList`).
    public let publicSuffixList: PublicSuffixList
    public let idleTimeout: TimeInterval
    private let now: () -> Date
    private var service: LocalVaultService?
    /// The unlocked session's last use and the keeper's epoch it began in; nil when locked.
    private var trust: SessionTrust?
    /// The key this session was unlocked with, while a keeper keeps it for other processes.
    private var unlockKey: VaultUnlockKey?
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
            start(vault, key: key, trust: freshTrust())
            recordUse()
            return key
        } catch {
            throw ServiceFailure(error)
        }
    }

    /// Unlocks with a key kept earlier, without Argon2id; a key that no longer opens the vault is `.wrongPassword`.
    public func unlock(key: VaultUnlockKey) throws(ServiceFailure) {
        try open(key: key, trust: freshTrust())
        recordUse()
    }

    private func open(key: VaultUnlockKey, trust: SessionTrust) throws(ServiceFailure) {
        do {
            let vault = try Vault(path: path, publicSuffixList: publicSuffixList)
            try vault.unlock(key: key)
            start(vault, key: key, trust: trust)
        } catch {
            throw ServiceFailure(error)
        }
    }

    /// A session unlocked now begins in the keeper's current epoch.
    private func freshTrust() -> SessionTrust {
        SessionTrust(idleTimeout: idleTimeout, lastUse: now(), epoch: keeper?.epoch)
    }

    private func start(_ vault: Vault, key: VaultUnlockKey, trust: SessionTrust) {
        service = LocalVaultService(vault: vault, now: now)
        service?.onChange = onChange
        unlockKey = key
        self.trust = trust
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
        trust = nil
        unlockKey = nil
    }

    /// Whether this process holds the vault's keys in memory now. Unlike ``refreshTrust()`` it checks nothing and
    /// restores nothing: it tells whether a session that ended elsewhere has been wiped here.
    public var holdsKeys: Bool { service != nil }

    /// Checks the session and acts on what it finds; true when it is trusted afterwards. Checking is what
    /// enforces the timeout: an expired session locks itself here, even if no timer fired. With a keeper, a
    /// session that another process ended (its epoch is over) is wiped here, and a process that has no session
    /// restores the one the keeper kept, if it is still within its timeout. Reads the clock and the keeper's
    /// epoch once; not use (restarts no idle timer).
    @discardableResult
    public func refreshTrust() -> Bool {
        check() != nil
    }

    /// Seconds until the idle timeout locks the session, after checking it (``refreshTrust()``); nil when locked.
    public func timeRemaining() -> TimeInterval? {
        check().map { max(0, $0.timeLeft(at: now())) }
    }

    /// The key the trusted session was unlocked with, after checking it (``refreshTrust()``), for a second handle
    /// on the vault in this process (the iOS app's sync rounds run on one, so a transport that waits for files
    /// never holds the session); nil when not trusted. Not use: it restarts no idle timer.
    public func keyForSecondHandle() -> VaultUnlockKey? {
        check() != nil ? unlockKey : nil
    }

    /// The unlocked vault service for one request: checks the session once (``refreshTrust()``) and counts the
    /// request as use, restarting the idle timeout here and, through the keeper, for the other processes. Throws
    /// `.locked` when the session is not trusted. Call it once per request and keep what it returns.
    public func useTrustedService() throws(ServiceFailure) -> LocalVaultService {
        guard check() != nil, let service else { throw ServiceFailure(.locked, "The vault is locked.") }
        recordUse()
        return service
    }

    /// The one check behind every question: the session's trust after acting on its verdict; nil when not trusted.
    private func check() -> SessionTrust? {
        if service != nil, let trust {
            switch trust.verdict(at: now(), currentEpoch: keeper?.epoch) {
            case .trusted:
                return trust
            case .ended:
                release()
            case .idle:
                // With a keeper the shared expiry decides: another process's requests may have extended it.
                if keeper == nil { lock() } else { release() }
            }
        }
        restoreKept()
        return service != nil ? trust : nil
    }

    /// Restarts the idle timeout, here and for the other processes.
    private func recordUse() {
        trust?.recordUse(at: now())
        guard let trust, let unlockKey, let epoch = trust.epoch else { return }
        keeper?.keep(unlockKey, until: trust.deadline, epoch: epoch)
    }

    /// Restores the session the keeper kept; reading it compares the kept epoch with the current one.
    private func restoreKept() {
        guard let keeper, let kept = keeper.kept() else { return }
        // Restoring is not activity: the session keeps the expiry the last served request gave it.
        guard let trust = SessionTrust(keptUntil: kept.expiry, epoch: kept.epoch, idleTimeout: idleTimeout, at: now())
        else {
            // Expired, or kept with a longer timeout than this process allows: it no longer counts.
            keeper.forget()
            return
        }
        do throws(ServiceFailure) {
            try open(key: kept.key, trust: trust)
        } catch {
            // A stale key (the master password changed) or an unreadable vault: nothing to restore.
            release()
            if error.code == .wrongPassword { keeper.forget() }
        }
    }
}

@available(*, unavailable)
extension VaultSession: Sendable {}
