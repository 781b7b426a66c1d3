import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SesameAutoFill
import SesameAutoFillTestSupport
import SesameCrypto
import SesameDomains
import SesameStore

/// Issue 3's identity figures: a full identity sync at 100,000 items (10,000 with `--quick`) with its breakdown,
/// an incremental sync after one edit, and the peak memory of a full sync.
enum IdentitySyncBenchmark {
    static func run(folder: String, quick: Bool) async throws {
        let count = quick ? 10_000 : 100_000
        report("## Identity sync (SesameAutoFill), \(count) items\n")
        let vault = try makeVault(at: folder + "/identities.sqlite", count: count)
        try await fullSync(vault: vault, runs: 5)
        try await incremental(vault: vault, incremental: true, runs: quick ? 101 : 201)
        try await incremental(vault: vault, incremental: false, runs: quick ? 21 : 21)
    }

    /// `count` logins (one URL each, a few per site, as in the vault benchmark), 1 in 500 of them used.
    static func makeVault(at path: String, count: Int) throws -> Vault {
        let vault = try Vault.create(
            at: path, password: SecureBytes(utf8: "pw"), kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: Fixtures.publicSuffixList)
        var index = 0
        while index < count {
            let end = min(count, index + 5_000)
            try vault.add(contentsOf: (index..<end).map(Fixtures.item))
            index = end
        }
        let ids = try vault.allItems().items.map(\.id)
        for (offset, id) in ids.enumerated() where offset % 500 == 0 {
            try vault.recordUse(ofItemWithID: id, at: Date(timeIntervalSince1970: 1_750_000_000 + Double(offset)))
        }
        return vault
    }

    static func fullSync(vault: Vault, runs: Int) async throws {
        // The whole thing, as configuration runs it: read, build, replace the store's content. Measured first,
        // with freed heap handed back, so the peak is this sync's and not an earlier step's.
        releaseFreedMemory()
        Measure.resetPeakMemory()
        let baseline = Measure.memoryMiB().current
        var configure: [Double] = []
        var sync = IdentitySync(store: InMemoryIdentityStore())
        for _ in 0..<runs {
            sync = IdentitySync(store: InMemoryIdentityStore())
            configure.append(try await seconds { try await sync.synchronizeAll(vault: vault, replacing: true) })
        }
        let memory = Measure.memoryMiB()
        let identities = sync.snapshot?.count ?? 0

        // A reconcile (app start): read, build, diff against the snapshot; nothing changed, nothing written.
        var reconcile: [Double] = []
        for _ in 0..<runs {
            var report = IdentitySyncReport(.deferred)
            reconcile.append(try await seconds { report = try await sync.synchronizeAll(vault: vault) })
            precondition(report.kind == .unchanged)
        }

        // The steps one by one.
        var decrypt: [Double] = [], usage: [Double] = [], build: [Double] = [], diff: [Double] = []
        var flatten: [Double] = [], replace: [Double] = []
        let suffixes = Fixtures.publicSuffixList
        var previous: IdentitySnapshot?
        var itemsMemory = (peak: Double.nan, current: Double.nan), itemsBaseline = Double.nan
        for run in 0..<runs {
            var items: [Item] = []
            var used: [UUID: ItemUsage] = [:]
            var snapshot = IdentitySnapshot()
            if run == 0 {
                releaseFreedMemory()
                Measure.resetPeakMemory()
                itemsBaseline = Measure.memoryMiB().current
            }
            decrypt.append(try Measure.seconds { items = try vault.allItems().items })
            if run == 0 { itemsMemory = Measure.memoryMiB() }
            usage.append(try Measure.seconds { used = try vault.usage(ofItemsWithIDs: items.map(\.id)) })
            build.append(Measure.seconds { snapshot = IdentitySnapshot(items: items, usage: used, suffixes: suffixes) })
            if let previous {
                var changes = IdentityChanges()
                diff.append(Measure.seconds { changes = previous.changes(to: snapshot) })
                precondition(changes.isEmpty, "an unchanged vault gives no changes")
            }
            var all: [CredentialIdentity] = []
            flatten.append(Measure.seconds { all = snapshot.allIdentities })
            let store = InMemoryIdentityStore()
            replace.append(try await seconds { try await store.replaceIdentities(with: all) })
            previous = snapshot
        }

        func row(_ label: String, _ values: [Double]) {
            report("| \(label) | median \(Measure.format(Measure.median(values))) (min \(Measure.format(values.min() ?? .nan)), \(values.count) runs) |")
        }
        report("| step | time |")
        report("|---|---|")
        row("full sync at configuration: read, build \(identities) identities, replace the store", configure)
        row("full sync, reconcile: read, build, diff against the snapshot (nothing to write)", reconcile)
        row("· decrypt and decode every item (`Vault.allItems`)", decrypt)
        row("· read usage of every item (`Vault.usage`: one scan of the table)", usage)
        row("· build identities (`IdentitySnapshot(items:usage:suffixes:)`)", build)
        row("· diff two full snapshots (`changes(to:)`)", diff)
        row("· flatten for a replace (`allIdentities`)", flatten)
        row("· replace in the in-memory store", replace)
        report("| peak RSS during the configuration syncs | \(String(format: "%.0f", memory.peak)) MiB, \(String(format: "%.0f", memory.peak - baseline)) MiB above the \(String(format: "%.0f", baseline)) MiB before |")
        report("| · of which the decoded items alone (`Vault.allItems`) | \(String(format: "%.0f", itemsMemory.peak - itemsBaseline)) MiB |")
        report("")
    }

    /// Hands freed heap back to the system, so resident memory measures what is in use.
    static func releaseFreedMemory() {
        #if canImport(Glibc)
        // glibc's malloc_trim, which the Glibc module does not import.
        typealias MallocTrim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        }
        #endif
    }

    /// One edit through `LocalVaultService` (its hook notes the change), then the sync; only the sync is timed.
    static func incremental(vault: Vault, incremental: Bool, runs: Int) async throws {
        let store = InMemoryIdentityStore(supportsIncrementalUpdates: incremental)
        let sync = IdentitySync(store: store)
        let service = LocalVaultService(vault: vault)
        service.onChange = { sync.note($0) }
        try await sync.synchronizeAll(vault: vault, replacing: true)
        let ids = try vault.allItems().items.prefix(runs).map(\.id)

        var edits: [Double] = [], syncs: [Double] = [], fills: [Double] = []
        for (round, id) in ids.enumerated() {
            // Moves the item to a site of its own, so its identity really changes (one removal, one save).
            let change = itemChange(url: "https://login.moved\(round)-\(incremental ? "a" : "b").net/")
            edits.append(try Measure.seconds { _ = try service.update(id, change) })
            var kind = IdentitySyncReport.Kind.deferred
            syncs.append(try await seconds { kind = try await sync.flush(vault: vault).kind })
            precondition(kind == (incremental ? .incremental : .replaced))
            _ = try service.credential(for: id)
            fills.append(try await seconds { _ = try await sync.flush(vault: vault) })
        }
        let label = incremental ? "incremental updates" : "full set only (replace from the snapshot)"
        report("| store with \(label) | median | p90 |")
        report("|---|---|---|")
        report("| sync after one edit (item moved to another site) | \(Measure.format(Measure.median(syncs))) | \(Measure.format(Measure.percentile(syncs, 0.9))) |")
        report("| sync after one fill (rank) | \(Measure.format(Measure.median(fills))) | \(Measure.format(Measure.percentile(fills, 0.9))) |")
        report("| the edit itself (vault write, not part of the sync) | \(Measure.format(Measure.median(edits))) | \(Measure.format(Measure.percentile(edits, 0.9))) |")
        report("")
    }

    static func itemChange(url: String) -> ItemChange {
        var change = ItemChange()
        change.urls = [ItemURL(url)]
        return change
    }

    static func seconds(_ body: () async throws -> Void) async rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
