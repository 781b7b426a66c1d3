import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore
import Testing

/// The trusted session: unlocked within its idle timeout and not locked since.
@Suite struct SessionTests {
    let vault: ProviderTestVault
    let clock = ManualClock()

    init() throws {
        vault = try ProviderTestVault()
    }

    func unlocked(idleTimeout: TimeInterval = VaultSession.defaultIdleTimeout) throws -> VaultSession {
        let session = VaultSession(path: vault.path, publicSuffixList: testPublicSuffixList, idleTimeout: idleTimeout, now: clock.now)
        try session.unlock(password: SecureBytes(utf8: ProviderTestVault.password))
        return session
    }

    @Test func theDefaultIdleTimeoutIsFifteenMinutes() {
        #expect(VaultSession.defaultIdleTimeout == 15 * 60)
        #expect(VaultSession(path: vault.path, publicSuffixList: testPublicSuffixList).idleTimeout == 15 * 60)
    }

    @Test func aSessionIsTrustedUntilItsIdleTimeoutThenLocksItself() throws {
        let session = try unlocked()
        #expect(session.refreshTrust())
        #expect(session.timeRemaining() == TimeInterval(15 * 60))
        clock.advance(by: 15 * 60 - 1)
        #expect(session.refreshTrust())
        clock.advance(by: 1)
        #expect(!session.refreshTrust())
        #expect(session.timeRemaining() == nil)
        #expect(throws: ServiceFailure(.locked, "The vault is locked.")) { try session.useTrustedService() }
    }

    @Test func everyServedRequestRestartsTheIdleTimer() throws {
        let session = try unlocked(idleTimeout: 60)
        for _ in 0..<5 {
            clock.advance(by: 50)
            _ = try session.useTrustedService().status()
        }
        #expect(session.refreshTrust())
        clock.advance(by: 60)
        #expect(!session.refreshTrust())
    }

    @Test func lockingEndsTrustAtOnceAndReleasesTheKeys() throws {
        let session = try unlocked()
        let vault = try session.useTrustedService().vault
        session.lock()
        #expect(!session.refreshTrust())
        #expect(!vault.isUnlocked)
        #expect(throws: ServiceFailure.self) { try session.useTrustedService().status() }
    }

    @Test func theKeyForASecondHandleOpensTheVaultWhileTrustedAndIsNotUse() throws {
        let session = try unlocked()
        let key = try #require(session.keyForSecondHandle())
        let second = try Vault(path: vault.path, publicSuffixList: testPublicSuffixList)
        defer { second.close() }
        try second.unlock(key: key)
        #expect(second.isUnlocked)
        // Handing the key over restarts no idle timer: the session expires when it would have.
        clock.advance(by: 15 * 60 - 1)
        #expect(session.keyForSecondHandle() != nil)
        clock.advance(by: 1)
        #expect(session.keyForSecondHandle() == nil)

        let locked = try unlocked()
        locked.lock()
        #expect(locked.keyForSecondHandle() == nil)
    }

    @Test func aWrongPasswordChangesNothing() throws {
        let locked = VaultSession(path: vault.path, publicSuffixList: testPublicSuffixList, now: clock.now)
        #expect(throws: ServiceFailure(.wrongPassword, "Wrong master password.")) {
            try locked.unlock(password: SecureBytes(utf8: "wrong"))
        }
        #expect(!locked.refreshTrust())

        let session = try unlocked()
        #expect(throws: ServiceFailure.self) { try session.unlock(password: SecureBytes(utf8: "wrong")) }
        #expect(session.refreshTrust())
    }

    @Test func theChangeHookFollowsEveryUnlock() throws {
        let session = VaultSession(path: vault.path, publicSuffixList: testPublicSuffixList, now: clock.now)
        var changes: [VaultChange] = []
        session.onChange = { changes.append($0) }
        try session.unlock(password: SecureBytes(utf8: ProviderTestVault.password))
        let item = try session.useTrustedService().add(testLogin("A", urls: ["https://a.example.com"]))
        session.lock()
        try session.unlock(password: SecureBytes(utf8: ProviderTestVault.password))
        _ = try session.useTrustedService().credential(for: item.id)
        _ = try session.useTrustedService().match([domainService("a.example.com")])
        #expect(changes == [.items([item.id]), .usage(item.id)])
    }
}
