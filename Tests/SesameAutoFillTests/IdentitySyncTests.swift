import Foundation
import SesameAutoFill
import SesameAutoFillTestSupport
import SesameStore
import Testing

/// A vault served by a `LocalVaultService` whose changes reach an `IdentitySync`, as in the app.
final class SyncHarness {
    let vault: ProviderTestVault
    let service: LocalVaultService
    let store: InMemoryIdentityStore
    let sync: IdentitySync
    let clock = ManualClock()

    /// - Parameter through: wraps the store the sync talks to (a slow or gated store).
    init(incremental: Bool = true, through wrap: (InMemoryIdentityStore) -> any IdentityStore = { $0 }) throws {
        vault = try ProviderTestVault()
        service = LocalVaultService(vault: vault.vault, now: clock.now)
        store = InMemoryIdentityStore(supportsIncrementalUpdates: incremental)
        sync = IdentitySync(store: wrap(store))
        service.onChange = { [sync] in sync.note($0) }
    }

    @discardableResult
    nonisolated(nonsending) func flush() async throws -> IdentitySyncReport {
        try await sync.flush(vault: vault.vault)
    }

    @discardableResult
    nonisolated(nonsending) func configure() async throws -> IdentitySyncReport {
        try await sync.synchronizeAll(vault: vault.vault, replacing: true)
    }

    /// The store holds exactly what a rebuild from scratch gives.
    nonisolated(nonsending) func expectInStep(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let expected = try vault.expectedIdentities()
        let actual = await store.identities
        #expect(actual == expected, comment, sourceLocation: sourceLocation)
    }
}

func itemChange(_ body: (inout ItemChange) -> Void) -> ItemChange {
    var change = ItemChange()
    body(&change)
    return change
}

@Suite struct IdentitySyncTests {
    @Test(arguments: [true, false])
    func everyKindOfChangeKeepsTheStoreEqualToARebuild(incremental: Bool) async throws {
        let h = try SyncHarness(incremental: incremental)
        try h.service.add(testLogin("Existing", urls: ["https://existing.example.com"]))
        #expect(try await h.configure().kind == .replaced)
        try await h.expectInStep("configure")
        let changed: IdentitySyncReport.Kind = incremental ? .incremental : .replaced

        let bank = try h.service.add(testLogin("Bank", user: "alice", urls: ["https://bank.example.com"]))
        #expect(try await h.flush().kind == changed)
        try await h.expectInStep("add")

        let imported = (0..<20).map { testLogin("Imported \($0)", user: "user\($0)", urls: ["https://site\($0).example.org"]) }
        try h.service.importItems(imported)
        #expect(try await h.flush().kind == changed)
        try await h.expectInStep("import")

        try h.service.update(bank.id, itemChange { $0.urls = [ItemURL("https://bank.example.net/login")] })
        try await h.flush()
        try await h.expectInStep("URL moved to another site")

        try h.service.update(bank.id, itemChange { $0.username = "alice.smith" })
        try await h.flush()
        try await h.expectInStep("user name changed")

        try h.service.update(imported[3].id, itemChange { $0.matchMode = .never })
        try await h.flush()
        try await h.expectInStep("mode never")

        try h.service.moveToTrash(imported[0].id)
        try await h.flush()
        try await h.expectInStep("trash")

        try h.service.restore(imported[0].id)
        try await h.flush()
        try await h.expectInStep("restore")

        try h.service.delete(imported[1].id)
        try await h.flush()
        try await h.expectInStep("delete")

        h.clock.advance(by: 60)
        _ = try h.service.credential(for: imported[2].id)
        #expect(try await h.flush().kind == changed)
        try await h.expectInStep("fill")

        let writes = await h.store.writes
        if incremental {
            #expect(writes.filter { if case .replace = $0 { true } else { false } }.count == 1, "only configuration replaces")
        } else {
            #expect(writes.allSatisfy { if case .replace = $0 { true } else { false } }, "full set every time")
        }
    }

    @Test(arguments: [true, false])
    func syncingAgainWritesNothing(incremental: Bool) async throws {
        let h = try SyncHarness(incremental: incremental)
        let item = try h.service.add(testLogin("Mail", urls: ["https://mail.example.com"]))
        try h.service.add(testLogin("Shop", urls: ["https://shop.example.net"]))
        try await h.configure()
        await h.store.clearWriteLog()

        #expect(try await h.flush().kind == .unchanged)
        #expect(try await h.sync.synchronizeAll(vault: h.vault.vault).kind == .unchanged)
        h.sync.note(.items([item.id]))
        #expect(try await h.flush().kind == .unchanged)
        try h.service.update(item.id, itemChange { $0.notes = "notes are not part of an identity" })
        #expect(try await h.flush().kind == .unchanged)
        #expect(await h.store.writes.isEmpty)
        try await h.expectInStep()
    }

    @Test func editedAwaySitesAndUserNamesLeaveNoStaleIdentity() async throws {
        let h = try SyncHarness()
        let item = try h.service.add(testLogin("Forum", user: "alice", urls: ["https://forum.example.com"]))
        try await h.configure()

        try h.service.update(item.id, itemChange { $0.urls = [ItemURL("https://forum.example.org")] })
        try await h.flush()
        #expect(await h.store.identities.map(\.serviceIdentifier) == [domainService("example.org")])

        try h.service.update(item.id, itemChange { $0.username = "alice@example.org" })
        try await h.flush()
        #expect(await h.store.identities.map(\.user) == ["alice@example.org"])

        try h.service.update(item.id, itemChange { $0.matchMode = .never })
        try await h.flush()
        #expect(await h.store.identities.isEmpty)
    }

    @Test func ranksFollowRecentUse() async throws {
        let h = try SyncHarness()
        let personal = try h.service.add(testLogin("Personal", user: "me", urls: ["https://www.example.com"]))
        let work = try h.service.add(testLogin("Work", user: "me@work", urls: ["https://login.example.com"]))
        try await h.configure()
        await h.store.clearWriteLog()

        h.clock.advance(by: 3600)
        _ = try h.service.credential(for: work.id)
        try await h.flush()
        #expect(await h.store.identities(for: domainService("example.com")).map(\.user) == ["me@work", "me"])
        #expect(await h.store.writes == [.save(count: 1)], "a fill changes one rank, nothing else")

        h.clock.advance(by: 3600)
        _ = try h.service.fill([urlService("https://www.example.com/")], username: "me")
        try await h.flush()
        let ranked = await h.store.identities(for: domainService("example.com"))
        #expect(ranked.map(\.user) == ["me", "me@work"])
        #expect(ranked.map(\.recordIdentifier) == [personal.id, work.id].map { $0.uuidString.lowercased() })
        #expect(ranked.first?.rank == Int(h.clock.now().timeIntervalSince1970))
        try await h.expectInStep()
    }

    @Test func aNewProcessStartsWithAFullReplace() async throws {
        let h = try SyncHarness()
        // Written by another process: this sync heard nothing and knows nothing of the store.
        let other = try h.vault.otherProcess()
        try other.add(contentsOf: (0..<5).map { testLogin("Item \($0)", urls: ["https://s\($0).example.com"]) })
        try await h.store.saveIdentities([IdentityStoreTests.identity("stale.example", "ghost")])

        try h.service.add(testLogin("New", urls: ["https://new.example.com"]))
        #expect(try await h.flush().kind == .replaced)
        try await h.expectInStep()
        #expect(h.sync.snapshot?.count == 6)
    }

    @Test(arguments: [true, false])
    func aFailedWriteIsHealedByTheNextSync(incremental: Bool) async throws {
        let h = try SyncHarness(incremental: incremental)
        try h.service.add(testLogin("One", urls: ["https://one.example.com"]))
        try await h.configure()

        try h.service.add(testLogin("Two", urls: ["https://two.example.com"]))
        await h.store.failNextWrite()
        await #expect(throws: IdentityStoreError.storeBusy) { try await h.flush() }
        #expect(h.sync.snapshot == nil, "the store's content is unknown after a failed write")

        try h.service.add(testLogin("Three", urls: ["https://three.example.com"]))
        #expect(try await h.flush().kind == .replaced)
        try await h.expectInStep()
    }

    @Test func aDisabledStoreIsLeftAloneAndRefilledOnConfiguration() async throws {
        let h = try SyncHarness()
        try h.service.add(testLogin("One", urls: ["https://one.example.com"]))
        try await h.configure()
        await h.store.setEnabled(false)
        await h.store.clearWriteLog()

        try h.service.add(testLogin("Two", urls: ["https://two.example.com"]))
        #expect(try await h.flush().kind == .storeDisabled)
        #expect(try await h.sync.synchronizeAll(vault: h.vault.vault).kind == .storeDisabled)
        #expect(await h.store.count == 0)
        #expect(await h.store.writes.isEmpty)
        #expect(h.sync.snapshot == nil)

        await h.store.setEnabled(true)
        #expect(try await h.configure().kind == .replaced)
        try await h.expectInStep()
    }

    @Test(arguments: [true, false])
    func importsWrittenStraightToTheVaultAreSynced(incremental: Bool) async throws {
        let h = try SyncHarness(incremental: incremental)
        try await h.configure()
        let items = (0..<50).map { testLogin("Import \($0)", user: "u\($0)", urls: ["https://i\($0 % 10).example.com"]) }
        try h.vault.vault.add(contentsOf: items)
        h.sync.note(.items(Set(items.map(\.id))))
        let report = try await h.flush()
        #expect(report.kind == (incremental ? .incremental : .replaced))
        #expect(report.saved == 50)
        try await h.expectInStep()
    }

    @Test(arguments: [true, false])
    func aStaleIdentityGoesWithEveryIdentityOfItsRecord(incremental: Bool) async throws {
        let h = try SyncHarness(incremental: incremental)
        let doomed = try h.service.add(testLogin("Two sites", urls: ["https://a.example.com", "https://b.example.org"]))
        try h.service.add(testLogin("Keeper", urls: ["https://a.example.com"]))
        try await h.configure()
        try h.vault.otherProcess().delete(id: doomed.id)  // the sync does not hear of it

        let tapped = try #require(await h.store.identities.first { $0.itemID == doomed.id })
        try await h.sync.removeStale(tapped, vault: nil)
        #expect(await h.store.identities.allSatisfy { $0.itemID != doomed.id })
        try await h.expectInStep()
    }

    @Test func withoutASnapshotOnlyTheTappedIdentityIsRemoved() async throws {
        let h = try SyncHarness()
        let gone = try h.service.add(testLogin("Gone", urls: ["https://gone.example.com"]))
        try await h.configure()
        try h.vault.otherProcess().delete(id: gone.id)
        let tapped = try #require(await h.store.identities.first)

        let fresh = IdentitySync(store: h.store)  // the extension's new process
        #expect(try await fresh.removeStale(tapped, vault: nil) == IdentitySyncReport(.incremental, removed: 1))
        #expect(await h.store.count == 0)

        let fullSetOnly = InMemoryIdentityStore(supportsIncrementalUpdates: false)
        try await fullSetOnly.replaceIdentities(with: [tapped])
        let fresh2 = IdentitySync(store: fullSetOnly)
        #expect(try await fresh2.removeStale(tapped, vault: nil).kind == .deferred)
        #expect(try await fresh2.removeStale(tapped, vault: h.vault.vault).kind == .replaced)
        #expect(await fullSetOnly.count == 0)
    }

    @Test func aFillInAFreshProcessUpdatesOnlyThatItemsRank() async throws {
        let h = try SyncHarness()
        let item = try h.service.add(testLogin("Used", urls: ["https://used.example.com"]))
        try h.service.add(testLogin("Other", urls: ["https://other.example.com"]))
        try await h.configure()
        await h.store.clearWriteLog()

        let extensionSync = IdentitySync(store: h.store)
        let extensionService = LocalVaultService(vault: try h.vault.otherProcess(), now: h.clock.now)
        extensionService.onChange = { extensionSync.note($0) }
        h.clock.advance(by: 10)
        _ = try extensionService.credential(for: item.id)
        #expect(try await extensionSync.flush(vault: extensionService.vault) == IdentitySyncReport(.incremental, saved: 1))
        #expect(await h.store.writes == [.save(count: 1)])
        try await h.expectInStep()

        await h.store.setSupportsIncrementalUpdates(false)
        _ = try extensionService.credential(for: item.id)
        #expect(try await extensionSync.flush(vault: extensionService.vault).kind == .deferred,
                "a fill never decrypts the whole vault for a rank")
        #expect(await h.store.writes == [.save(count: 1)])
    }

    @Test func changesMadeWhileALockedVaultCannotBeReadAreKept() async throws {
        let h = try SyncHarness()
        try await h.configure()
        try h.service.add(testLogin("Later", urls: ["https://later.example.com"]))
        h.vault.vault.lock()
        await #expect(throws: VaultError.locked) { try await h.flush() }
        #expect(h.sync.hasPendingChanges)
        try h.vault.vault.unlock(password: .init(utf8: ProviderTestVault.password))
        #expect(try await h.flush().kind == .incremental)
        try await h.expectInStep()
    }

    @Test(arguments: [true, false])
    func aSyncWaitsForTheWriteOfTheSyncBeforeIt(incremental: Bool) async throws {
        let race = try RaceHarness(incremental: incremental)
        try await race.start()
        await race.gate.holdNextWrite()
        try await race.moveItem(to: "https://x.second.example")
        let first = Task { try await race.flush() }
        await race.gate.waitUntilAWriteIsHeld()

        try await race.moveItem(to: "https://x.third.example")
        let second = Task { try await race.flush() }
        try await Task.sleep(nanoseconds: 50_000_000)  // room for a second sync that did not wait to finish
        await race.gate.releaseHeldWrite()
        _ = try await (first.value, second.value)

        try await race.expectInStep()
        #expect(await race.storedServices() == ["third.example"], "no identity of the intermediate edit")
    }

    @Test(arguments: [true, false])
    func overlappingChangesAndSyncsEndInStep(incremental: Bool) async throws {
        let harness = try ConcurrentSyncHarness(incremental: incremental)
        try await harness.configure()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { try await harness.change(index) }
            }
            try await group.waitForAll()
        }
        #expect(await harness.hasPendingChanges == false)
        try await harness.expectInStep()
        #expect(await harness.snapshotMatchesStore(), "what the sync believes is what the store holds")
    }
}

/// Changes and syncs that interleave on one actor, as requests do on the provider actor: every sync suspends
/// on a store that answers late, letting other changes and syncs in.
actor ConcurrentSyncHarness {
    let harness: SyncHarness
    private var ids: [UUID] = []

    init(incremental: Bool) throws {
        harness = try SyncHarness(incremental: incremental) { DelayedIdentityStore($0) }
    }

    func configure() async throws {
        try await harness.configure()
    }

    func change(_ index: Int) async throws {
        if index % 4 == 3, let id = ids.popLast() {
            try harness.service.delete(id)
        } else if index % 4 == 2, let id = ids.last {
            try harness.service.update(id, itemChange { $0.urls = [ItemURL("https://moved\(index).example.net")] })
        } else {
            let item = try harness.service.add(testLogin("Item \(index)", urls: ["https://s\(index).example.com"]))
            ids.append(item.id)
        }
        try await harness.flush()
    }

    var hasPendingChanges: Bool { harness.sync.hasPendingChanges }

    func expectInStep() async throws {
        try await harness.expectInStep()
    }

    func snapshotMatchesStore() async -> Bool {
        inStoreOrder(harness.sync.snapshot?.allIdentities ?? []) == (await harness.store.identities)
    }
}

/// One item edited twice while the first sync's write is held in the store.
actor RaceHarness {
    let harness: SyncHarness
    let gate: GatedIdentityStore
    private var id: UUID?

    init(incremental: Bool) throws {
        var gate: GatedIdentityStore?
        harness = try SyncHarness(incremental: incremental) { store in
            let gated = GatedIdentityStore(store)
            gate = gated
            return gated
        }
        self.gate = gate!
    }

    func start() async throws {
        id = try harness.service.add(testLogin("Moving", urls: ["https://x.first.example"])).id
        try await harness.configure()
    }

    func moveItem(to url: String) throws {
        try harness.service.update(id!, itemChange { $0.urls = [ItemURL(url)] })
    }

    func flush() async throws {
        try await harness.flush()
    }

    func storedServices() async -> [String] {
        await harness.store.identities.map(\.serviceIdentifier.identifier)
    }

    func expectInStep() async throws {
        try await harness.expectInStep()
    }
}
