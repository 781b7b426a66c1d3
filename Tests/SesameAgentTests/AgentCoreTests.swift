import Foundation
@testable import SesameAgent
import SesameAutoFill
import SesameCrypto
import SesameStore
import Testing

/// The agent's state machine, driven directly with a hand-moved clock: unlock, lock, idle timeout, throttle.
@Suite struct AgentCoreTests {
    @Test func unlockLockAndIdleTimeoutFollowTheClock() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: [Fixture.login(1)])
        let clock = TestClock()
        let core = AgentCore(publicSuffixList: testPublicSuffixList, defaultIdleTimeout: 60, now: clock.function)

        #expect(core.status().isUnlocked == false)
        #expect(throws: ServiceFailure(.locked, "The vault is locked.")) { try core.vault(path) { try $0.list() } }
        #expect(core.holdsKeys == false)

        let unlocked = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: nil)
        #expect(unlocked.isUnlocked && unlocked.vault == path)
        #expect(unlocked.idleTimeout == 60 && unlocked.timeLeft == 60)
        #expect(core.holdsKeys)

        // Every served request resets the idle timer.
        clock.advance(59)
        #expect(core.status().timeLeft == 1)
        let items = try core.vault(path) { try $0.list() }.items
        #expect(items.map(\.title) == ["Login 1"])
        #expect(core.status().timeLeft == 60)
        clock.advance(59)
        #expect(core.lockIfIdle() == 1)
        #expect(core.holdsKeys)

        // Past the timeout, the timer's check locks and releases the key.
        clock.advance(2)
        #expect(core.lockIfIdle() == nil)
        #expect(core.holdsKeys == false)
        #expect(core.status() == AgentStatus(pid: getpid(), vault: path, isUnlocked: false, idleTimeout: 60, timeLeft: nil))
        #expect(throws: ServiceFailure.self) { try core.vault(path) { try $0.list() } }

        // An explicit lock does the same at once.
        _ = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: 3600)
        #expect(core.status().idleTimeout == 3600)
        let locked = core.lock()
        #expect(!locked.isUnlocked && locked.timeLeft == nil)
        #expect(core.holdsKeys == false)
        #expect(throws: ServiceFailure(.locked, "The vault is locked.")) { try core.vault(path) { try $0.status() } }
    }

    /// The agent keeps `SessionTrust`'s rule, as `VaultSession` does: on one clock with one timeout, use restarts
    /// both, and both lock at the same instant.
    @Test func theAgentAndAnInProcessSessionLockAtTheSameInstant() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let clock = TestClock()
        let core = AgentCore(publicSuffixList: testPublicSuffixList, defaultIdleTimeout: 60, now: clock.function)
        let session = VaultSession(path: path, publicSuffixList: testPublicSuffixList, idleTimeout: 60, now: clock.function)
        _ = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: nil)
        try session.unlock(password: Fixture.secret())

        clock.advance(30)
        _ = try core.vault(path) { try $0.status() }
        _ = try session.useTrustedService().status()
        clock.advance(59.5)
        #expect(core.status().timeLeft == 0.5)
        #expect(session.timeRemaining() == 0.5)
        clock.advance(0.5)
        #expect(core.lockIfIdle() == nil)
        #expect(!core.holdsKeys)
        #expect(!session.refreshTrust())
        #expect(!session.holdsKeys)
    }

    @Test func statusAndLockDoNotCountAsUseButAttachDoes() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let clock = TestClock()
        let core = AgentCore(publicSuffixList: testPublicSuffixList, defaultIdleTimeout: 100, now: clock.function)
        _ = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: nil)
        clock.advance(40)
        #expect(core.status().timeLeft == 60)
        #expect(core.attach(vault: folder.path + "/../" + (folder.path as NSString).lastPathComponent + "/vault.sqlite").timeLeft == 100,
                "attach names the vault by another spelling of the same path")
        clock.advance(40)
        #expect(core.attach(vault: folder.file("other.sqlite")).timeLeft == 60, "attaching another vault is not use")
    }

    @Test func wrongPasswordLeavesTheSessionAsItWasAndIsCounted() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let delays = Collector<TimeInterval>()
        let clock = TestClock()
        let core = AgentCore(publicSuffixList: testPublicSuffixList, defaultIdleTimeout: 60, now: clock.function, delayHook: { delays.append($0) })

        #expect(throws: ServiceFailure.self) { try core.unlock(vault: path, password: Fixture.secret("nope"), idleTimeout: nil) }
        #expect(core.status().isUnlocked == false)
        _ = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: nil)
        #expect(delays.values == [1])

        // Already unlocked: a wrong password fails, counts, and leaves the vault unlocked and its timeout alone.
        do {
            _ = try core.unlock(vault: path, password: Fixture.secret("nope"), idleTimeout: 5)
            Issue.record("a wrong password unlocked")
        } catch {
            #expect(error.code == .wrongPassword)
        }
        #expect(core.status().isUnlocked && core.status().idleTimeout == 60)
        #expect(core.holdsKeys)
        // The right one applies the new timeout without unlocking twice.
        let status = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: 5)
        #expect(status.idleTimeout == 5 && status.timeLeft == 5)
        #expect(delays.values == [1, 1])
    }

    @Test func failedAttemptsWaitLongerAndLongerUntilOneSucceeds() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let delays = Collector<TimeInterval>()
        let clock = TestClock()
        let core = AgentCore(publicSuffixList: testPublicSuffixList, now: clock.function, delayHook: { delays.append($0) })

        for _ in 0..<6 {
            #expect(throws: ServiceFailure.self) { try core.unlock(vault: path, password: Fixture.secret("guess"), idleTimeout: nil) }
        }
        #expect(delays.values == [1, 2, 4, 8, 16])
        // Time that passed counts: 10 s after the 6th failure (32 s → capped at 30 s), 20 s are left.
        clock.advance(10)
        _ = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: nil)
        #expect(delays.values == [1, 2, 4, 8, 16, 20])
        // Success resets the count.
        _ = core.lock()
        #expect(throws: ServiceFailure.self) { try core.unlock(vault: path, password: Fixture.secret("guess"), idleTimeout: nil) }
        _ = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: nil)
        #expect(delays.values == [1, 2, 4, 8, 16, 20, 1])
    }

    @Test func throttleScheduleIsCapped() {
        #expect((0...8).map(UnlockThrottle.delay(afterFailures:)) == [0, 1, 2, 4, 8, 16, 30, 30, 30])
        #expect(UnlockThrottle.delay(afterFailures: 10_000) == 30)
    }

    @Test func changingTheMasterPasswordThroughTheAgentIsThrottledToo() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let delays = Collector<TimeInterval>()
        let clock = TestClock()
        let core = AgentCore(publicSuffixList: testPublicSuffixList, now: clock.function, delayHook: { delays.append($0) })
        _ = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: nil)

        let guess = { (core: AgentCore) throws(ServiceFailure) in
            try core.serve(vault: path, policy: ChangeMasterPasswordOperation.policy) { vault throws(ServiceFailure) in
                try vault.changeMasterPassword(current: Fixture.secret("guess"), new: Fixture.secret("x"), kdfMemoryMiB: nil, kdfPasses: nil)
            }
        }
        #expect(throws: ServiceFailure.self) { try guess(core) }
        #expect(throws: ServiceFailure.self) { try guess(core) }
        #expect(delays.values == [1])
        // Other requests never wait for the throttle.
        _ = try core.vault(path) { try $0.list() }
        #expect(delays.values == [1])
        try core.serve(vault: path, policy: ChangeMasterPasswordOperation.policy) { vault throws(ServiceFailure) in
            try vault.changeMasterPassword(current: Fixture.secret(), new: Fixture.secret("new master"), kdfMemoryMiB: nil, kdfPasses: nil)
        }
        #expect(delays.values == [1, 2])
        let reopened = try Vault(path: path, publicSuffixList: testPublicSuffixList)
        try reopened.unlock(password: Fixture.secret("new master"))
    }

    @Test func anotherVaultIsRefusedWhileOneIsUnlocked() throws {
        let folder = TemporaryFolder()
        let first = try Fixture.makeVault(at: folder.file("first.sqlite"))
        let second = try Fixture.makeVault(at: folder.file("second.sqlite"))
        let core = AgentCore(publicSuffixList: testPublicSuffixList)
        _ = try core.unlock(vault: first, password: Fixture.secret(), idleTimeout: nil)

        do {
            _ = try core.unlock(vault: second, password: Fixture.secret(), idleTimeout: nil)
            Issue.record("unlocked a second vault")
        } catch {
            #expect(error.code == .unavailable)
            #expect(error.message.contains("sesame lock"))
        }
        do {
            _ = try core.vault(second) { try $0.list() }
            Issue.record("served a request for a vault it does not hold")
        } catch {
            #expect(error.code == .unavailable)
        }
        #expect(core.attach(vault: second).vault == first)
        _ = core.lock()
        let status = try core.unlock(vault: second, password: Fixture.secret(), idleTimeout: nil)
        #expect(status.vault == second && status.isUnlocked)
        #expect(throws: ServiceFailure.self) { try core.unlock(vault: "relative.sqlite", password: Fixture.secret(), idleTimeout: nil) }
    }

    @Test func changesMadeByOtherProcessesAreSeenAtOnce() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let core = AgentCore(publicSuffixList: testPublicSuffixList)
        _ = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: nil)
        let before = try core.vault(path) { try $0.list() }.items
        #expect(before.isEmpty)

        // Another handle on the same file: what another process (sesame without the agent) does.
        let other = try Vault(path: path, publicSuffixList: testPublicSuffixList)
        try other.unlock(password: Fixture.secret())
        try other.add(Fixture.login(7))
        let after = try core.vault(path) { try $0.list() }.items
        #expect(after.map(\.title) == ["Login 7"])

        try other.delete(id: after[0].id)
        #expect(throws: ServiceFailure.self) { try core.vault(path) { try $0.resolve(after[0].id.uuidString) } }
    }
}

extension AgentCore {
    /// Runs `body` on the held vault as an ordinary vault operation does.
    func vault<T>(_ path: String, _ body: (LocalVaultService) throws -> T) throws(ServiceFailure) -> T {
        try serve(vault: path, policy: ListOperation.policy) { service throws(ServiceFailure) -> T in
            do {
                return try body(service)
            } catch {
                throw ServiceFailure(error)
            }
        }
    }
}
