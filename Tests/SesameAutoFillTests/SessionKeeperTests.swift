import Foundation
import SesameAutoFill
import SesameAutoFillTestSupport
import SesameStore
import Testing

/// A keeper in memory, shared by "processes" the way the keychain is on iOS.
final class MemorySessionKeeper: SessionKeeper, @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var stored: (key: VaultUnlockKey, expiry: Date, epoch: UInt64)?
    private var current: UInt64 = 0

    var epoch: UInt64 { lock.withLock { current } }
    func keep(_ key: VaultUnlockKey, until expiry: Date, epoch: UInt64) { lock.withLock { stored = (key, expiry, epoch) } }
    func kept() -> (key: VaultUnlockKey, expiry: Date, epoch: UInt64)? {
        lock.withLock { stored?.epoch == current ? stored : nil }
    }
    func forget() {
        lock.withLock {
            stored = nil
            current += 1
        }
    }
}

/// The trusted session outlives the process that unlocked it, for exactly its idle timeout.
@Suite struct SessionKeeperTests {
    private func provider(_ vault: ProviderTestVault, keeper: MemorySessionKeeper, clock: ManualClock,
                          authenticator: ScriptedAuthenticator = ScriptedAuthenticator(),
                          maximumKDFMemoryBytes: UInt64? = nil) -> CredentialProvider {
        CredentialProvider(vaultPath: vault.path, publicSuffixList: testPublicSuffixList,
                           identityStore: InMemoryIdentityStore(), authenticator: authenticator, idleTimeout: 600,
                           sessionKeeper: keeper, maximumKDFMemoryBytes: maximumKDFMemoryBytes, now: { clock.now() })
    }

    @Test func anotherProcessServesWithoutUIUntilTheTimeoutCountedFromTheLastRequest() async throws {
        let vault = try ProviderTestVault()
        let item = testLogin("A", urls: ["https://a.example.com"])
        try vault.vault.add(item)
        let identity = try vault.expectedIdentities()[0]
        let keeper = MemorySessionKeeper()
        let clock = ManualClock()
        try await provider(vault, keeper: keeper, clock: clock).unlock(password: .init(utf8: ProviderTestVault.password))

        clock.advance(by: 500)
        let second = provider(vault, keeper: keeper, clock: clock)
        #expect(try await second.credential(for: identity, mode: .withoutUserInteraction).password == "s3cret-pw")
        // That request restarted the timeout for every process.
        clock.advance(by: 500)
        let third = provider(vault, keeper: keeper, clock: clock)
        #expect(await third.refreshTrust())
        clock.advance(by: 101)
        let fourth = provider(vault, keeper: keeper, clock: clock)
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await fourth.credential(for: identity, mode: .withoutUserInteraction)
        }
        #expect(keeper.kept() == nil)
    }

    @Test func lockingAnywhereForgetsTheKeptSession() async throws {
        let vault = try ProviderTestVault()
        let keeper = MemorySessionKeeper()
        let clock = ManualClock()
        let first = provider(vault, keeper: keeper, clock: clock)
        try await first.unlock(password: .init(utf8: ProviderTestVault.password))
        #expect(keeper.kept() != nil)
        await first.lock()
        #expect(keeper.kept() == nil)
        #expect(await !provider(vault, keeper: keeper, clock: clock).refreshTrust())
    }

    @Test func aLockInAnotherProcessEndsASessionStillInMemory() async throws {
        let vault = try ProviderTestVault()
        let item = testLogin("A", urls: ["https://a.example.com"])
        try vault.vault.add(item)
        let identity = try vault.expectedIdentities()[0]
        let keeper = MemorySessionKeeper()
        let clock = ManualClock()
        let app = provider(vault, keeper: keeper, clock: clock)
        try await app.unlock(password: .init(utf8: ProviderTestVault.password))
        let running = provider(vault, keeper: keeper, clock: clock)
        #expect(try await running.credential(for: identity, mode: .withoutUserInteraction).password == "s3cret-pw")
        #expect(await running.holdsKeys)

        await app.lock()
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await running.credential(for: identity, mode: .withoutUserInteraction)
        }
        #expect(await !running.holdsKeys)
        // That request did not bring the session back for anyone.
        #expect(keeper.kept() == nil)
    }

    @Test func anotherProcessesRequestsKeepThisProcessTrustedPastItsOwnLastRequest() async throws {
        let vault = try ProviderTestVault()
        let keeper = MemorySessionKeeper()
        let clock = ManualClock()
        let app = provider(vault, keeper: keeper, clock: clock)
        try await app.unlock(password: .init(utf8: ProviderTestVault.password))
        clock.advance(by: 500)
        let other = provider(vault, keeper: keeper, clock: clock)
        #expect(try await other.list(for: []).isEmpty)
        // 700 s after its own last request, 200 s after the other's: still trusted, and nothing was forgotten.
        clock.advance(by: 200)
        #expect(await app.refreshTrust())
        #expect(await other.refreshTrust())
        clock.advance(by: 401)
        #expect(await !app.refreshTrust())
        #expect(keeper.kept() == nil)
    }

    @Test func theTimeRemainingFollowsRequestsHereAndElsewhereUntilTheDeadlineEndsTheSession() async throws {
        let vault = try ProviderTestVault()
        let keeper = MemorySessionKeeper()
        let clock = ManualClock()
        let app = provider(vault, keeper: keeper, clock: clock)
        #expect(await app.timeRemaining() == nil)
        try await app.unlock(password: .init(utf8: ProviderTestVault.password))
        #expect(await app.timeRemaining() == 600)
        clock.advance(by: 200)
        #expect(await app.timeRemaining() == 400)
        #expect(try await app.perform { try $0.list().items.count } == 0)
        #expect(await app.timeRemaining() == 600)

        // Another process's request moves the kept deadline to 1,100 s; the app sees it once its own (800 s) passes.
        clock.advance(by: 300)
        #expect(try await provider(vault, keeper: keeper, clock: clock).list(for: []).isEmpty)
        #expect(await app.timeRemaining() == 300)
        clock.advance(by: 300)
        #expect(await app.timeRemaining() == 300)
        let epoch = keeper.epoch
        clock.advance(by: 300)
        #expect(await app.timeRemaining() == nil)
        #expect(keeper.kept() == nil && keeper.epoch != epoch)
    }

    @Test func aKDFAboveTheBudgetIsRefusedButAKeyStillOpens() async throws {
        let vault = try ProviderTestVault()
        let keeper = MemorySessionKeeper()
        let clock = ManualClock()
        let key = try vault.vault.unlockReturningKey(password: .init(utf8: ProviderTestVault.password))
        // 19 MiB vault, 16 MiB budget.
        let tight = provider(vault, keeper: keeper, clock: clock,
                             authenticator: ScriptedAuthenticator([ScriptedAuthenticator.correct]),
                             maximumKDFMemoryBytes: 16 << 20)
        await #expect(throws: ProviderError.failed) { try await tight.authenticate(for: .list) }
        try await tight.unlock(key: key)
        #expect(await tight.refreshTrust())
    }
}
