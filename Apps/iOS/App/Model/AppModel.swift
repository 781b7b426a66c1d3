#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import SesameAutoFill
import SesameAutoFillApple
import SesameCrypto
import SesameStore
import SesameSync
import UIKit

/// The containing app's state and actions; the SwiftUI screens only draw it and call it. Every edit goes through
/// the core's provider, so the identity store follows the vault after each change, and each unlock reconciles
/// it (a full replace when a configuration was cancelled, or in a new process). Beside the vault list: sync through
/// a picked folder (``sync``), one-time codes and copying, audit and trash, each in its own file of this folder.
@MainActor
public final class AppModel {
    public let environment: SesameEnvironment
    public let provider: CredentialProvider
    public private(set) var items: [ItemSummary] = []
    public var query = ""
    public private(set) var autoFill: AutoFillStatus = .off
    /// Whether the vault list shows: true after an unlock, false once the session ended (a lock here or in
    /// another process, the auto-lock).
    public private(set) var isUnlocked = false
    public var onChange: (() -> Void)?
    /// Brings the lock screen back as soon as another process ends the session.
    private var sessionEndSignal: SessionEndSignal?
    /// The one pending auto-lock while the vault list shows: it sleeps until the session's idle deadline.
    private var autoLock: Task<Void, Never>?
    /// Sync with the person's other devices through a folder they picked.
    public let sync: AppSync
    /// Where copied codes and passwords go (the general pasteboard in the app).
    let pasteboard: UIPasteboard
    /// How long a copied code or password stays on the pasteboard before the system clears it.
    public var pasteboardLifetime: TimeInterval = 60
    /// The session's clock, which also dates codes, copies and exports.
    let now: @Sendable () -> Date

    /// - Parameters:
    ///   - now: the session's clock, which decides the auto-lock; tests move theirs by hand.
    ///   - pasteboard: where copies go; tests give each app a pasteboard of its own.
    public init(environment: SesameEnvironment, authenticator: any Authenticator = UnlockPrompt(),
                pasteboard: UIPasteboard = .general, now: @escaping @Sendable () -> Date = { Date() }) {
        self.environment = environment
        self.pasteboard = pasteboard
        self.now = now
        provider = CredentialProvider(
            vaultPath: environment.vaultPath, publicSuffixList: environment.publicSuffixList,
            identityStore: environment.identityStore, authenticator: authenticator,
            idleTimeout: environment.idleTimeout, pendingFullSync: PendingFullSync(path: environment.pendingFullSyncPath),
            sessionKeeper: KeychainSessionKeeper(environment), now: now)
        biometricKey = BiometricKey(accessGroup: environment.keychainGroup)
        sync = AppSync(provider: provider, vaultPath: environment.vaultPath, publicSuffixList: environment.publicSuffixList)
        sessionEndSignal = SessionEndSignal(name: environment.sessionEndedSignalName) { [weak self] in
            Task { @MainActor in await self?.checkSession() }
        }
        sync.onChange = { [weak self] in self?.onChange?() }
        sync.afterMerge = { [weak self] in
            guard let self else { return }
            // Merged changes come from another device: the suggestions above the keyboard follow them.
            _ = try? await provider.synchronizeIdentities()
            try? await reload()
        }
    }

    public let biometricKey: BiometricKey

    public var vaultExists: Bool { FileManager.default.fileExists(atPath: environment.vaultPath) }

    /// Creates the vault in the App Group container (Argon2id at Sesame's default cost, which the app, unlike
    /// the extension, can afford), then unlocks it.
    public func createVault(password: String) async throws {
        let secret = SecureBytes(utf8: password)
        let vault = try Vault.create(
            at: environment.vaultPath, password: secret, kdf: KDFParameters.generate(),
            publicSuffixList: environment.publicSuffixList)
        vault.close()
        try await unlock(password: password)
    }

    /// Unlocks with the master password, then brings the identity store to the vault. The session is kept for
    /// the extension until the auto-lock timeout; a biometric copy, when turned on, is refreshed (the key changes
    /// with the master password).
    public func unlock(password: String) async throws {
        let key = try await provider.unlock(password: SecureBytes(utf8: password))
        if biometricKey.isStored { try? biometricKey.store(key) }
        try await reconcileAndReload()
    }

    /// After any unlock: the store follows changes other processes made; a failed store write never fails it. Then
    /// a sync round, when a folder is picked.
    private func reconcileAndReload() async throws {
        _ = try? await provider.synchronizeIdentities()
        isUnlocked = true
        scheduleAutoLock()
        try await reload()
        sync.start()
    }

    /// Sleeps until the idle deadline, reads it again (use here or in an extension may have pushed it back) and
    /// sleeps on, until the session is no longer trusted: the core then ends it everywhere, as any idle expiry.
    private func scheduleAutoLock() {
        autoLock?.cancel()
        autoLock = Task { [weak self] in
            while let remaining = await self?.provider.timeRemaining() {
                do {
                    try await Task.sleep(for: .seconds(remaining))
                } catch {
                    return  // Cancelled: a lock, or a new unlock that scheduled its own.
                }
            }
            await self?.checkSession()
        }
    }

    /// Unlocks with the biometric copy of the unlock key (the keychain prompts for Face ID / Touch ID on a
    /// device), without Argon2id. False when the person cancelled the prompt or no copy is stored; a copy from
    /// before a master-password change throws `wrongPassword`, and the screen falls back to the password.
    public func unlockWithBiometry() async throws -> Bool {
        guard let key = biometricKey.read() else { return false }
        try await provider.unlock(key: key)
        try await reconcileAndReload()
        return true
    }

    /// At start: whether the session is still trusted (kept for its idle timeout across processes), in which case
    /// the vault list shows without a new unlock and the identity store is brought to the vault.
    public func resume() async throws -> Bool {
        guard await provider.refreshTrust() else { return false }
        try await reconcileAndReload()
        return true
    }

    /// Turns Face ID / Touch ID unlock on (the password proves it is the owner) or off.
    public func setBiometricUnlock(_ enabled: Bool, password: String) async throws {
        guard enabled else { return biometricKey.remove() }
        try biometricKey.store(try await provider.unlock(password: SecureBytes(utf8: password)))
    }

    /// Locks here and in every extension process, which wipe their keys at once (`SessionEndSignal`).
    public func lock() async {
        await provider.lock()
        showLocked()
    }

    /// Shows the lock screen once the session is no longer trusted: another process ended it (its signal), or
    /// the auto-lock passed (the pending auto-lock in the foreground; the app checks again when it comes back to
    /// the foreground, in case the system suspended it past the deadline).
    public func checkSession() async {
        // Checked again after the wait: a lock or another check may have shown the lock screen meanwhile.
        guard isUnlocked, !(await provider.refreshTrust()), isUnlocked else { return }
        showLocked()
    }

    private func showLocked() {
        sync.stop()
        autoLock?.cancel()
        autoLock = nil
        isUnlocked = false
        items = []
        onChange?()
    }

    /// The items whose title, user name or a URL contains the query, as the list shows them.
    public var visibleItems: [ItemSummary] {
        let needle = query.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return items }
        return items.filter { item in
            ([item.title, item.username] + item.urls).contains {
                $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }
        }
    }

    @discardableResult
    public func add(_ item: Item) async throws -> ItemView {
        let view = try await provider.perform { try $0.add(item) }
        try await reload()
        sync.noteLocalChange()
        return view
    }

    @discardableResult
    public func update(_ id: UUID, _ change: ItemChange) async throws -> ItemView {
        let view = try await provider.perform { try $0.update(id, change) }
        try await reload()
        sync.noteLocalChange()
        return view
    }

    public func moveToTrash(_ id: UUID) async throws {
        try await provider.perform { try $0.moveToTrash(id) }
        try await reload()
        sync.noteLocalChange()
    }

    /// Changes the master password, which also rotates the vault key. Every other process holds the old keys and
    /// the keychain keeps the old unlock key: the session ends everywhere (extensions wipe theirs at once), then
    /// starts again here under the new password, which the extension restores and the biometric copy follows.
    public func changeMasterPassword(current: String, new: String) async throws {
        try await provider.perform {
            try $0.changeMasterPassword(
                current: SecureBytes(utf8: current), new: SecureBytes(utf8: new), kdfMemoryMiB: nil, kdfPasses: nil)
        }
        await provider.lock()
        try await unlock(password: new)
    }

    /// A new password for the add and edit screens, from the core's generator.
    public func generatePassword(_ generator: PasswordGenerator = PasswordGenerator()) throws -> String {
        try generator.generate()
    }

    // MARK: - Foreground and background

    /// The app left the foreground: rounds stop and the sync folder's presenter is removed before the system
    /// suspends the app (a suspended presenter can stall other processes' coordinated access).
    public func enterBackground() {
        sync.stop()
    }

    /// The app is in the foreground again: the lock screen if the session ended meanwhile, else a round.
    public func enterForeground() async {
        await checkSession()
        if isUnlocked { sync.start() }
    }

    // MARK: - Sync setup

    /// Makes a folder picked in the document picker this vault's sync folder (see ``AppSync``); the master password
    /// is asked again, as `sesame sync setup` asks it: it wraps the sync key for the devices that join.
    public func setUpSync(in folder: URL, masterPassword: String) async throws {
        try await sync.setUp(folder: folder, masterPassword: masterPassword)
    }

    /// On a new install (no vault yet): creates this device's vault from the synced vault in a picked folder, as
    /// `sesame sync clone folder` does, then unlocks it; the first round brings every login in.
    public func joinSyncedVault(in folder: URL, password: String) async throws {
        guard !vaultExists else { throw AppFailure("This iPhone has a vault already.") }
        let secret = SecureBytes(utf8: password)
        let path = environment.vaultPath
        let list = environment.publicSuffixList
        try await Task.detached {
            try SecurityScope.accessing(folder) {
                let transport = CoordinatedFolderTransport(folder: folder, presenter: nil)
                guard let bytes = try transport.readHeader() else {
                    throw AppFailure("\(folder.lastPathComponent) holds no synced vault (no \(SyncHeader.fileName)).")
                }
                let header = try SyncHeader(decoding: bytes)
                do {
                    try Vault.cloneForSync(at: path, header: header, password: secret, publicSuffixList: list).close()
                } catch VaultError.wrongPassword {
                    throw AppFailure("That is not the master password of the synced vault.")
                }
            }
        }.value
        try sync.remember(folder)
        try await unlock(password: password)
    }

    // MARK: - AutoFill

    /// Reads AutoFill's real state from the system's store (and whether a configuration was cancelled).
    public func refreshAutoFillStatus() async {
        let state = await environment.identityStore.state()
        autoFill = AutoFillStatus(isEnabled: state.isEnabled, needsFullSync: provider.needsFullSync)
        onChange?()
    }

    /// Opens Settings at the AutoFill providers.
    public func openAutoFillSettings() async throws {
        try await ASSettingsHelper.openCredentialProviderAppSettings()
    }

    /// iOS 18: asks the system to turn Sesame's provider on (it prompts the person), then reads the state again.
    @available(iOS 18.0, *)
    public func requestTurningOnAutoFill() async {
        _ = await ASSettingsHelper.requestToTurnOnCredentialProviderExtension()
        await refreshAutoFillStatus()
    }

    func reload() async throws {
        items = try await provider.perform { try $0.list().items }
        onChange?()
    }
}
#endif
