import Foundation
@testable import SesameAgent
import Testing

/// Association requests waiting for the user (issue 22): any process can ask, so waiting places are one per
/// requester, the oldest gives way when all are taken, and a requester that left takes its request along.
struct BrowserPairingTests {
    static let key = "qmT5JxdC1hFl0tq1Wt9cPw0tYH5f6rsPZjs2Zz3TqH0="

    @Test func aRequesterWaitsOnceAndTheOldestRequestGivesWay() throws {
        let pairing = BrowserPairing()
        let first = pairing.open(key: Self.key, origin: "flood", requester: 1)
        let again = pairing.open(key: Self.key, origin: "flood", requester: 1)
        #expect(pairing.wait(for: first.code, patience: 0.1) == .withdrawn)
        #expect(pairing.pending().map(\.code) == [again.code])

        let others = (2...BrowserPairing.capacity).map { pairing.open(key: Self.key, origin: "flood", requester: Int32($0)) }
        #expect(pairing.pending().count == BrowserPairing.capacity)
        // Every place is taken: the browser's own request still gets one, and the oldest gives way.
        let browser = pairing.open(key: Self.key, origin: "keepassxc-browser@keepassxc.org", requester: 99)
        #expect(pairing.pending().count == BrowserPairing.capacity)
        #expect(pairing.pending().map(\.code) == others.map(\.code) + [browser.code])
        #expect(pairing.wait(for: again.code, patience: 0.1) == .withdrawn)
        #expect(try pairing.key(for: browser.code) == Self.key)
    }

    @Test func aRequestWhoseRequesterLeftIsWithdrawnAtOnce() {
        let pairing = BrowserPairing()
        let request = pairing.open(key: Self.key, origin: "gone", requester: 7)
        // Thirty seconds of patience: only the requester's absence ends it early.
        #expect(pairing.wait(for: request.code, patience: 30, requesterLeft: { true }) == .withdrawn)
        #expect(pairing.pending().isEmpty)
        let answered = pairing.open(key: Self.key, origin: "here", requester: 8)
        #expect(pairing.answer(answered.code, .denied))
        #expect(pairing.wait(for: answered.code, patience: 30, requesterLeft: { false }) == .denied)
    }
}
