import Foundation
import SesameAutoFill
import Testing

/// The one rule of a trusted session, which the agent and `VaultSession` both follow.
@Suite struct SessionTrustTests {
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    @Test func aSessionIsTrustedUntilItsIdleTimeoutPassesSinceItsLastUse() {
        var trust = SessionTrust(idleTimeout: 60, lastUse: start)
        #expect(trust.verdict(at: start) == .trusted(timeLeft: 60))
        #expect(trust.verdict(at: start + 59) == .trusted(timeLeft: 1))
        #expect(trust.verdict(at: start + 60) == .idle)
        #expect(trust.deadline == start + 60)

        trust.recordUse(at: start + 59)
        #expect(trust.verdict(at: start + 60) == .trusted(timeLeft: 59))
        #expect(trust.verdict(at: start + 118) == .trusted(timeLeft: 1))
        #expect(trust.verdict(at: start + 119) == .idle)
    }

    @Test func anEndedEpochWinsOverTheTimeLeft() {
        let kept = SessionTrust(idleTimeout: 60, lastUse: start, epoch: 7)
        #expect(kept.verdict(at: start, currentEpoch: 7) == .trusted(timeLeft: 60))
        #expect(kept.verdict(at: start, currentEpoch: 8) == .ended)
        // A keeper that appeared after the unlock: the session did not begin in its epoch.
        #expect(SessionTrust(idleTimeout: 60, lastUse: start).verdict(at: start, currentEpoch: 0) == .ended)
        #expect(kept.verdict(at: start) == .ended)
    }

    @Test func aKeptSessionIsRestoredOnlyWithinThisProcesssTimeoutAndKeepsItsExpiry() throws {
        let restored = try #require(SessionTrust(keptUntil: start + 40, epoch: 3, idleTimeout: 60, at: start))
        #expect(restored.verdict(at: start, currentEpoch: 3) == .trusted(timeLeft: 40))
        #expect(restored.lastUse == start - 20)
        #expect(SessionTrust(keptUntil: start, epoch: 3, idleTimeout: 60, at: start) == nil, "expired")
        #expect(SessionTrust(keptUntil: start + 61, epoch: 3, idleTimeout: 60, at: start) == nil,
                "kept under a longer timeout than this process allows")
        #expect(SessionTrust(keptUntil: start + 60, epoch: 3, idleTimeout: 60, at: start) != nil)
    }

    @Test func theTimeLeftIsNilUnlessTrusted() {
        #expect(SessionTrust.Verdict.trusted(timeLeft: 5).timeLeft == 5)
        #expect(SessionTrust.Verdict.idle.timeLeft == nil)
        #expect(SessionTrust.Verdict.ended.timeLeft == nil)
    }
}
