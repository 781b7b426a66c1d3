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
    public func unlock(password: SecureBytes) throws(ServiceFailure) {
        do {
            let vault = try Vault(path: path, publicSuffixList: publicSuffixList)
            try vault.unlock(password: password)
            service = LocalVaultService(vault: vault, now: now)
            service?.onChange = onChange
            lastActivity = now()
        } catch {
            throw ServiceFailure(error)
        }
    }

    /// Locks now; the vault keys are released and their memory zeroed.
    public func lock() {
        service?.vault.lock()
        service = nil
        lastActivity = nil
    }

    /// True while unlocked and within the idle timeout. Checking is what enforces the timeout: an expired
    /// session locks itself here, even if no timer fired.
    public var isTrusted: Bool {
        guard service != nil, let lastActivity else { return false }
        if now().timeIntervalSince(lastActivity) >= idleTimeout {
            lock()
            return false
        }
        return true
    }

    /// Seconds until the idle timeout locks the session, or nil when locked.
    public var timeRemaining: TimeInterval? {
        guard isTrusted, let lastActivity else { return nil }
        return max(0, idleTimeout - now().timeIntervalSince(lastActivity))
    }

    /// The unlocked vault service, resetting the idle timer; throws `.locked` when the session is not trusted.
    public func trustedService() throws(ServiceFailure) -> LocalVaultService {
        guard isTrusted, let service else { throw ServiceFailure(.locked, "The vault is locked.") }
        lastActivity = now()
        return service
    }
}

@available(*, unavailable)
extension VaultSession: Sendable {}
