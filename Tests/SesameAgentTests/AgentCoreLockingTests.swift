import Foundation
@testable import SesameAgent
import SesameAutoFill
import Testing

/// A slow request holds only the vault: status, lock and other clients' requests are answered meanwhile.
@Suite struct AgentCoreLockingTests {
    @Test func statusAndLockAreAnsweredWhileASlowRequestRuns() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: [Fixture.login(1)])
        let core = AgentCore(publicSuffixList: testPublicSuffixList)
        _ = try core.unlock(vault: path, password: Fixture.secret(), idleTimeout: nil)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = Collector<Int>()
        Thread.detachNewThread {
            // Stands in for a slow decryption or usage write.
            let count = try? core.vault(path) { vault in
                entered.signal()
                release.wait()
                return try vault.list().items.count
            }
            finished.append(count ?? -1)
        }
        #expect(entered.wait(timeout: .now() + 10) == .success)

        #expect(core.status().isUnlocked)
        #expect(core.attach(vault: path).isUnlocked)
        #expect(core.lock().isUnlocked == false)
        #expect(throws: ServiceFailure(.locked, "The vault is locked.")) { try core.vault(path) { try $0.status() } }
        #expect(finished.values.isEmpty, "all of the above was answered while the request still ran")

        release.signal()
        #expect(eventually { finished.values == [1] }, "the running request finished with the keys it started with")
        core.waitForWipes()
        #expect(core.holdsKeys == false)
    }
}
