import Foundation
import SesameCrypto
import SesameDomains
import SesameStore

/// The platform-neutral heart of a credential provider extension: the four requests the system makes, answered
/// from the vault, with the identity store kept in step.
///
/// ```
/// list(for:)                          → ranked matches                 (needs a trusted session)
/// credential(for:mode:), .withoutUserInteraction → Credential | userInteractionRequired | credentialIdentityNotFound
/// credential(for:mode:), .afterUserInteraction   → authenticate, then Credential | userCanceled | failed | credentialIdentityNotFound
/// configure()                         → authenticate if needed, then a full identity-store replace
/// ```
///
/// *Trusted* means the session was unlocked within its idle timeout (15 minutes by default; every served request
/// restarts it) and has not been locked since. Requests without user interaction never reach the
/// `Authenticator`. A record identifier that names no active item answers `credentialIdentityNotFound` and
/// removes the stale identity from the store. Filling records the item's use in its own short transaction (no
/// new item version, so concurrent edits in other processes are untouched), and the item's identities get the
/// new rank.
///
/// The Apple bridge forwards both generations of entry points here: the iOS 12–16 methods hand over an
/// `ASPasswordCredentialIdentity`, the iOS 17 ones an `ASPasswordCredentialRequest` whose `credentialIdentity`
/// is one; either becomes a ``CredentialIdentity``.
public actor CredentialProvider {
    public static let defaultMaximumAttempts = 3

    /// Wrong master passwords accepted before an authenticated request fails.
    public let maximumAttempts: Int
    let session: VaultSession
    let sync: IdentitySync
    private let authenticator: any Authenticator
    /// Where a configuration that could not write the store leaves its note; nil keeps no note.
    public nonisolated let pendingFullSync: PendingFullSync?
    let now: @Sendable () -> Date
    /// Whether the person proved themselves (master password or biometry) to this provider: the shell makes one
    /// provider per request it is shown for, so this is "the user was verified for this request" (WebAuthn's UV).
    var hasVerifiedUser = false

    /// - Parameters:
    ///   - vaultPath: the vault file (in the App Group container on Apple platforms).
    ///   - publicSuffixList: the list the shell loaded (bundled in the app on Apple platforms).
    ///   - identityStore: the system's store (`ASCredentialIdentityStore` through the bridge).
    ///   - pendingFullSync: the note that a configuration left the store unsynchronised (see ``configure()``).
    ///   - sessionKeeper: keeps the trusted session for other processes (see `SessionKeeper`).
    ///   - maximumKDFMemoryBytes: refuses master-password unlocks whose Argon2id needs more (the extension's
    ///     budget); such vaults unlock there only with a kept or biometric key.
    ///   - keepsIdentitySnapshot: false in the extension, whose full syncs then keep no per-item snapshot
    ///     (`IdentitySync.keepsSnapshot`).
    ///   - now: the clock; tests inject theirs to move time without waiting.
    public init(vaultPath: String, publicSuffixList: PublicSuffixList, identityStore: any IdentityStore,
                authenticator: any Authenticator,
                idleTimeout: TimeInterval = VaultSession.defaultIdleTimeout,
                maximumAttempts: Int = CredentialProvider.defaultMaximumAttempts,
                pendingFullSync: PendingFullSync? = nil, sessionKeeper: (any SessionKeeper)? = nil,
                maximumKDFMemoryBytes: UInt64? = nil, keepsIdentitySnapshot: Bool = true,
                now: @escaping @Sendable () -> Date = { Date() })
    {
        precondition(maximumAttempts >= 1, "at least one attempt")
        let session = VaultSession(
            path: vaultPath, publicSuffixList: publicSuffixList, idleTimeout: idleTimeout, now: now)
        session.keeper = sessionKeeper
        session.maximumKDFMemoryBytes = maximumKDFMemoryBytes
        let sync = IdentitySync(store: identityStore)
        sync.keepsSnapshot = keepsIdentitySnapshot
        // Every change served through the session (fills included) reaches the sync.
        session.onChange = { sync.note($0) }
        self.session = session
        self.sync = sync
        self.authenticator = authenticator
        self.maximumAttempts = maximumAttempts
        self.pendingFullSync = pendingFullSync
        self.now = now
    }

    // MARK: - Session

    /// Checks the session and acts on what it finds (see `VaultSession.refreshTrust()`): true when trusted.
    @discardableResult
    public func refreshTrust() -> Bool { session.refreshTrust() }

    /// Whether this process holds the vault's keys in memory (see `VaultSession.holdsKeys`).
    public var holdsKeys: Bool { session.holdsKeys }

    /// Seconds until the idle deadline this process knows, by this provider's clock, after checking the session;
    /// nil when not trusted. Every request served here pushes it back; one served by another process pushes back
    /// the kept session's, which a check at or after this deadline finds. The containing app sleeps until then to
    /// lock itself in the foreground.
    public func timeRemaining() -> TimeInterval? { session.timeRemaining() }

    /// The trusted session's key for a second handle on the vault (see `VaultSession.keyForSecondHandle()`).
    public func keyForSecondHandle() -> VaultUnlockKey? { session.keyForSecondHandle() }

    /// Locks now: the next request without user interaction answers `userInteractionRequired`.
    public func lock() {
        session.lock()
    }

    /// Unlocks with a password the caller already has (the containing app's own unlock screen); returns the
    /// key it derived, for a biometric copy.
    @discardableResult
    public func unlock(password: SecureBytes) throws(ServiceFailure) -> VaultUnlockKey {
        try session.unlock(password: password)
    }

    /// Unlocks with a key kept earlier (a biometric copy), without Argon2id.
    public func unlock(key: VaultUnlockKey) throws(ServiceFailure) {
        try session.unlock(key: key)
    }

    /// Asks the authenticator until the vault unlocks: `userCanceled` when the user dismisses the prompt,
    /// `failed` after ``maximumAttempts`` wrong passwords or when the vault cannot be opened at all. An unlock
    /// that finds a configuration's note (``pendingFullSync``) runs the full sync it left undone.
    public func authenticate(for purpose: AuthenticationPrompt.Purpose) async throws(ProviderError) {
        try await askUntilUnlocked(for: purpose)
        hasVerifiedUser = true
        if purpose != .configure { await runPendingFullSync() }
    }

    private func askUntilUnlocked(for purpose: AuthenticationPrompt.Purpose) async throws(ProviderError) {
        for attempt in 1...maximumAttempts {
            let prompt = AuthenticationPrompt(purpose: purpose, attempt: attempt, maximumAttempts: maximumAttempts)
            switch await authenticator.authenticate(prompt) {
            case .canceled:
                throw .userCanceled
            case .unlockKey(let key):
                // A stale key (the master password changed since it was kept) counts as a wrong attempt.
                do throws(ServiceFailure) {
                    try session.unlock(key: key)
                    return
                } catch let failure where failure.code == .wrongPassword {
                    continue
                } catch {
                    throw .failed
                }
            case .masterPassword(let password):
                do throws(ServiceFailure) {
                    try session.unlock(password: password)
                    return
                } catch let failure where failure.code == .wrongPassword {
                    continue
                } catch {
                    throw .failed
                }
            }
        }
        throw .failed
    }

    // MARK: - The four requests

    /// The logins for a form's service identifiers (most specific first; none lists every login by recent
    /// use), best first, without secrets. Locked: `userInteractionRequired`; the list UI then calls
    /// ``authenticate(for:)`` with `.list` and asks again.
    public func list(for identifiers: [ServiceIdentifier]) throws(ProviderError) -> [CredentialMatch] {
        let service = try useTrustedService()
        do throws(ServiceFailure) {
            return try service.match(identifiers)
        } catch {
            throw Self.providerError(error)
        }
    }

    /// The credential of the login the user picked in the list.
    public func credential(forItemWithID id: UUID) async throws(ProviderError) -> Credential {
        try await fill(itemID: id, tapped: nil, from: useTrustedService())
    }

    /// The credential behind a tapped suggestion. Without user interaction (the QuickType path) only if the
    /// session is trusted, never prompting: locked → `userInteractionRequired`, and the system asks again after
    /// user interaction, which unlocks through the authenticator if the session is not trusted (a session still
    /// trusted needs no second proof: the request without UI would have answered). Checks the session once.
    public func credential(for identity: CredentialIdentity, mode: RequestMode) async throws(ProviderError)
        -> Credential
    {
        guard let id = identity.itemID else {
            await removeStale(identity)
            throw .credentialIdentityNotFound
        }
        return try await fill(itemID: id, tapped: identity, from: useTrustedService(for: identity, mode: mode))
    }

    /// The extension was enabled: unlock if needed, then replace the store's content with every identity.
    ///
    /// The system offers no way to cancel a configuration, and keeps the provider enabled whatever happens. So
    /// when the unlock is dismissed or fails, or the store refuses the write, the error is thrown (the shell still
    /// completes the configuration) and ``pendingFullSync`` records that the store was not synchronised; the next
    /// unlock, here or in the app, runs the full sync.
    public func configure() async throws(ProviderError) {
        do throws(ProviderError) {
            let vault = try await useTrustedService(authenticatingFor: .configure).vault
            let report: IdentitySyncReport
            do {
                report = try await sync.synchronizeAll(vault: vault, replacing: true)
            } catch {
                throw .failed
            }
            guard report.kind == .replaced else { throw .failed }
            pendingFullSync?.clear()
        } catch {
            pendingFullSync?.mark()
            throw error
        }
    }

    /// Whether a configuration left the store unsynchronised and no full sync has run since.
    public nonisolated var needsFullSync: Bool { pendingFullSync?.isPending ?? false }

    // MARK: - The containing app

    /// Runs calls of the containing app (add, import, edit, trash, delete…) on the trusted session's vault and
    /// brings the identity store along. A failed store write never fails the calls: the vault is the truth, and
    /// the next sync replaces the store's content.
    public func perform<T: Sendable>(_ body: @Sendable (any ContainingAppVault) throws -> T) async throws(ServiceFailure) -> T {
        let result: T
        let service: LocalVaultService
        do {
            service = try session.useTrustedService()
            result = try body(service)
        } catch {
            throw ServiceFailure(error)
        }
        await flushIdentities(vault: service.vault)
        return result
    }

    /// Brings the store to the vault after changes this process did not make (another process, a sync from
    /// another device): the app calls it when it starts or unlocks. Sends only the difference when it can.
    @discardableResult
    public func synchronizeIdentities() async throws -> IdentitySyncReport {
        let vault = try session.useTrustedService().vault
        let pending = needsFullSync
        let report = try await sync.synchronizeAll(vault: vault, replacing: pending)
        if pending, report.kind == .replaced { pendingFullSync?.clear() }
        return report
    }

    // MARK: - Steps

    /// The session's service for one request, checked once (`VaultSession.useTrustedService()`); locked →
    /// `userInteractionRequired`. A request keeps what this returns for all its steps.
    func useTrustedService() throws(ProviderError) -> LocalVaultService {
        do throws(ServiceFailure) {
            return try session.useTrustedService()
        } catch {
            throw Self.providerError(error)
        }
    }

    /// The session's service for a request that may show UI: unlocks through the authenticator first when the
    /// session is not trusted (a session still trusted needs no second proof).
    /// The service for a request about `identity`: trusted already, or (after user interaction) once unlocked.
    func useTrustedService(for identity: CredentialIdentity, mode: RequestMode) async throws(ProviderError)
        -> LocalVaultService
    {
        switch mode {
        case .withoutUserInteraction: try useTrustedService()
        case .afterUserInteraction: try await useTrustedService(authenticatingFor: .fill(identity))
        }
    }

    func useTrustedService(authenticatingFor purpose: AuthenticationPrompt.Purpose) async throws(ProviderError)
        -> LocalVaultService
    {
        if let service = try? session.useTrustedService() { return service }
        try await authenticate(for: purpose)
        return try useTrustedService()
    }

    /// Hands over the credential (the service records the use) and updates the item's rank in the store.
    private func fill(itemID id: UUID, tapped: CredentialIdentity?, from service: LocalVaultService)
        async throws(ProviderError) -> Credential
    {
        let credential: Credential
        do throws(ServiceFailure) {
            credential = try service.credential(for: id)
        } catch {
            if error.code == .notFound, let tapped { await removeStale(tapped, vault: service.vault) }
            throw Self.providerError(error)
        }
        await flushIdentities(vault: service.vault)
        return credential
    }

    /// Best effort, after an unlock: the request that unlocked does not depend on the store.
    private func runPendingFullSync() async {
        guard needsFullSync else { return }
        _ = try? await synchronizeIdentities()
    }

    /// Best effort, on the vault the request used: the answer to the request does not depend on the store.
    func flushIdentities(vault: Vault) async {
        guard sync.hasPendingChanges else { return }
        _ = try? await sync.flush(vault: vault)
    }

    /// Removes an identity that names no active item; `vault` (the trusted session's, if any) lets the sync check
    /// what else it knows of the item.
    func removeStale(_ identity: CredentialIdentity, vault: Vault? = nil) async {
        let vault = vault ?? (try? session.useTrustedService())?.vault
        _ = try? await sync.removeStale(identity, vault: vault)
    }

    static func providerError(_ failure: ServiceFailure) -> ProviderError {
        switch failure.code {
        case .locked: .userInteractionRequired
        case .notFound: .credentialIdentityNotFound
        default: .failed
        }
    }
}
