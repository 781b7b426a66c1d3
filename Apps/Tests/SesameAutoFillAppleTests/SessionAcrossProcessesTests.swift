import AuthenticationServices
import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
@testable import SesameAutoFillExtension
import SesameCrypto
import SesameStore
import Testing

/// "Stay unlocked for N minutes" across processes: the app (or one extension process) unlocks, and a QuickType
/// tap served by a brand-new extension process fills without UI while the session lasts, then asks for UI.
@MainActor
@Suite struct SessionAcrossProcessesTests {
    @Test func aTapInANewExtensionProcessFillsWithoutUIWhileTheSessionLasts() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)

        let fresh = h.launchExtension()
        let tap = h.newRequest(on: fresh)
        fresh.provideCredentialWithoutUserInteraction(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.github, service: "github.com")))
        #expect(await firstCall(on: tap) == .completeRequest(user: "alice", password: "gh-secret"))
        #expect(fresh.unlockPrompt.current == nil)

        // The session expires (its kept expiry passes): the next process asks for UI and forgets the key.
        let keeper = KeychainSessionKeeper(h.environment)
        let kept = try #require(keeper.kept())
        keeper.keep(kept.key, until: Date().addingTimeInterval(-1), epoch: kept.epoch)
        let later = h.launchExtension()
        let second = h.newRequest(on: later)
        later.provideCredentialWithoutUserInteraction(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.github, service: "github.com")))
        #expect(await firstCall(on: second) == .cancelRequest(domain: ASExtensionErrorDomain, code: 100))
        #expect(keeper.kept() == nil)
    }

    @Test func lockingInTheAppLocksEveryProcess() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)
        await app.lock()
        let fresh = h.launchExtension()
        let tap = h.newRequest(on: fresh)
        fresh.provideCredentialWithoutUserInteraction(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.github, service: "github.com")))
        #expect(await firstCall(on: tap) == .cancelRequest(domain: ASExtensionErrorDomain, code: 100))
    }

    @Test func biometricKeyUnlocksWithoutArgon2idAndAStaleOneFallsBackToThePassword() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)
        try await app.setBiometricUnlock(true, password: ExtensionHarness.password)
        await app.lock()

        let fresh = h.launchExtension()
        let request = h.newRequest(on: fresh)
        fresh.prepareInterfaceToProvideCredential(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.example, service: "example.com")))
        #expect(await nextPrompt(on: fresh.unlockPrompt) != nil)
        #expect(fresh.unlockPrompt.offersBiometry)
        fresh.unlockPrompt.useBiometry()
        #expect(await firstCall(on: request) == .completeRequest(user: "bob", password: "ex-secret"))

        // The master password changes in the app: the old biometric key no longer opens the vault.
        let stale = try #require(BiometricKey(accessGroup: h.environment.keychainGroup).read())
        try h.withVault { try $0.changeMasterPassword(to: SecureBytes(utf8: "a new master password")) }
        try BiometricKey(accessGroup: h.environment.keychainGroup).store(stale)
        let next = h.launchExtension()
        let retry = h.newRequest(on: next)
        next.prepareInterfaceToProvideCredential(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.example, service: "example.com")))
        #expect(await nextPrompt(on: next.unlockPrompt)?.attempt == 1)
        next.unlockPrompt.useBiometry()
        #expect(await nextPrompt(on: next.unlockPrompt)?.followsFailedAttempt == true)
        next.unlockPrompt.submit(password: "a new master password")
        #expect(await firstCall(on: retry) == .completeRequest(user: "bob", password: "ex-secret"))
    }

    @Test func theExtensionRefusesArgon2idAboveItsBudget() async throws {
        let h = try ExtensionHarness()
        try h.withVault {
            try $0.changeMasterPassword(to: SecureBytes(utf8: ExtensionHarness.password),
                                        kdf: KDFParameters.generate(memoryMiB: 65, passes: 2))
        }
        let fresh = h.launchExtension()
        let request = h.newRequest(on: fresh)
        fresh.prepareInterfaceToProvideCredential(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.example, service: "example.com")))
        #expect(await nextPrompt(on: fresh.unlockPrompt) != nil)
        fresh.unlockPrompt.submit(password: ExtensionHarness.password)
        #expect(await firstCall(on: request) == .cancelRequest(domain: ASExtensionErrorDomain, code: 0))

        // The app runs it, and keeps the session for the extension, which then fills without Argon2id.
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)
        let after = h.launchExtension()
        let tap = h.newRequest(on: after)
        after.provideCredentialWithoutUserInteraction(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.example, service: "example.com")))
        #expect(await firstCall(on: tap) == .completeRequest(user: "bob", password: "ex-secret"))
    }
}
