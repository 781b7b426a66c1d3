import AuthenticationServices
import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
import SesameCrypto
import SesameStore
import Testing

/// The app's own unlock screen: Face ID / Touch ID without Argon2id, and a session still trusted at start.
@MainActor
@Suite struct AppUnlockTests {
    @Test func theAppUnlocksWithTheBiometricCopyAndAStaleCopyFails() async throws {
        let h = try ExtensionHarness()
        let first = AppModel(environment: h.environment)
        #expect(try await !first.unlockWithBiometry())
        try await first.unlock(password: ExtensionHarness.password)
        try await first.setBiometricUnlock(true, password: ExtensionHarness.password)
        await first.lock()

        let next = AppModel(environment: h.environment)
        #expect(try await next.unlockWithBiometry())
        #expect(Set(next.items.map(\.id)) == [h.github.id, h.example.id])

        // Another process changed the master password and the copy was not refreshed.
        let stale = try #require(next.biometricKey.read())
        await next.lock()
        try h.withVault { try $0.changeMasterPassword(to: SecureBytes(utf8: "a new master password")) }
        try next.biometricKey.store(stale)
        let later = AppModel(environment: h.environment)
        await #expect(throws: ServiceFailure.self) { try await later.unlockWithBiometry() }
        #expect(later.items.isEmpty)
    }

    @Test func aNewAppProcessResumesATrustedSessionAndNotALockedOne() async throws {
        let h = try ExtensionHarness()
        let first = AppModel(environment: h.environment)
        #expect(try await !first.resume())
        try await first.unlock(password: ExtensionHarness.password)

        let relaunched = AppModel(environment: h.environment)
        #expect(try await relaunched.resume())
        #expect(relaunched.items.count == 2)
        await relaunched.lock()
        #expect(try await !AppModel(environment: h.environment).resume())
    }

    @Test func theAppShowsItsLockScreenWhenAnotherProcessEndsTheSession() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)
        #expect(app.isUnlocked)
        // What any other process's lock does.
        KeychainSessionKeeper(h.environment).forget()
        try await waitUntil { !app.isUnlocked }
        #expect(app.items.isEmpty)
    }
}
