import Foundation
import Glibc
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameDomains
import SesameStore

/// The agent's state without any I/O: the unlocked vault, its idle timer, the unlock throttle and the rules for
/// unlocking, locking and serving requests. Whether the held session is still trusted is `SessionTrust`'s rule,
/// the same the AutoFill extension's `VaultSession` follows; this type decides only when to ask and how to let go
/// (under its locks, below). `AgentServer` puts it behind a socket; tests drive it directly with their own clock.
///
/// Two locks, never nested the other way round, and neither held while waiting for anything slow that does not
/// need it:
/// - `stateLock` guards which vault is held, its idle deadline and the status. Held only for a few instructions,
///   so `status`, `lock`, `attach` and every hello are answered at once, whatever else runs.
/// - `vaultLock` serialises use of the held `Vault` (one SQLite handle, one owner at a time). A request holds it
///   while the core works; wiping a vault's keys takes it too, so a key is never wiped under a running request.
///   Order: `vaultLock` may take `stateLock` inside it, never the reverse.
///
/// An unlock runs Argon2id holding neither: it opens and unlocks its own `Vault`, then swaps it in under
/// `stateLock`. `unlockGate` lets one master-password attempt run at a time (the throttle counts them).
final class AgentCore: @unchecked Sendable {
    // @unchecked: mutable state is guarded: `held`, `lastPath`, `idleTimeout` by `stateLock`; `throttle` by
    // `throttleLock`; `isStopping` by `pause`; use of a held `Vault` by `vaultLock`.
    let pid: Int32
    let defaultIdleTimeout: TimeInterval
    /// Handed to every vault the agent opens: the list of the command that started it.
    let publicSuffixList: PublicSuffixList
    private let now: @Sendable () -> Date
    private let logger: AgentLogger
    private let delayHook: (@Sendable (TimeInterval) -> Void)?
    private let onUnlock: @Sendable () -> Void
    private let openVault: @Sendable (String, SecureBytes, PublicSuffixList) throws -> Vault

    /// The unlocked vault and its session's trust (its idle timeout and last use).
    private final class Held: @unchecked Sendable {
        // @unchecked: `trust` is guarded by the core's `stateLock`, use of `service` by its `vaultLock`.
        let path: String
        let service: LocalVaultService
        var trust: SessionTrust
        init(path: String, service: LocalVaultService, trust: SessionTrust) {
            self.path = path
            self.service = service
            self.trust = trust
        }
    }

    private let stateLock = NSLock()
    private var held: Held?
    /// The vault held last (reported while locked), and the idle timeout of the last unlock.
    private var lastPath: String?
    private var idleTimeout: TimeInterval
    /// Observes the unlocked vault without keeping it alive: nil once locking released the keys.
    private weak var unlockedVault: Vault?

    private let vaultLock = NSLock()
    private let pendingWipes = DispatchGroup()

    private let unlockGate = NSLock()
    private let throttleLock = NSLock()
    private var throttle = UnlockThrottle()

    private let pause = NSCondition()
    private var isStopping = false

    /// Browser association requests waiting for the user.
    let browserPairing = BrowserPairing()

    /// - Parameters:
    ///   - now: the clock of the idle timer and the throttle; tests move it by hand.
    ///   - delayHook: replaces the throttle's real wait (tests record the delays instead of sleeping).
    ///   - onUnlock: called after every unlock, so a timer can re-arm for the new deadline.
    ///   - openVault: opens and unlocks a vault (Argon2id) with the agent's list; tests slow it down to show nobody
    ///     waits for it.
    init(
        publicSuffixList: PublicSuffixList, defaultIdleTimeout: TimeInterval = VaultSession.defaultIdleTimeout,
        logger: AgentLogger = .disabled,
        now: @escaping @Sendable () -> Date = { Date() }, delayHook: (@Sendable (TimeInterval) -> Void)? = nil,
        onUnlock: @escaping @Sendable () -> Void = {},
        openVault: @escaping @Sendable (String, SecureBytes, PublicSuffixList) throws -> Vault = AgentCore.unlockVault
    ) {
        pid = getpid()
        self.defaultIdleTimeout = defaultIdleTimeout
        idleTimeout = defaultIdleTimeout
        self.publicSuffixList = publicSuffixList
        self.logger = logger
        self.now = now
        self.delayHook = delayHook
        self.onUnlock = onUnlock
        self.openVault = openVault
    }

    static func unlockVault(path: String, password: SecureBytes, publicSuffixList: PublicSuffixList) throws -> Vault {
        let vault = try Vault(path: path, publicSuffixList: publicSuffixList)
        try vault.unlock(password: password)
        return vault
    }

    // MARK: - Requests

    /// Runs `body` on the held vault if it is `path`, after resetting the idle timer. Operations that prove the
    /// master password again wait behind the unlock throttle and count towards it.
    func serve<T>(
        vault path: String, policy: OperationPolicy, _ body: (LocalVaultService) throws(ServiceFailure) -> T
    ) throws(ServiceFailure) -> T {
        guard policy.needsMasterPassword else { return try withVault(path, body) }
        unlockGate.lock()
        defer { unlockGate.unlock() }
        try waitForThrottle()
        do {
            let result = try withVault(path, body)
            resetThrottle()
            return result
        } catch {
            if error.code == .wrongPassword { recordFailure() }
            throw error
        }
    }

    private func withVault<T>(_ path: String, _ body: (LocalVaultService) throws(ServiceFailure) -> T)
        throws(ServiceFailure) -> T
    {
        stateLock.lock()
        let expired = detachIfExpired()
        let touched = Result { () throws(ServiceFailure) in try heldServing(path).trust.recordUse(at: now()) }
        stateLock.unlock()
        wipe(expired)
        try touched.get()

        vaultLock.lock()
        defer { vaultLock.unlock() }
        // Whatever happened while this request waited for the vault (a lock, an unlock on a fresh handle), it
        // runs on the vault held now, which nobody can wipe while the vault lock is held.
        stateLock.lock()
        let current = Result { () throws(ServiceFailure) in try heldServing(path).service }
        stateLock.unlock()
        return try body(current.get())
    }

    /// Runs `body` on the held vault (`path`, when given, must be the one held) without counting as use: the idle
    /// timer runs on, so the agent's own sync never keeps the vault unlocked. Throws a `locked` failure when no
    /// vault is held; `body`'s errors pass through as they are.
    func withHeldVault<T>(path: String? = nil, _ body: (String, Vault) throws -> T) throws -> T {
        stateLock.lock()
        let expired = detachIfExpired()
        stateLock.unlock()
        wipe(expired)
        vaultLock.lock()
        defer { vaultLock.unlock() }
        stateLock.lock()
        let current = held
        stateLock.unlock()
        guard let current, path.map({ Self.sameVault(current.path, $0) }) ?? true else {
            throw ServiceFailure(.locked, "The vault is locked.")
        }
        return try body(current.path, current.service.vault)
    }

    /// The status, after resetting the idle timer if `vault` is held unlocked: a client calls this before sending
    /// requests, so the vault does not lock between the check and the first request.
    func attach(vault path: String) -> AgentStatus {
        stateLock.lock()
        let expired = detachIfExpired()
        if let held, Self.sameVault(held.path, path) { held.trust.recordUse(at: now()) }
        let status = makeStatus()
        stateLock.unlock()
        wipe(expired)
        return status
    }

    /// Unlocks `vault` with the master password; when it is unlocked already, the password is checked all the
    /// same and the new idle timeout applies. One attempt runs at a time; after failures, attempts wait (see
    /// `UnlockThrottle`). Argon2id runs holding no lock that other clients need.
    func unlock(vault path: String, password: SecureBytes, idleTimeout requested: TimeInterval?) throws(ServiceFailure)
        -> AgentStatus
    {
        guard path.hasPrefix("/") else { throw ServiceFailure(.invalidInput, "The vault path must be absolute.") }
        let path = AgentVaultPath.canonical(path)
        let timeout = requested ?? defaultIdleTimeout
        guard timeout > 0, timeout.isFinite else {
            throw ServiceFailure(.invalidInput, "The idle timeout must be a positive number of seconds.")
        }
        unlockGate.lock()
        defer { unlockGate.unlock() }
        try waitForThrottle()
        stateLock.lock()
        let expired = detachIfExpired()
        let other = held.flatMap { $0.path != path ? $0.path : nil }
        stateLock.unlock()
        wipe(expired)
        if let other {
            throw ServiceFailure(.unavailable, "The agent holds \(other) unlocked; lock it first with 'sesame lock'.")
        }

        let vault: Vault
        do {
            vault = try openVault(path, password, publicSuffixList)
        } catch {
            let failure = ServiceFailure(error)
            if failure.code == .wrongPassword { recordFailure() }
            throw failure
        }

        stateLock.lock()
        let replaced = held
        if let replaced, replaced.path != path {
            // Another vault was unlocked meanwhile (cannot happen under the gate, but never hold two).
            stateLock.unlock()
            vault.lock()
            throw ServiceFailure(.unavailable, "The agent holds \(replaced.path) unlocked; lock it first with 'sesame lock'.")
        }
        held = Held(
            path: path, service: LocalVaultService(vault: vault, now: now),
            trust: SessionTrust(idleTimeout: timeout, lastUse: now()))
        lastPath = path
        idleTimeout = timeout
        unlockedVault = vault
        let status = makeStatus()
        stateLock.unlock()
        // Already unlocked: the fresh handle replaces the old one, whose keys are wiped once no request uses it.
        wipe(replaced)

        resetThrottle()
        logger.info("Unlocked", metadata: ["vault.path": path, "idle.timeout": "\(Int(timeout))"])
        onUnlock()
        return status
    }

    /// Locks now: answers at once, even while a request is using the vault; the keys are wiped as soon as no
    /// request uses them.
    @discardableResult
    func lock() -> AgentStatus {
        stateLock.lock()
        let released = held
        held = nil
        let status = makeStatus()
        stateLock.unlock()
        if let released {
            logger.info("Locked on request", metadata: ["vault.path": released.path])
            wipe(released)
        }
        return status
    }

    func status() -> AgentStatus {
        stateLock.lock()
        let expired = detachIfExpired()
        let status = makeStatus()
        stateLock.unlock()
        wipe(expired)
        return status
    }

    /// Locks if the idle timeout has passed; returns the time left, or nil when locked. The agent's timer calls
    /// this at each deadline, so the key is wiped on time even when no request arrives.
    @discardableResult
    func lockIfIdle() -> TimeInterval? {
        stateLock.lock()
        let expired = detachIfExpired()
        let remaining = timeRemaining()
        stateLock.unlock()
        wipe(expired)
        return remaining
    }

    /// True while the vault object that held the keys is still alive and unlocked. Tests use it to see the key was
    /// released by the timer, without a status request.
    var holdsKeys: Bool {
        vaultLock.withLock { stateLock.withLock { unlockedVault?.isUnlocked == true } }
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

    /// stateLock: the held vault, if it is `path`.
    private func heldServing(_ path: String) throws(ServiceFailure) -> Held {
        guard let held else { throw ServiceFailure(.locked, "The vault is locked.") }
        guard Self.sameVault(held.path, path) else {
            throw ServiceFailure(.unavailable, "The agent holds another vault unlocked (\(held.path)).")
        }
        return held
    }

    /// Whether a client's path names the held vault (which is canonical already).
    static func sameVault(_ heldPath: String, _ path: String) -> Bool {
        heldPath == path || heldPath == AgentVaultPath.canonical(path)
    }

    /// stateLock: lets go of the vault once it is no longer trusted (the agent shares its session with no other
    /// process, so only the idle timeout ends it); the caller wipes it after releasing the lock.
    private func detachIfExpired() -> Held? {
        guard let held, held.trust.verdict(at: now()).timeLeft == nil else { return nil }
        self.held = nil
        logger.info("Locked after the idle timeout", metadata: ["vault.path": held.path])
        return held
    }

    /// stateLock.
    private func timeRemaining() -> TimeInterval? {
        held.map { max(0, $0.trust.timeLeft(at: now())) }
    }

    /// stateLock.
    private func makeStatus() -> AgentStatus {
        let remaining = timeRemaining()
        return AgentStatus(
            pid: pid, vault: held?.path ?? lastPath, isUnlocked: remaining != nil, idleTimeout: idleTimeout,
            timeLeft: remaining)
    }

    /// Wipes a vault's keys: at once when no request uses the vault, else as soon as that request ends, without
    /// making the caller (a `lock`, the timer) wait for it. Call without `stateLock`.
    private func wipe(_ released: Held?) {
        guard let released else { return }
        if vaultLock.try() {
            released.service.vault.lock()
            vaultLock.unlock()
            return
        }
        pendingWipes.enter()
        Thread.detachNewThread { [self] in
            vaultLock.withLock { released.service.vault.lock() }
            pendingWipes.leave()
        }
    }

    /// Blocks until every wipe handed to another thread has happened (the agent waits for them as it stops).
    func waitForWipes() {
        pendingWipes.wait()
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
