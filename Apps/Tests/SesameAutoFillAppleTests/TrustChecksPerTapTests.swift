import AuthenticationServices
import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
@testable import SesameAutoFillExtension
import SesameStore
import Synchronization
import Testing

/// A QuickType tap checks the session once: one read of the epoch file, one keychain write (the served request
/// moves the kept expiry), whether the extension process holds the session already or restores it.
@MainActor
@Suite struct TrustChecksPerTapTests {
    @Test func aTapInAProcessThatHoldsTheSessionChecksItOnce() async throws {
        let h = try ExtensionHarness()
        let keeper = CountingKeeper(KeychainSessionKeeper(h.environment))
        let controller = h.launchExtension()
        controller.sessionKeeper = keeper
        let unlock = h.newRequest(on: controller)
        controller.prepareInterfaceToProvideCredential(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.example, service: "example.com")))
        #expect(await nextPrompt(on: controller.unlockPrompt) != nil)
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        #expect(await firstCall(on: unlock) == .completeRequest(user: "bob", password: "ex-secret"))

        keeper.reset()
        #expect(await firstCall(on: h.tapGitHub(on: controller)) == .completeRequest(user: "alice", password: "gh-secret"))
        #expect(keeper.counts == .init(epochFileReads: 1, keychainReads: 0, keychainWrites: 1))
    }

    @Test func aTapInANewProcessRestoresTheSessionWithOneCheck() async throws {
        let h = try ExtensionHarness()
        let app = AppModel(environment: h.environment)
        try await app.unlock(password: ExtensionHarness.password)

        let keeper = CountingKeeper(KeychainSessionKeeper(h.environment))
        let fresh = h.launchExtension()
        fresh.sessionKeeper = keeper
        #expect(await firstCall(on: h.tapGitHub(on: fresh)) == .completeRequest(user: "alice", password: "gh-secret"))
        // Restoring reads the kept item, which compares its epoch with the file's: that is the one check.
        #expect(keeper.counts == .init(epochFileReads: 1, keychainReads: 1, keychainWrites: 1))
    }
}

/// Counts what a `KeychainSessionKeeper` reads and writes: `epoch` reads the epoch file, `kept()` reads the
/// keychain item and the epoch file, `keep` and `forget` write the keychain.
final class CountingKeeper: SessionKeeper {
    struct Counts: Equatable, Sendable {
        var epochFileReads = 0
        var keychainReads = 0
        var keychainWrites = 0
    }

    private let inner: KeychainSessionKeeper
    private let tally = Mutex(Counts())

    init(_ inner: KeychainSessionKeeper) {
        self.inner = inner
    }

    var counts: Counts { tally.withLock { $0 } }

    func reset() {
        tally.withLock { $0 = Counts() }
    }

    var epoch: UInt64 {
        tally.withLock { $0.epochFileReads += 1 }
        return inner.epoch
    }

    func keep(_ key: VaultUnlockKey, until expiry: Date, epoch: UInt64) {
        tally.withLock { $0.keychainWrites += 1 }
        inner.keep(key, until: expiry, epoch: epoch)
    }

    func kept() -> (key: VaultUnlockKey, expiry: Date, epoch: UInt64)? {
        tally.withLock {
            $0.keychainReads += 1
            $0.epochFileReads += 1
        }
        return inner.kept()
    }

    func forget() {
        tally.withLock { $0.keychainWrites += 1 }
        inner.forget()
    }
}
