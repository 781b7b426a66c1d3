import Foundation
@testable import SesameSecretService
import Testing

/// The stand-ins a locked vault's searches get: one per client and query, bounded, and named by exactly one path.
struct LockedSearchesTests {
    @Test func aRepeatedSearchGetsTheSameStandInAndAnotherClientItsOwn() throws {
        let searches = LockedSearches()
        let first = try #require(searches.id(for: ["service": "demo"], owner: ":1.5"))
        #expect(searches.id(for: ["service": "demo"], owner: ":1.5") == first)
        let other = try #require(searches.id(for: ["service": "demo"], owner: ":1.6"))
        #expect(other != first)
        searches.removeAll(ownedBy: ":1.5")
        #expect(searches[first] == nil)
        #expect(searches[other]?.attributes == ["service": "demo"])
    }

    @Test func theOldestGoFirstAndHugeQueriesAreNotKept() throws {
        let searches = LockedSearches()
        let oldest = try #require(searches.id(for: ["n": "0"], owner: ":1.5"))
        for index in 1...LockedSearches.capacity {
            _ = searches.id(for: ["n": String(index)], owner: ":1.5")
        }
        #expect(searches[oldest] == nil)
        #expect(searches.ids.count == LockedSearches.capacity)
        let huge = ["k": String(repeating: "x", count: LockedSearches.maximumAttributeBytes)]
        #expect(searches.id(for: huge, owner: ":1.5") == nil)
    }

    @Test func aStandInHasOnePath() throws {
        let searches = LockedSearches()
        let id = try #require(searches.id(for: [:], owner: ":1.5"))
        let path = SecretObject.lockedSearch(id).path
        #expect(path == "/org/freedesktop/secrets/collection/login/search\(id)")
        #expect(SecretObject.parse(path, aliases: [:]) == .lockedSearch(id))
        #expect(searches["0" + id] == nil)
        #expect(SecretObject.parse("/org/freedesktop/secrets/collection/login/search", aliases: [:]) == nil)
        #expect(SecretObject.parse("/org/freedesktop/secrets/collection/session/search1", aliases: [:]) == nil)
    }
}
