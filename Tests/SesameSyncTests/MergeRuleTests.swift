import Foundation
import SesameCrypto
import Testing
@testable import SesameSync

/// The delete rules and clock skew, as named scenarios between two devices.
@Suite struct MergeRuleTests {
    let vault = UUID()
    let key = SymmetricKey()
    let item = UUID()

    func pair() -> (Replica, Replica) {
        (Replica(vault: vault, key: key), Replica(vault: vault, key: key))
    }

    /// Exchanges everything both ways.
    func exchange(_ a: Replica, _ b: Replica) throws {
        let files = [a.flush(), b.flush()].compactMap { $0 }
        try a.ingest(files)
        try b.ingest(files)
    }

    @Test func concurrentEditBeatsDelete() throws {
        let (a, b) = pair()
        a.write(item, payload: [1])
        try exchange(a, b)
        a.wallClock += 10_000  // the delete is later by the clock, and still loses
        a.write(item, payload: nil)
        let edit = b.write(item, payload: [2])
        try exchange(a, b)
        for replica in [a, b] {
            let resolution = replica.resolution(of: item)
            #expect(resolution.winner == edit)
            #expect(resolution.siblings.isEmpty)
        }
    }

    @Test func causallyLaterDeleteWins() throws {
        let (a, b) = pair()
        a.write(item, payload: [1])
        try exchange(a, b)
        b.wallClock -= 1_000_000  // even from a device whose clock is behind
        b.write(item, payload: nil)
        try exchange(a, b)
        for replica in [a, b] { #expect(replica.resolution(of: item).winner?.isPut == false) }
    }

    @Test func putAfterDeleteResurrects() throws {
        let (a, b) = pair()
        a.write(item, payload: [1])
        try exchange(a, b)
        b.write(item, payload: nil)
        try exchange(a, b)
        let back = a.write(item, payload: [3])
        try exchange(a, b)
        for replica in [a, b] { #expect(replica.resolution(of: item).winner == back) }
    }

    @Test func concurrentEditsKeepBothAndALaterEditSettlesThem() throws {
        let (a, b) = pair()
        a.write(item, payload: [1])
        try exchange(a, b)
        a.wallClock += 86_400_000  // a day ahead: wins display order only
        let ahead = a.write(item, payload: [2])
        let behind = b.write(item, payload: [3])
        try exchange(a, b)
        for replica in [a, b] {
            let resolution = replica.resolution(of: item)
            #expect(resolution.winner == ahead)
            #expect(resolution.siblings == [behind])
        }
        // The device behind, having seen both, edits again: its clock has caught up and its edit wins.
        let settled = b.write(item, payload: [4])
        #expect(settled.time > ahead.time)
        try exchange(a, b)
        for replica in [a, b] {
            #expect(replica.resolution(of: item).winner == settled)
            #expect(replica.resolution(of: item).siblings.isEmpty)
        }
    }
}
