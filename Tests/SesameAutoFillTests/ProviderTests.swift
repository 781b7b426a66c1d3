import Foundation
import SesameAutoFill
import SesameStore
import Testing

/// `CredentialProvider` called directly: the rules behind the sequences `AutoFillHostTests` plays.
@Suite struct ProviderTests {
    @Test func errorsMirrorASExtensionErrorCodes() {
        #expect(ProviderError.allCases.map(\.rawValue) == [0, 1, 100, 101, 102])
    }

    @Test func theListNeedsATrustedSessionAndNeverPrompts() async throws {
        let fixture = try ProviderFixture()
        try fixture.seed([testLogin("A", urls: ["https://a.example.com"])])
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await fixture.provider.list(for: [domainService("a.example.com")])
        }
        #expect(fixture.authenticator.prompts.isEmpty)
        try await fixture.unlock()
        #expect(try await fixture.provider.list(for: [domainService("a.example.com")]).map(\.title) == ["A"])
    }

    @Test func withoutIdentifiersTheListHasEveryLoginMostRecentlyUsedFirst() async throws {
        let fixture = try ProviderFixture()
        let items = try fixture.seed([
            testLogin("Old", urls: ["https://old.example.com"]), testLogin("Fresh", urls: ["https://fresh.example.org"]),
            testLogin("Never", urls: ["https://never.example.net"]),
        ])
        try await fixture.unlock()
        fixture.clock.advance(by: 10)
        _ = try await fixture.provider.credential(forItemWithID: items[0].id)
        fixture.clock.advance(by: 10)
        _ = try await fixture.provider.credential(forItemWithID: items[1].id)
        #expect(try await fixture.provider.list(for: []).map(\.title) == ["Fresh", "Old", "Never"])
    }

    @Test func aLockedOrTimedOutSessionAnswersUserInteractionRequired() async throws {
        let fixture = try ProviderFixture()
        let item = try fixture.seed([testLogin("A", urls: ["https://a.example.com"])])[0]
        let identity = CredentialIdentity(serviceIdentifier: domainService("example.com"), user: "alice",
                                          recordIdentifier: CredentialIdentity.recordIdentifier(for: item.id))
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await fixture.provider.credential(for: identity, mode: .withoutUserInteraction)
        }
        try await fixture.unlock()
        #expect(try await fixture.provider.credential(for: identity, mode: .withoutUserInteraction).password == "s3cret-pw")
        await fixture.provider.lock()
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await fixture.provider.credential(for: identity, mode: .withoutUserInteraction)
        }
        try await fixture.unlock()
        fixture.clock.advance(by: VaultSession.defaultIdleTimeout)
        await #expect(throws: ProviderError.userInteractionRequired) {
            try await fixture.provider.credential(for: identity, mode: .withoutUserInteraction)
        }
        #expect(fixture.authenticator.prompts.isEmpty, "the no-UI path never prompts")
    }

    @Test func aStillTrustedSessionNeedsNoSecondProof() async throws {
        let fixture = try ProviderFixture()
        let item = try fixture.seed([testLogin("A", urls: ["https://a.example.com"])])[0]
        try await fixture.unlock()
        let identity = CredentialIdentity(serviceIdentifier: domainService("example.com"), user: "alice",
                                          recordIdentifier: CredentialIdentity.recordIdentifier(for: item.id))
        #expect(try await fixture.provider.credential(for: identity, mode: .afterUserInteraction).username == "alice")
        #expect(fixture.authenticator.prompts.isEmpty)
    }

    @Test func aRecordIdentifierWeNeverWroteIsNotFoundAndRemoved() async throws {
        let fixture = try ProviderFixture()
        let foreign = CredentialIdentity(serviceIdentifier: domainService("example.com"), user: "ghost",
                                         recordIdentifier: "0:local:old.kdbx:entry")
        try await fixture.store.saveIdentities([foreign])
        await #expect(throws: ProviderError.credentialIdentityNotFound) {
            try await fixture.provider.credential(for: foreign, mode: .withoutUserInteraction)
        }
        #expect(await fixture.store.count == 0)
        var missing = foreign
        missing.recordIdentifier = nil
        await #expect(throws: ProviderError.credentialIdentityNotFound) {
            try await fixture.provider.credential(for: missing, mode: .afterUserInteraction)
        }
        #expect(fixture.authenticator.prompts.isEmpty, "nothing to unlock for")
    }

    @Test func aTrashedItemIsNotFilledAndItsIdentityGoes() async throws {
        let fixture = try ProviderFixture()
        let item = try fixture.seed([testLogin("A", urls: ["https://a.example.com"])])[0]
        try await fixture.unlock()
        try await fixture.provider.configure()
        let identity = try #require(await fixture.store.identities.first)
        try fixture.vault.otherProcess().setState(.trashed, ofItemWithID: item.id)

        await #expect(throws: ProviderError.credentialIdentityNotFound) {
            try await fixture.provider.credential(for: identity, mode: .withoutUserInteraction)
        }
        #expect(await fixture.store.count == 0)
    }

    @Test func fillingRecordsUseWithoutOverwritingAnotherProcessesEdit() async throws {
        let fixture = try ProviderFixture()
        let item = try fixture.seed([testLogin("A", user: "alice", password: "old-pw", urls: ["https://a.example.com"])])[0]
        try await fixture.unlock()
        let other = try fixture.vault.otherProcess()
        let edited = try other.updateItem(withID: item.id, now: Date(timeIntervalSince1970: 1_800_000_000)) {
            $0.password = "new-pw"
        }

        let credential = try await fixture.provider.credential(forItemWithID: item.id)
        #expect(credential.password == "new-pw", "the fill reads the current version")
        let after = try other.item(withID: item.id).item
        #expect(after == edited, "recording the use wrote no item version")
        #expect(after.passwordHistory.map(\.password) == ["old-pw"])
        #expect(try other.usage(ofItemsWithIDs: [item.id])[item.id] == ItemUsage(lastUsed: fixture.clock.now(), count: 1))
    }

    @Test func anUnopenableVaultFailsAtOnce() async throws {
        let fixture = try ProviderFixture(vaultPath: "/nonexistent/sesame/vault.sqlite")
        fixture.authenticator.script(ScriptedAuthenticator.correct, ScriptedAuthenticator.correct)
        await #expect(throws: ProviderError.failed) { try await fixture.provider.configure() }
        #expect(fixture.authenticator.prompts.count == 1, "a missing vault is not a wrong password")
    }

    @Test func theAppsChangesThroughTheProviderKeepTheStoreInStep() async throws {
        let fixture = try ProviderFixture()
        try await fixture.unlock()
        try await fixture.provider.configure()
        let item = try await fixture.provider.perform { try $0.add(testLogin("A", urls: ["https://a.example.com"])) }
        #expect(await fixture.store.identities == (try fixture.vault.expectedIdentities()))
        let change = itemChange { $0.urls = [ItemURL("https://b.example.org")] }
        _ = try await fixture.provider.perform { try $0.update(item.id, change) }
        #expect(await fixture.store.identities.map(\.serviceIdentifier) == [domainService("example.org")])
        try await fixture.provider.perform { try $0.delete(item.id) }
        #expect(await fixture.store.count == 0)
        #expect(await fixture.store.writes.dropFirst().allSatisfy { if case .replace = $0 { false } else { true } })
    }

    @Test func synchronizingAfterOtherProcessesChangesSendsTheDifference() async throws {
        let fixture = try ProviderFixture()
        try fixture.seed([testLogin("A", urls: ["https://a.example.com"])])
        try await fixture.unlock()
        try await fixture.provider.configure()
        try fixture.vault.otherProcess().add(testLogin("B", urls: ["https://b.example.com"]))

        #expect(try await fixture.provider.synchronizeIdentities() == IdentitySyncReport(.incremental, saved: 1, total: 2))
        #expect(await fixture.store.identities == (try fixture.vault.expectedIdentities()))
    }
}
