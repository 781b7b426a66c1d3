import Foundation
import SesameAutoFill
import SesameAutoFillTestSupport
import SesameStore
import Testing

/// A provider with a real vault, an in-memory store and a scripted authenticator, driven like iOS drives it.
final class ProviderFixture {
    let vault: ProviderTestVault
    let store: InMemoryIdentityStore
    let authenticator: ScriptedAuthenticator
    let clock: ManualClock
    let provider: CredentialProvider

    init(incremental: Bool = true, storeEnabled: Bool = true, vaultPath: String? = nil) throws {
        vault = try ProviderTestVault()
        store = InMemoryIdentityStore(isEnabled: storeEnabled, supportsIncrementalUpdates: incremental)
        authenticator = ScriptedAuthenticator()
        let clock = ManualClock()
        self.clock = clock
        provider = CredentialProvider(vaultPath: vaultPath ?? vault.path, publicSuffixList: testPublicSuffixList, identityStore: store,
                                      authenticator: authenticator, now: { clock.now() })
    }

    func host(_ generation: AutoFillHost.Generation = .requestBased) -> AutoFillHost {
        AutoFillHost(provider: provider, store: store, generation: generation)
    }

    /// Items the app stored earlier.
    @discardableResult
    func seed(_ items: [Item]) throws -> [Item] {
        try vault.vault.add(contentsOf: items)
        return items
    }

    func unlock() async throws {
        try await provider.unlock(password: .init(utf8: ProviderTestVault.password))
    }
}

@Suite struct AutoFillHostTests {
    static let page = "https://www.example.com/login"

    /// An enabled, configured extension over a few logins, unlocked.
    static func configured(_ generation: AutoFillHost.Generation = .requestBased) async throws
        -> (ProviderFixture, AutoFillHost)
    {
        let fixture = try ProviderFixture(storeEnabled: false)
        try fixture.seed([
            testLogin("Example", user: "alice", password: "alice-pw", urls: ["https://www.example.com"]),
            testLogin("Example work", user: "alice@work", password: "work-pw", urls: ["https://login.example.com"]),
            testLogin("Elsewhere", user: "bob", password: "bob-pw", urls: ["https://elsewhere.example.org"]),
        ])
        let host = fixture.host(generation)
        try await fixture.unlock()
        #expect(await host.enableExtension() == .configured)
        host.clearEvents()
        return (fixture, host)
    }

    @Test(arguments: AutoFillHost.Generation.allCases)
    func aTapWhileUnlockedFillsWithoutAnyUI(generation: AutoFillHost.Generation) async throws {
        let (fixture, host) = try await Self.configured(generation)
        let suggestions = try await host.quickTypeSuggestions(onPage: Self.page)
        #expect(Set(suggestions.map(\.user)) == ["alice", "alice@work"])
        let alice = try #require(suggestions.first { $0.user == "alice" })

        guard case .filled(let credential) = await host.tap(alice) else {
            Issue.record("not filled: \(host.events)")
            return
        }
        #expect(credential.username == "alice")
        #expect(credential.password == "alice-pw")
        #expect(host.events == [.provideCredentialWithoutUserInteraction(record: alice.recordIdentifier),
                                .completeRequest(user: "alice")])
        #expect(fixture.authenticator.prompts.isEmpty)
    }

    @Test(arguments: AutoFillHost.Generation.allCases)
    func aTapWhileLockedUnlocksThroughTheUIThenFills(generation: AutoFillHost.Generation) async throws {
        let (fixture, host) = try await Self.configured(generation)
        await fixture.provider.lock()
        let alice = try #require(try await host.quickTypeSuggestions(onPage: Self.page).first { $0.user == "alice" })
        fixture.authenticator.script(ScriptedAuthenticator.correct)

        #expect(await host.tap(alice) == .filled(Credential(id: try #require(alice.itemID), username: "alice",
                                                           password: "alice-pw")))
        #expect(host.events == [
            .provideCredentialWithoutUserInteraction(record: alice.recordIdentifier),
            .cancelRequest(.userInteractionRequired),
            .prepareInterfaceToProvideCredential(record: alice.recordIdentifier),
            .completeRequest(user: "alice"),
        ])
        #expect(fixture.authenticator.prompts == [AuthenticationPrompt(purpose: .fill(alice), attempt: 1, maximumAttempts: 3)])
        #expect(await fixture.provider.refreshTrust())
    }

    @Test func aTapOnADeletedItemIsNotFoundAndTheSuggestionDisappears() async throws {
        let (fixture, host) = try await Self.configured()
        let work = try #require(try await host.quickTypeSuggestions(onPage: Self.page).first { $0.user == "alice@work" })
        try fixture.vault.otherProcess().delete(id: try #require(work.itemID))  // the CLI, or another device's sync

        #expect(await host.tap(work) == .canceled(.credentialIdentityNotFound))
        #expect(host.events == [.provideCredentialWithoutUserInteraction(record: work.recordIdentifier),
                                .cancelRequest(.credentialIdentityNotFound)])
        #expect(try await host.quickTypeSuggestions(onPage: Self.page).map(\.user) == ["alice"])
        #expect(await fixture.store.identities == (try fixture.vault.expectedIdentities()))
    }

    @Test func aTapOnADeletedItemWhileLockedUnlocksThenReportsItGone() async throws {
        let (fixture, host) = try await Self.configured()
        let work = try #require(try await host.quickTypeSuggestions(onPage: Self.page).first { $0.user == "alice@work" })
        try fixture.vault.otherProcess().delete(id: try #require(work.itemID))
        await fixture.provider.lock()
        fixture.authenticator.script(ScriptedAuthenticator.correct)

        #expect(await host.tap(work) == .canceled(.credentialIdentityNotFound))
        #expect(host.events.suffix(2) == [.prepareInterfaceToProvideCredential(record: work.recordIdentifier),
                                          .cancelRequest(.credentialIdentityNotFound)])
        #expect(await fixture.store.identities.allSatisfy { $0.recordIdentifier != work.recordIdentifier })
    }

    @Test func cancellingTheUnlockScreenCancelsTheRequest() async throws {
        let (fixture, host) = try await Self.configured()
        await fixture.provider.lock()
        let alice = try #require(try await host.quickTypeSuggestions(onPage: Self.page).first)
        fixture.authenticator.script(.cancel)

        #expect(await host.tap(alice) == .canceled(.userCanceled))
        #expect(host.events.last == .cancelRequest(.userCanceled))
        #expect(await !fixture.provider.refreshTrust())
    }

    @Test func threeWrongPasswordsFailTheRequest() async throws {
        let (fixture, host) = try await Self.configured()
        await fixture.provider.lock()
        let alice = try #require(try await host.quickTypeSuggestions(onPage: Self.page).first)
        fixture.authenticator.script(ScriptedAuthenticator.wrong, ScriptedAuthenticator.wrong,
                                     ScriptedAuthenticator.wrong, ScriptedAuthenticator.correct)

        #expect(await host.tap(alice) == .canceled(.failed))
        let prompts = fixture.authenticator.prompts
        #expect(prompts.map(\.attempt) == [1, 2, 3], "no fourth attempt")
        #expect(prompts.map(\.followsFailedAttempt) == [false, true, true])
        #expect(prompts.map(\.attemptsLeft) == [3, 2, 1])
        #expect(await !fixture.provider.refreshTrust())
    }

    @Test func aRightPasswordAfterWrongOnesFills() async throws {
        let (fixture, host) = try await Self.configured()
        await fixture.provider.lock()
        let alice = try #require(try await host.quickTypeSuggestions(onPage: Self.page).first { $0.user == "alice" })
        fixture.authenticator.script(ScriptedAuthenticator.wrong, ScriptedAuthenticator.wrong, ScriptedAuthenticator.correct)

        guard case .filled(let credential) = await host.tap(alice) else {
            Issue.record("not filled: \(host.events)")
            return
        }
        #expect(credential.password == "alice-pw")
        #expect(fixture.authenticator.prompts.count == 3)
    }

    @Test func theListForSeveralIdentifiersUnlocksRanksAndFillsThePick() async throws {
        let fixture = try ProviderFixture()
        try fixture.seed([
            testLogin("Subdomain", user: "sub", urls: ["https://www.example.com"]),
            testLogin("Exact", user: "exact", urls: ["https://m.example.com/login"]),
            testLogin("Same host", user: "host", password: "host-pw", urls: ["https://example.com/account"]),
            testLogin("Other site", user: "other", urls: ["https://example.org"]),
        ])
        let host = fixture.host()
        fixture.authenticator.script(ScriptedAuthenticator.correct)
        var listed: [String] = []

        let outcome = await host.openCredentialList(
            for: [urlService("https://m.example.com/login"), domainService("example.com")]
        ) { matches in
            listed = matches.map(\.username)
            return matches.first { $0.username == "host" }
        }
        #expect(listed == ["exact", "host", "sub"])
        guard case .filled(let credential) = outcome else {
            Issue.record("not filled: \(host.events)")
            return
        }
        #expect(credential.password == "host-pw")
        #expect(fixture.authenticator.prompts.map(\.purpose) == [.list])
        #expect(host.events.last == .completeRequest(user: "host"))
    }

    @Test func dismissingTheListCancels() async throws {
        let (_, host) = try await Self.configured()
        #expect(await host.openCredentialList(for: [domainService("example.com")]) { _ in nil } == .canceled(.userCanceled))
    }

    @Test func enablingTheExtensionRunsAFullSync() async throws {
        let fixture = try ProviderFixture(storeEnabled: false)
        let items = try fixture.seed((0..<30).map {
            testLogin("Item \($0)", user: "user\($0)", urls: ["https://s\($0 % 12).example.com"])
        })
        let host = fixture.host()
        fixture.authenticator.script(ScriptedAuthenticator.correct)

        #expect(await host.enableExtension() == .configured)
        #expect(host.events == [.prepareInterfaceForExtensionConfiguration, .completeExtensionConfigurationRequest])
        #expect(fixture.authenticator.prompts.map(\.purpose) == [.configure])
        #expect(await fixture.store.writes == [.replace(count: items.count)])
        #expect(await fixture.store.identities == (try fixture.vault.expectedIdentities()))
    }

    @Test func cancellingConfigurationWritesNothing() async throws {
        let fixture = try ProviderFixture(storeEnabled: false)
        try fixture.seed([testLogin("A", urls: ["https://a.example.com"])])
        let host = fixture.host()
        fixture.authenticator.script(.cancel)
        #expect(await host.enableExtension() == .canceled(.userCanceled))
        #expect(await fixture.store.writes.isEmpty)
    }

    @Test func disablingTheExtensionClearsTheStoreAndWritesFailUntilItIsEnabledAgain() async throws {
        let (fixture, host) = try await Self.configured()
        await host.disableExtension()
        #expect(await fixture.store.count == 0)
        #expect(try await host.quickTypeSuggestions(onPage: Self.page).isEmpty)
        await #expect(throws: IdentityStoreError.storeDisabled) {
            try await fixture.store.saveIdentities([IdentityStoreTests.identity("example.com", "x")])
        }

        // The app keeps working; the store stays untouched while disabled.
        _ = try await fixture.provider.perform { try $0.add(testLogin("New", user: "new", urls: ["https://new.example.com"])) }
        #expect(await fixture.store.count == 0)

        #expect(await host.enableExtension() == .configured)
        #expect(await fixture.store.identities == (try fixture.vault.expectedIdentities()))
        #expect(await fixture.store.identities.contains { $0.user == "new" })
    }

    @Test func theSessionTimesOutOnTheInjectedClock() async throws {
        let (fixture, host) = try await Self.configured()
        let alice = try #require(try await host.quickTypeSuggestions(onPage: Self.page).first { $0.user == "alice" })

        fixture.clock.advance(by: 14 * 60)
        #expect(await host.tap(alice) == .filled(Credential(id: try #require(alice.itemID), username: "alice",
                                                           password: "alice-pw")))
        #expect(fixture.authenticator.prompts.isEmpty)

        fixture.clock.advance(by: 15 * 60)  // idle since the last fill
        host.clearEvents()
        fixture.authenticator.script(ScriptedAuthenticator.correct)
        guard case .filled = await host.tap(alice) else {
            Issue.record("not filled: \(host.events)")
            return
        }
        #expect(host.events.prefix(2) == [.provideCredentialWithoutUserInteraction(record: alice.recordIdentifier),
                                          .cancelRequest(.userInteractionRequired)])
        #expect(fixture.authenticator.prompts.count == 1)
    }

    @Test func quickTypeOrderFollowsRecentUse() async throws {
        let (fixture, host) = try await Self.configured()
        let before = try await host.quickTypeSuggestions(onPage: Self.page)
        let work = try #require(before.first { $0.user == "alice@work" })

        fixture.clock.advance(by: 60)
        _ = await host.tap(work)
        #expect(try await host.quickTypeSuggestions(onPage: Self.page).map(\.user) == ["alice@work", "alice"])

        fixture.clock.advance(by: 60)
        _ = await host.tap(try #require(before.first { $0.user == "alice" }))
        #expect(try await host.quickTypeSuggestions(onPage: Self.page).map(\.user) == ["alice", "alice@work"])
    }
}
