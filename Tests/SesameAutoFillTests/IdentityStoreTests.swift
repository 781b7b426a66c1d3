import Foundation
import SesameAutoFill
import SesameAutoFillTestSupport
import Testing

/// The in-memory store enforces the rules Apple documents for `ASCredentialIdentityStore`.
@Suite struct IdentityStoreTests {
    static func identity(_ service: String, _ user: String, record: String = "r1", rank: Int = 0) -> CredentialIdentity {
        CredentialIdentity(serviceIdentifier: domainService(service), user: user, recordIdentifier: record, rank: rank)
    }

    let a = identity("a.com", "alice", record: "r1")
    let b = identity("b.com", "bob", record: "r2")
    let c = identity("c.com", "carol", record: "r3")

    @Test func aDisabledStoreRefusesEveryWrite() async {
        let store = InMemoryIdentityStore(isEnabled: false)
        await #expect(throws: IdentityStoreError.storeDisabled) { try await store.saveIdentities([a]) }
        await #expect(throws: IdentityStoreError.storeDisabled) { try await store.replaceIdentities(with: [a]) }
        await #expect(throws: IdentityStoreError.storeDisabled) { try await store.removeIdentities([a]) }
        await #expect(throws: IdentityStoreError.storeDisabled) { try await store.removeAllIdentities() }
        #expect(await store.count == 0)
        #expect(await store.writes.isEmpty)
    }

    @Test func disablingClearsTheStore() async throws {
        let store = InMemoryIdentityStore()
        try await store.saveIdentities([a, b])
        await store.setEnabled(false)
        #expect(await store.count == 0)
        #expect(await store.state() == IdentityStoreState(isEnabled: false, supportsIncrementalUpdates: true))
        await store.setEnabled(true)
        #expect(await store.identities.isEmpty)
    }

    @Test func savingAnIdentityWithAStoredKeyOverwritesItsRank() async throws {
        let store = InMemoryIdentityStore()
        try await store.saveIdentities([a, b])
        var newer = a
        newer.rank = 42
        try await store.saveIdentities([newer])
        #expect(await store.identities == [newer, b])
        var otherUser = a
        otherUser.user = "alice2"
        try await store.saveIdentities([otherUser])
        #expect(await store.count == 3)
    }

    @Test func withoutIncrementalUpdatesAPartialSaveIsRejected() async throws {
        let store = InMemoryIdentityStore(supportsIncrementalUpdates: false)
        try await store.saveIdentities([a, b])
        await #expect(throws: InMemoryIdentityStore.RuleViolation.partialSave(missing: 1)) {
            try await store.saveIdentities([b, c])
        }
        #expect(await store.identities == [a, b])
        var ranked = a
        ranked.rank = 7
        try await store.saveIdentities([ranked, b, c])
        #expect(await store.identities == [ranked, b, c])
    }

    @Test func withoutIncrementalUpdatesRemovalsAreRejectedAndReplaceWorks() async throws {
        let store = InMemoryIdentityStore(supportsIncrementalUpdates: false)
        try await store.replaceIdentities(with: [a, b, c])
        await #expect(throws: InMemoryIdentityStore.RuleViolation.incrementalUpdatesUnsupported) {
            try await store.removeIdentities([a])
        }
        try await store.replaceIdentities(with: [c])
        #expect(await store.identities == [c])
        #expect(await store.writes == [.replace(count: 3), .replace(count: 1)])
    }

    @Test func incrementalStoresTakePartialSavesAndRemovals() async throws {
        let store = InMemoryIdentityStore()
        try await store.saveIdentities([a])
        try await store.saveIdentities([b, c])
        try await store.removeIdentities([b])
        #expect(await store.identities == [a, c])
        try await store.removeAllIdentities()
        #expect(await store.count == 0)
    }

    @Test func aFailedWriteChangesNothing() async throws {
        let store = InMemoryIdentityStore()
        try await store.saveIdentities([a])
        await store.failNextWrite()
        await #expect(throws: IdentityStoreError.storeBusy) { try await store.replaceIdentities(with: [b]) }
        #expect(await store.identities == [a])
        try await store.replaceIdentities(with: [b])
        #expect(await store.identities == [b])
    }

    @Test func identitiesForOneServiceComeHighestRankFirst() async throws {
        let store = InMemoryIdentityStore()
        let old = Self.identity("shop.com", "old", record: "r1", rank: 10)
        let recent = Self.identity("shop.com", "recent", record: "r2", rank: 20)
        let never = Self.identity("shop.com", "never", record: "r3", rank: 0)
        try await store.saveIdentities([old, never, recent, a])
        #expect(await store.identities(for: domainService("shop.com")) == [recent, old, never])
    }

    @Test func errorCodesMirrorApple() {
        #expect(IdentityStoreError.allCases.map(\.rawValue) == [0, 1, 2])
    }
}
