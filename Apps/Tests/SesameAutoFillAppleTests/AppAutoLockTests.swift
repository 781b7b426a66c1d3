import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
import SesameStore
import Synchronization
import Testing

/// An unlocked app left open in the foreground locks itself when the session's idle deadline passes without use,
/// as the extension's session does, and use pushes the deadline back. The session runs on a clock the tests move
/// by hand, so only the app's sleeps take real time: a 0.25 s timeout, and waits of about half a second.
@MainActor
@Suite struct AppAutoLockTests {
    static let timeout: TimeInterval = 0.25

    /// The app unlocked on `clock`, and the moments (by that clock) it showed its lock screen.
    private func unlockedApp(_ h: ExtensionHarness, on clock: ManualClock) async throws -> (AppModel, LockMoments) {
        h.environment.idleTimeout = Self.timeout
        let app = AppModel(environment: h.environment, now: clock.now)
        let locks = LockMoments()
        app.onChange = { [weak app] in
            if app?.isUnlocked == false { locks.moments.append(clock.now()) }
        }
        try await app.unlock(password: ExtensionHarness.password)
        #expect(app.isUnlocked)
        return (app, locks)
    }

    /// Long enough for the pending auto-lock to wake at least twice, were the deadline to have passed.
    private func sleepPastTheTimeout() async throws {
        try await Task.sleep(for: .seconds(Self.timeout * 2.5))
    }

    @Test func theAppLocksAtTheDeadlineAndEndsTheSessionEverywhere() async throws {
        let h = try ExtensionHarness()
        let clock = ManualClock()
        let ended = Atomic(false)
        let signal = SessionEndSignal(name: h.environment.sessionEndedSignalName) { ended.store(true, ordering: .relaxed) }
        let (app, locks) = try await unlockedApp(h, on: clock)
        let unlocked = clock.now()
        let keeper = KeychainSessionKeeper(h.environment)
        let epoch = keeper.epoch

        try await sleepPastTheTimeout()
        #expect(app.isUnlocked && locks.moments.isEmpty)
        // No foreground event, no call: only the pending auto-lock, once the session's clock reaches the deadline.
        clock.advance(by: Self.timeout)
        try await waitUntil(within: 60) { !app.isUnlocked }
        #expect(locks.moments == [unlocked + Self.timeout])
        #expect(app.items.isEmpty)
        // As any idle expiry: a new epoch, nothing kept, and every running extension told to wipe its keys.
        #expect(keeper.epoch != epoch)
        #expect(keeper.kept() == nil)
        let told = ended.load(ordering: .relaxed)
        #expect(told)
        #expect(await !app.provider.holdsKeys)
        withExtendedLifetime(signal) {}
    }

    @Test func anEditBeforeTheDeadlinePushesItBack() async throws {
        let h = try ExtensionHarness()
        let clock = ManualClock()
        let (app, locks) = try await unlockedApp(h, on: clock)
        clock.advance(by: 0.125)
        try await app.add(Item(title: "Forum", username: "carol", password: "fo-secret"))
        let used = clock.now()
        // Past the deadline the unlock set, short of the one the edit set.
        clock.advance(by: 0.125)
        try await sleepPastTheTimeout()
        #expect(app.isUnlocked && app.items.count == 3)
        #expect(locks.moments.isEmpty)

        clock.advance(by: 0.125)
        try await waitUntil(within: 60) { !app.isUnlocked }
        #expect(locks.moments.count == 1)
        #expect(locks.moments == [used + Self.timeout])
        #expect(app.items.isEmpty)
    }

    @Test func aManualLockCancelsTheAutoLock() async throws {
        let h = try ExtensionHarness()
        let clock = ManualClock()
        let (app, locks) = try await unlockedApp(h, on: clock)
        await app.lock()
        #expect(locks.moments.count == 1)
        // Well past the deadline the unlock set: nothing locks a second time.
        clock.advance(by: 10 * Self.timeout)
        try await sleepPastTheTimeout()
        #expect(locks.moments.count == 1)
        #expect(!app.isUnlocked)
    }
}

/// When the app's lock screen came back, as `onChange` reports it.
@MainActor
private final class LockMoments {
    var moments: [Date] = []
}
