#if canImport(UIKit)
import Foundation
import SesameAutoFill
import SesameCrypto
import SesameDomains
import SesameStore
import SesameSync
import UIKit

/// Sync with the person's other devices through a folder they picked in Files (iCloud Drive, or any file provider):
/// the same per-device encrypted batch files as `sesame sync` over a synced folder (docs/sync.md), so an iPhone and
/// a Linux laptop share one folder.
///
/// Rounds run only in the app, never in the AutoFill extension (which only reads the vault), and only while the
/// app is unlocked and in the foreground: when it becomes so (launch, unlock, back from the background), a short
/// while after each change made here, when its presenter hears that another process wrote in the folder, and when
/// the person asks. One round runs at a time; what asks meanwhile gets one more round afterwards. Each round opens
/// its own handle on the vault with the session's key, off the main thread, and never holds the session's: a
/// coordinated read that waits for a download stalls nothing else. Rounds are not use: they keep nothing unlocked.
@MainActor
public final class AppSync {
    public private(set) var status: SyncStatus = .off
    /// The picked folder's name, while one is picked.
    public private(set) var folderName: String?
    /// What the last round did, in `sesame sync`'s terms.
    public private(set) var lastSummary: SyncRunReport.Summary?
    /// Items edited on two devices at once (`sesame conflicts`).
    public private(set) var conflicts: [SyncConflictRow] = []
    /// Called after every change of the above.
    public var onChange: (() -> Void)?
    /// How long after a change made here a round starts: a burst of edits makes one batch.
    public var delayAfterChange: Duration = .seconds(2)
    /// How long after another process wrote in the folder a round starts: a provider brings several files at once.
    public var delayAfterFolderChange: Duration = .milliseconds(500)
    /// Wraps each round, so that the shell can ask the system for time to finish one the person leaves the app
    /// during (`UIApplication.beginBackgroundTask`): a process suspended inside a vault transaction is killed.
    public var aroundRound: (@MainActor (@escaping @MainActor () async -> Void) async -> Void)?

    private let provider: CredentialProvider
    private let vaultPath: String
    private let publicSuffixList: PublicSuffixList
    private let bookmark: SyncFolderBookmark
    /// Runs after a round or a kept version changed items: the list and the identity store follow.
    var afterMerge: (@MainActor () async -> Void)?
    private var folder: URL?
    private var presenter: SyncFolderPresenter?
    /// Unlocked and in the foreground.
    private var active = false
    private var scheduled: Task<Void, Never>?
    private var running = false
    private var runAgain = false

    init(provider: CredentialProvider, vaultPath: String, publicSuffixList: PublicSuffixList) {
        self.provider = provider
        self.vaultPath = vaultPath
        self.publicSuffixList = publicSuffixList
        bookmark = SyncFolderBookmark(vaultPath: vaultPath)
    }

    /// Whether a folder was picked (a bookmark is kept), whatever the state of the last round.
    public var isConfigured: Bool { bookmark.exists }

    // MARK: - Rounds

    /// The app is unlocked and in the foreground: listen to the folder, and a round starts (without holding up the
    /// unlock that called this).
    func start() {
        active = true
        do {
            folder = try bookmark.resolve()
        } catch {
            folder = nil
            status = .failed("\(error)")
            onChange?()
            return
        }
        guard let folder else {
            status = .off
            onChange?()
            return
        }
        folderName = folder.lastPathComponent
        listen(to: folder)
        schedule(after: .zero)
    }

    /// Locked, or gone to the background: no more rounds, and the presenter is removed, as Apple asks before a
    /// suspension. A round already running finishes on its own handle.
    func stop() {
        active = false
        scheduled?.cancel()
        scheduled = nil
        if let presenter { NSFileCoordinator.removeFilePresenter(presenter) }
        presenter = nil
    }

    /// A change was made here (an edit, an import, a restore): a round follows shortly.
    func noteLocalChange() {
        schedule(after: delayAfterChange)
    }

    /// Runs a round now (after the one running, if any) and returns when it is done.
    public func syncNow() async {
        scheduled?.cancel()
        scheduled = nil
        guard active, folder != nil else { return }
        if running {
            runAgain = true
            while running { try? await Task.sleep(for: .milliseconds(20)) }
            return
        }
        running = true
        defer { running = false }
        repeat {
            runAgain = false
            if let aroundRound {
                await aroundRound { await self.runRound() }
            } else {
                await runRound()
            }
        } while runAgain && active
    }

    private func schedule(after delay: Duration) {
        guard active, folder != nil else { return }
        scheduled?.cancel()
        scheduled = Task { [weak self] in
            do { try await Task.sleep(for: delay) } catch { return }
            await self?.syncNow()
        }
    }

    private func listen(to folder: URL) {
        if let presenter { NSFileCoordinator.removeFilePresenter(presenter) }
        let presenter = SyncFolderPresenter(folder: folder) { [weak self] in
            Task { @MainActor in
                guard let self else { return }
                self.schedule(after: self.delayAfterFolderChange)
            }
        }
        NSFileCoordinator.addFilePresenter(presenter)
        self.presenter = presenter
    }

    private func runRound() async {
        guard active, let folder, let key = await provider.keyForSecondHandle() else { return }
        status = .syncing
        onChange?()
        let result = await onVault(key: key, folder: folder) { vault, transport in
            let report = try vault.sync(with: transport)
            let local = try vault.syncStatus()
            return SyncRoundResult(
                summary: report.summary(conflicts: local.conflicts),
                conflicts: try vault.syncConflicts().map(SyncConflictRow.init),
                newPasswordNeeded: local.newPasswordNeeded)
        }
        switch result {
        case .success(let round):
            lastSummary = round.summary
            conflicts = round.conflicts
            status = round.newPasswordNeeded ? .needsNewPassword
                : round.summary.rejected.isEmpty ? .idle(lastRound: Date())
                : .failed("\(round.summary.rejected.count) sync file(s) were refused; the rest was merged.")
            if round.merged { await afterMerge?() }
        case .failure(let error):
            status = .failed(Self.sentence(error))
        }
        onChange?()
    }

    /// Runs `body` off the main thread on a handle of its own, unlocked with the session's key, inside the folder's
    /// security scope, and closes the handle before returning.
    private func onVault<T: Sendable>(
        key: VaultUnlockKey, folder: URL,
        _ body: @escaping @Sendable (Vault, CoordinatedFolderTransport) throws -> T
    ) async -> Result<T, any Error> {
        let path = vaultPath
        let list = publicSuffixList
        let presenter = presenter
        return await Task.detached {
            Result {
                let vault = try Vault(path: path, publicSuffixList: list)
                defer { vault.close() }
                try vault.unlock(key: key)
                return try SecurityScope.accessing(folder) {
                    try body(vault, CoordinatedFolderTransport(folder: folder, presenter: presenter))
                }
            }
        }.value
    }

    // MARK: - Setting up

    /// Makes `folder` (picked in the document picker) this vault's sync folder. An empty folder gets this vault
    /// (the master password wraps its sync key in `vault.hdr`, as `sesame sync setup folder` does); a folder that
    /// already holds this synced vault is taken as it is; a folder holding another vault is refused (join it
    /// instead, from a new install: ``AppModel/joinSyncedVault(in:password:)``).
    func setUp(folder: URL, masterPassword: String) async throws {
        guard let key = await provider.keyForSecondHandle() else {
            throw AppFailure("Unlock the vault first.")
        }
        let password = SecureBytes(utf8: masterPassword)
        let bookmark = bookmark
        let outcome = await onVault(key: key, folder: folder) { vault, transport in
            let published = try transport.readHeader().map { try SyncHeader(decoding: $0) }
            if try vault.isSyncEnabled {
                let ours = try vault.syncStatus().vault
                guard published == nil || published?.vault == ours else {
                    throw AppFailure("That folder holds another synced vault than this one.")
                }
            } else {
                guard published == nil else {
                    throw AppFailure(
                        "That folder holds another synced vault. To use it here, join it when Sesame starts without a vault; or export this vault's logins and import them there.")
                }
                _ = try vault.setUpSync(password: password)
            }
            try bookmark.save(folder)
        }
        if case .failure(let error) = outcome { throw AppFailure(Self.sentence(error)) }
        self.folder = folder
        folderName = folder.lastPathComponent
        if active { listen(to: folder) }
        await syncNow()
    }

    /// Keeps `folder` as the sync folder of a vault just joined from it (``AppModel/joinSyncedVault(in:password:)``);
    /// the first round runs at the unlock that follows.
    func remember(_ folder: URL) throws {
        try SecurityScope.accessing(folder) { try bookmark.save(folder) }
    }

    /// Stops syncing on this device: the folder is forgotten (its files stay, for the other devices).
    public func forgetFolder() {
        let wasActive = active
        stop()
        active = wasActive
        bookmark.remove()
        folder = nil
        folderName = nil
        conflicts = []
        lastSummary = nil
        status = .off
        onChange?()
    }

    // MARK: - Conflicts and keys

    /// Keeps version `version` of a conflicting item, as `sesame conflicts keep` does; a round publishes it.
    public func keep(_ version: SyncConflictRow.Version, of conflict: SyncConflictRow) async throws {
        guard let folder, let key = await provider.keyForSecondHandle() else { throw AppFailure("Unlock the vault first.") }
        let outcome = await onVault(key: key, folder: folder) { vault, _ in
            try vault.resolveConflict(itemID: conflict.id, keeping: version.opID)
            return try vault.syncConflicts().map(SyncConflictRow.init)
        }
        conflicts = try outcome.mapError { AppFailure(Self.sentence($0)) }.get()
        onChange?()
        await afterMerge?()
        await syncNow()
    }

    /// Takes in, once, the master password another device changed to (`sesame sync password`); this device keeps
    /// its own master password.
    public func takeInNewPassword(_ password: String) async throws {
        guard let folder, let key = await provider.keyForSecondHandle() else { throw AppFailure("Unlock the vault first.") }
        let secret = SecureBytes(utf8: password)
        let outcome = await onVault(key: key, folder: folder) { vault, transport in
            _ = try vault.reconcileSyncHeader(published: try transport.readHeader())
            guard try vault.needsNewSyncPassword else { return }
            do {
                _ = try vault.adoptSyncPassword(secret)
            } catch VaultError.wrongPassword {
                throw AppFailure("That password does not open the vault header the other device published.")
            }
        }
        if case .failure(let error) = outcome { throw AppFailure(Self.sentence(error)) }
        await syncNow()
    }

    /// One sentence for the screen: the core's own descriptions, which never carry a secret.
    static func sentence(_ error: any Error) -> String {
        switch error {
        case let failure as AppFailure: failure.message
        case let error as SyncError: error.description
        case let error as VaultError: error.description
        default: "\(error)"
        }
    }
}
#endif
