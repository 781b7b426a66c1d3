import Foundation
import Glibc
import SesameAutoFill
import SesameCrypto
import SesameStore

/// The agent's state without any I/O: the trusted `VaultSession`, the unlock throttle and the rules for
/// unlocking, locking and serving requests. `AgentServer` puts it behind a socket; tests drive it directly with
/// their own clock.
///
/// `VaultSession` (and the `Vault` inside it) is not thread-safe, so every use of it holds `stateLock`. Slow
/// steps stay outside that lock where they can: the throttle's delay always, and checking the password of an
/// unlock that arrives while the session is already unlocked (Argon2id on a second handle). Unlocking a locked
/// session runs Argon2id under the lock; other requests then wait for it, but would only have heard "locked".
final class AgentCore: @unchecked Sendable {
    // @unchecked: mutable state is guarded: `session` and `unlockedVault` by `stateLock`, `throttle` by
    // `throttleLock`, `isStopping` by `pause`; `unlockGate` lets one unlock attempt run at a time.
    let pid: Int32
    let defaultIdleTimeout: TimeInterval
    private let now: @Sendable () -> Date
    private let logger: AgentLogger
    private let delayHook: (@Sendable (TimeInterval) -> Void)?
    private let onUnlock: @Sendable () -> Void

    private let stateLock = NSLock()
    private var session: VaultSession?
    /// Observes the unlocked vault without keeping it alive: nil once locking released the keys.
    private weak var unlockedVault: Vault?

    private let unlockGate = NSLock()
    private let throttleLock = NSLock()
    private var throttle = UnlockThrottle()

    private let pause = NSCondition()
    private var isStopping = false

    /// - Parameters:
    ///   - now: the clock of the session and the throttle; tests move it by hand.
    ///   - delayHook: replaces the throttle's real wait (tests record the delays instead of sleeping).
    ///   - onUnlock: called after every unlock, so a timer can re-arm for the new deadline.
    init(
        defaultIdleTimeout: TimeInterval = VaultSession.defaultIdleTimeout, logger: AgentLogger = .disabled,
        now: @escaping @Sendable () -> Date = { Date() }, delayHook: (@Sendable (TimeInterval) -> Void)? = nil,
        onUnlock: @escaping @Sendable () -> Void = {}
    ) {
        pid = getpid()
        self.defaultIdleTimeout = defaultIdleTimeout
        self.logger = logger
        self.now = now
        self.delayHook = delayHook
        self.onUnlock = onUnlock
    }

    // MARK: - Requests

    /// Runs a vault request through the core, if the session holds `vault` unlocked; resets the idle timer.
    func perform(_ request: VaultRequest, vault path: String) throws(ServiceFailure) -> VaultResponse {
        // Requests that check the master password are guesses too: they queue behind the same throttle.
        let checksPassword = Self.checksMasterPassword(request)
        if checksPassword {
            unlockGate.lock()
        }
        defer { if checksPassword { unlockGate.unlock() } }
        if checksPassword { try waitForThrottle() }

        let result: Result<VaultResponse, ServiceFailure>
        stateLock.lock()
        do throws(ServiceFailure) {
            let session = try sessionServing(path)
            result = .success(try session.perform(request))
        } catch {
            result = .failure(error)
        }
        stateLock.unlock()

        switch result {
        case .failure(let failure) where failure.code == .wrongPassword:
            recordFailure()
        case .success where checksPassword:
            resetThrottle()
        default:
            break
        }
        return try result.get()
    }

    /// The requests that carry the master password for the holder to check. One case is named here on purpose:
    /// every other request, including kinds added later, is forwarded without the agent knowing it.
    static func checksMasterPassword(_ request: VaultRequest) -> Bool {
        if case .changeMasterPassword = request { return true }
        return false
    }

    /// The status, after resetting the idle timer if the session holds `vault` unlocked: a client calls this
    /// before sending requests, so the vault does not lock between the check and the first request.
    func attach(vault path: String) -> AgentStatus {
        stateLock.lock()
        defer { stateLock.unlock() }
        noteIfExpired()
        if let session, Self.sameVault(session.path, path), session.isTrusted {
            _ = try? session.trustedService()
        }
        return makeStatus()
    }

    /// Unlocks `vault` with the master password, or, when it is already unlocked, checks the password and applies
    /// the new idle timeout. One attempt runs at a time; after failures, attempts wait (see `UnlockThrottle`).
    func unlock(vault path: String, password: SecureBytes, idleTimeout: TimeInterval?) throws(ServiceFailure)
        -> AgentStatus
    {
        guard path.hasPrefix("/") else { throw ServiceFailure(.invalidInput, "The vault path must be absolute.") }
        let path = AgentVaultPath.canonical(path)
        let timeout = idleTimeout ?? defaultIdleTimeout
        guard timeout > 0, timeout.isFinite else {
            throw ServiceFailure(.invalidInput, "The idle timeout must be a positive number of seconds.")
        }
        unlockGate.lock()
        defer { unlockGate.unlock() }
        try waitForThrottle()

        stateLock.lock()
        if let session, session.path != path, session.isTrusted {
            stateLock.unlock()
            throw ServiceFailure(
                .unavailable, "The agent holds \(session.path) unlocked; lock it first with 'sesame lock'.")
        }
        let alreadyUnlocked = session?.path == path && session?.isTrusted == true
        if !alreadyUnlocked {
            defer { stateLock.unlock() }
            let target = session?.path == path ? session! : VaultSession(path: path, idleTimeout: timeout, now: now)
            target.idleTimeout = timeout
            do {
                try target.unlock(password: password)
            } catch {
                recordFailureIfWrong(error)
                throw error
            }
            session = target
            unlockedVault = try? target.trustedService().vault
            return finishUnlock(path: path, timeout: timeout)
        }
        stateLock.unlock()

        // Already unlocked: check the password on a second handle, without holding up other requests.
        do {
            let check = try Vault(path: path)
            try check.unlock(password: password)
            check.lock()
        } catch {
            let failure = ServiceFailure(error)
            recordFailureIfWrong(failure)
            throw failure
        }
        stateLock.lock()
        defer { stateLock.unlock() }
        if let session, session.path == path, session.isTrusted {
            session.idleTimeout = timeout
            _ = try? session.trustedService()
        } else {
            // It locked while the password was checked: unlock again.
            let target = session?.path == path ? session! : VaultSession(path: path, idleTimeout: timeout, now: now)
            target.idleTimeout = timeout
            try target.unlock(password: password)
            session = target
            unlockedVault = try? target.trustedService().vault
        }
        return finishUnlock(path: path, timeout: timeout)
    }

    /// Locks now: the vault keys are released and zeroed.
    @discardableResult
    func lock() -> AgentStatus {
        stateLock.lock()
        defer { stateLock.unlock() }
        let wasUnlocked = unlockedVault != nil
        session?.lock()
        if wasUnlocked { logger.info("Locked on request", metadata: ["vault.path": session?.path ?? ""]) }
        return makeStatus()
    }

    func status() -> AgentStatus {
        stateLock.lock()
        defer { stateLock.unlock() }
        noteIfExpired()
        return makeStatus()
    }

    /// Locks the session if its idle timeout has passed; returns the time left, or nil when locked. The agent's
    /// timer calls this at each deadline, so the key is wiped on time even when no request arrives.
    @discardableResult
    func lockIfIdle() -> TimeInterval? {
        stateLock.lock()
        defer { stateLock.unlock() }
        noteIfExpired()
        return session?.timeRemaining
    }

    /// True while the vault object that held the keys is still alive. Tests use it to see the key was released
    /// by the timer, without a status request that would lock lazily.
    var holdsKeys: Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        return unlockedVault?.isUnlocked == true
    }

    /// Ends throttle waits and locks; the agent is shutting down.
    func stop() {
        pause.lock()
        isStopping = true
        pause.broadcast()
        pause.unlock()
        lock()
    }

    // MARK: - Helpers (callers hold the locks named)

    /// stateLock: the session, if it holds `path` unlocked.
    private func sessionServing(_ path: String) throws(ServiceFailure) -> VaultSession {
        noteIfExpired()
        guard let session, session.isTrusted else { throw ServiceFailure(.locked, "The vault is locked.") }
        guard Self.sameVault(session.path, path) else {
            throw ServiceFailure(.unavailable, "The agent holds another vault unlocked (\(session.path)).")
        }
        return session
    }

    /// Whether a client's path names the session's vault (which is canonical already).
    static func sameVault(_ sessionPath: String, _ path: String) -> Bool {
        sessionPath == path || sessionPath == AgentVaultPath.canonical(path)
    }

    /// stateLock: logs the moment the idle timeout locked the session (checking `isTrusted` locks it).
    private func noteIfExpired() {
        guard unlockedVault != nil, let session else { return }
        if !session.isTrusted {
            logger.info("Locked after the idle timeout", metadata: ["vault.path": session.path])
        }
    }

    /// stateLock.
    private func makeStatus() -> AgentStatus {
        let remaining = session?.timeRemaining
        return AgentStatus(
            pid: pid, vault: session?.path, isUnlocked: remaining != nil,
            idleTimeout: session?.idleTimeout ?? defaultIdleTimeout, timeLeft: remaining)
    }

    /// stateLock.
    private func finishUnlock(path: String, timeout: TimeInterval) -> AgentStatus {
        resetThrottle()
        logger.info("Unlocked", metadata: ["vault.path": path, "idle.timeout": "\(Int(timeout))"])
        onUnlock()
        return makeStatus()
    }

    private func recordFailureIfWrong(_ error: any Error) {
        if ServiceFailure(error).code == .wrongPassword { recordFailure() }
    }

    private func recordFailure() {
        throttleLock.lock()
        throttle.recordFailure(at: now())
        let failures = throttle.failures
        throttleLock.unlock()
        logger.warning("A master password attempt failed", metadata: [
            "attempts.failed": "\(failures)", "next.delay": "\(Int(UnlockThrottle.delay(afterFailures: failures)))",
        ])
    }

    private func resetThrottle() {
        throttleLock.lock()
        throttle.reset()
        throttleLock.unlock()
    }

    /// unlockGate: waits out the throttle's delay; other requests are served meanwhile.
    private func waitForThrottle() throws(ServiceFailure) {
        throttleLock.lock()
        let delay = throttle.remainingDelay(at: now())
        throttleLock.unlock()
        guard delay > 0 else { return }
        logger.info("Delaying a master password attempt", metadata: ["delay.seconds": String(format: "%.1f", delay)])
        if let delayHook {
            delayHook(delay)
            return
        }
        let until = Date(timeIntervalSinceNow: delay)
        pause.lock()
        while !isStopping && Date() < until { _ = pause.wait(until: until) }
        let stopping = isStopping
        pause.unlock()
        if stopping { throw ServiceFailure(.unavailable, "The agent is shutting down.") }
    }
}
