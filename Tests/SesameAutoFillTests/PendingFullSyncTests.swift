import Foundation
import SesameAutoFill
import SesameAutoFillTestSupport
import SesameStore
import Testing

/// A configuration that ends without writing the store leaves a note beside the vault; the next unlock of any
/// provider on that vault (another process) runs the full sync and removes it.
@Suite struct PendingFullSyncTests {
    private func provider(_ vault: ProviderTestVault, store: InMemoryIdentityStore,
                          authenticator: ScriptedAuthenticator) -> CredentialProvider {
        CredentialProvider(vaultPath: vault.path, publicSuffixList: testPublicSuffixList, identityStore: store,
                           authenticator: authenticator,
                           pendingFullSync: PendingFullSync(path: vault.path + ".autofill-pending"))
    }

    @Test func aCancelledConfigurationIsNotedAndTheNextUnlockSyncsEverything() async throws {
        let vault = try ProviderTestVault()
        try vault.vault.add(contentsOf: [testLogin("A", urls: ["https://a.example.com"]),
                                         testLogin("B", user: "bob", urls: ["https://b.example.org"])])
        let store = InMemoryIdentityStore()
        let configuring = provider(vault, store: store, authenticator: ScriptedAuthenticator([.cancel]))
        await #expect(throws: ProviderError.userCanceled) { try await configuring.configure() }
        #expect(configuring.needsFullSync)
        #expect(await store.identities.isEmpty)

        // Another process: a fill after the unlock screen.
        let next = provider(vault, store: store, authenticator: ScriptedAuthenticator([ScriptedAuthenticator.correct]))
        #expect(next.needsFullSync)
        let identity = try vault.expectedIdentities()[0]
        _ = try await next.credential(for: identity, mode: .afterUserInteraction)
        #expect(await store.identities == (try vault.expectedIdentities()))
        #expect(!next.needsFullSync)
    }

    @Test func wrongPasswordsAndARefusedWriteAreNotedToo() async throws {
        let vault = try ProviderTestVault()
        try vault.vault.add(testLogin("A", urls: ["https://a.example.com"]))
        let store = InMemoryIdentityStore()
        let wrong = ScriptedAuthenticator([ScriptedAuthenticator.wrong, ScriptedAuthenticator.wrong, ScriptedAuthenticator.wrong])
        let first = provider(vault, store: store, authenticator: wrong)
        await #expect(throws: ProviderError.failed) { try await first.configure() }
        #expect(first.needsFullSync)

        await store.failNextWrite()
        let second = provider(vault, store: store, authenticator: ScriptedAuthenticator([ScriptedAuthenticator.correct]))
        await #expect(throws: ProviderError.failed) { try await second.configure() }
        #expect(second.needsFullSync)

        // A configuration that writes clears the note; so does the app's reconcile after its unlock.
        try await second.configure()
        #expect(!second.needsFullSync)
        #expect(await store.identities == (try vault.expectedIdentities()))
    }

    @Test func theAppsReconcileReplacesWhenANoteIsThere() async throws {
        let vault = try ProviderTestVault()
        try vault.vault.add(testLogin("A", urls: ["https://a.example.com"]))
        let store = InMemoryIdentityStore()
        PendingFullSyncNote.write(vault.path + ".autofill-pending")
        let app = provider(vault, store: store, authenticator: ScriptedAuthenticator())
        try await app.unlock(password: .init(utf8: ProviderTestVault.password))
        #expect(try await app.synchronizeIdentities().kind == .replaced)
        #expect(!app.needsFullSync)
        #expect(await store.identities == (try vault.expectedIdentities()))
    }
}

/// Writes the note as an earlier process would have.
enum PendingFullSyncNote {
    static func write(_ path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data())
    }
}

/// The extension's full sync: one array built while items stream, no snapshot kept.
@Suite struct SnapshotlessSyncTests {
    @Test(arguments: [true, false])
    func aFullSyncWithoutSnapshotWritesExactlyTheVaultsIdentities(incremental: Bool) async throws {
        let vault = try ProviderTestVault()
        let items = [testLogin("A", urls: ["https://a.example.com", "https://a.example.org"]),
                     testLogin("B", user: "bob", urls: ["https://b.example.net"]),
                     testLogin("Never", urls: ["https://n.example.com"], match: .never)]
        try vault.vault.add(contentsOf: items)
        try vault.vault.recordUse(ofItemWithID: items[1].id, at: Date(timeIntervalSince1970: 1_760_000_000))
        let store = InMemoryIdentityStore(supportsIncrementalUpdates: incremental)
        let sync = IdentitySync(store: store)
        sync.keepsSnapshot = false
        #expect(try await sync.synchronizeAll(vault: vault.vault, replacing: true).kind == .replaced)
        #expect(sync.snapshot == nil)
        #expect(await store.identities == (try vault.expectedIdentities()))
        #expect(await store.identities.contains { $0.user == "bob" && $0.rank == 1_760_000_000 })

        // A later edit in this process replaces again, and still ends equal to the vault.
        try vault.vault.updateItem(withID: items[0].id) { $0.urls = [ItemURL("https://c.example.com")] }
        sync.note(.items([items[0].id]))
        try await sync.flush(vault: vault.vault)
        #expect(await store.identities == (try vault.expectedIdentities()))
    }
}
