import AuthenticationServices
import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
@testable import SesameAutoFillExtension
import SesameCrypto
import SesameStore
import Testing

/// Ending the session in the app (a lock, a master-password change) ends it in extension processes that are
/// still running, at once: the Darwin notification makes them wipe their keys, and every request checks the epoch
/// before handing anything over, so even a process that missed the notification asks for UI.
@MainActor
@Suite struct SessionEndTests {
    @Test func anAppLockWipesARunningExtensionAndItsNextTapAsksForUI() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)
        let running = h.launchExtension()
        #expect(await firstCall(on: h.tapGitHub(on: running)) == .completeRequest(user: "alice", password: "gh-secret"))
        let provider = try #require(running.provider)
        #expect(await provider.holdsKeys)

        await app.lock()
        try await waitUntil { await !provider.holdsKeys }
        #expect(await !provider.holdsKeys)
        let next = h.tapGitHub(on: running)
        #expect(await firstCall(on: next) == .cancelRequest(domain: ASExtensionErrorDomain, code: 100))
        #expect(next.standInRecordedCalls.count == 1)
        #expect(running.unlockPrompt.current == nil)
    }

    @Test func aProcessThatMissedTheNotificationStillRefusesItsNextRequest() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)
        // A provider with no observer: the notification never reaches it.
        let missed = CredentialProvider(
            vaultPath: h.environment.vaultPath, publicSuffixList: h.environment.publicSuffixList,
            identityStore: h.environment.identityStore, authenticator: UnlockPrompt(),
            sessionKeeper: KeychainSessionKeeper(h.environment))
        #expect(await missed.refreshTrust())

        await app.lock()
        #expect(await missed.holdsKeys)
        let identity = try #require(CredentialIdentity(h.identity(for: h.github, service: "github.com")))
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await missed.credential(for: identity, mode: .withoutUserInteraction)
        }
        #expect(await !missed.holdsKeys)
    }

    @Test func aKeyKeptByARequestThatRacedTheLockDoesNotReviveTheSession() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)
        let keeper = KeychainSessionKeeper(h.environment)
        let kept = try #require(keeper.kept())

        await app.lock()
        #expect(keeper.epoch != kept.epoch)
        // An extension served a request just before the lock and writes the session back just after it.
        keeper.keep(kept.key, until: Date().addingTimeInterval(600), epoch: kept.epoch)
        #expect(keeper.kept() == nil)
        let fresh = h.launchExtension()
        #expect(await firstCall(on: h.tapGitHub(on: fresh)) == .cancelRequest(domain: ASExtensionErrorDomain, code: 100))
    }

    @Test func aMasterPasswordChangeReplacesTheRunningExtensionsOldKeys() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)
        let running = h.launchExtension()
        #expect(await firstCall(on: h.tapGitHub(on: running)) == .completeRequest(user: "alice", password: "gh-secret"))
        let before = KeychainSessionKeeper(h.environment).epoch

        try await app.changeMasterPassword(current: ExtensionHarness.password, new: "a new master password")
        #expect(KeychainSessionKeeper(h.environment).epoch != before)
        // Every item is sealed under the new vault key now: the old one in memory could not fill, the session the
        // app started again can.
        #expect(await firstCall(on: h.tapGitHub(on: running)) == .completeRequest(user: "alice", password: "gh-secret"))
        let fresh = h.launchExtension()
        #expect(await firstCall(on: h.tapGitHub(on: fresh)) == .completeRequest(user: "alice", password: "gh-secret"))
        #expect(await app.provider.refreshTrust())
    }

    @Test func theEpochLivesBesideTheVaultReadableOnlyByItsOwner() async throws {
        let h = try ExtensionHarness()
        let keeper = KeychainSessionKeeper(h.environment)
        #expect(keeper.epoch == 0)
        keeper.forget()
        let first = keeper.epoch
        keeper.forget()
        #expect(first != 0 && keeper.epoch != first)
        let attributes = try FileManager.default.attributesOfItem(atPath: h.environment.sessionEpochPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // Nothing is left behind by the atomic writes.
        let folder = URL(fileURLWithPath: h.environment.vaultPath).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("session-epoch") }
            == ["vault.sqlite.session-epoch"])
    }
}
