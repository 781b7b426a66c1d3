import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// Issue 3's list request: ranked matches for one URL through `LocalVaultService`, as the AutoFill extension and
/// `sesame match` ask for them, at 100,000 items (10,000 with --quick), and the peak memory of those requests.
enum ListBenchmark {
    static func run(folder: String, quick: Bool) throws {
        report("## List request (SesameAutoFill)\n")
        let count = quick ? 10_000 : 100_000
        let probes = 2_000
        let vault = try Vault.create(
            at: folder + "/list.sqlite", password: SecureBytes(utf8: "pw"),
            kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: Fixtures.publicSuffixList)
        var used: [UUID] = []
        let filling = try Measure.seconds {
            var index = 0
            while index < count {
                let end = min(count, index + 5_000)
                let batch = (index..<end).map(Fixtures.item)
                try vault.add(contentsOf: batch)
                used += stride(from: 0, to: batch.count, by: 50).map { batch[$0].id }
                index = end
            }
        }
        let service = LocalVaultService(vault: vault)
        // About the size of Apple's shared-credentials list: 100 groups of 5 sites.
        let groups = (0..<100).map { group in
            EquivalentGroup.shared((0..<5).map { "site\(group * 5 + $0)-example.com" })
        }
        _ = try service.importEquivalents(groups)
        // Every 50th login has been filled, so ranking reads usage records too.
        for (order, id) in used.enumerated() {
            try vault.recordUse(ofItemWithID: id, at: Date(timeIntervalSince1970: 1_800_000_000 + Double(order)))
        }
        report("| setup: \(count) items, 100 equivalence groups of 5 sites | \(Measure.format(filling)) to add the items | |")

        // Forms on random sites: mostly sites outside any group, like most logins.
        try probe(service, label: "list request for one URL at \(count) items", count: probes) { probe in
            "https://www.\(Fixtures.domain(of: (probe * 7919) % count))/login"
        }
        // Forms on sites in a group: the index lookup takes five sites, and the rows include equivalents.
        try probe(service, label: "list request for one URL of a site in an equivalence group", count: probes) { probe in
            "https://login.site\((probe * 31) % 500)-example.com/"
        }
        // The empty form: every login, decrypted and sorted by recent use (no index can help).
        Measure.resetPeakMemory()
        var all = 0
        let everything = try Measure.seconds { all = try service.match([]).count }
        let memory = Measure.memoryMiB()
        report("| reference: list request without identifiers (all \(all) logins) | \(Measure.format(everything)) | peak RSS \(String(format: "%.1f", memory.peak)) MiB |")
    }

    private static func probe(_ service: LocalVaultService, label: String, count: Int, url: (Int) -> String) throws {
        for warmUp in 0..<50 { _ = try service.match([ServiceIdentifier(url(warmUp), kind: .url)]) }
        var times: [Double] = []
        times.reserveCapacity(count)
        var rows = 0
        Measure.resetPeakMemory()
        let before = Measure.memoryMiB().current
        for index in 0..<count {
            let identifiers = [ServiceIdentifier(url(index), kind: .url)]
            times.append(try Measure.seconds { rows += try service.match(identifiers).count })
        }
        let memory = Measure.memoryMiB()
        precondition(rows >= count, "every probe should find its logins")
        report("| \(label) (\(count) probes, ~\(rows / count) rows each) | median \(Measure.format(Measure.median(times))), p99 \(Measure.format(Measure.percentile(times, 0.99))) | peak RSS \(String(format: "%.1f", memory.peak)) MiB (+\(String(format: "%.1f", memory.peak - before)) MiB during the probes) |")

        // The store's share: the same index lookups and decryptions, without matching and ranking.
        let matcher = CredentialMatcher(equivalents: try service.equivalents(), publicSuffixList: Fixtures.publicSuffixList)
        var storeTimes: [Double] = []
        for index in 0..<count {
            let domains = try matcher.candidateDomains(for: [ServiceIdentifier(url(index), kind: .url)])
            storeTimes.append(try Measure.seconds { _ = try service.vault.items(withDomains: domains) })
        }
        report("| … of which `Vault.items(withDomains:)` (index lookup, decryption of the candidates) | median \(Measure.format(Measure.median(storeTimes))) | |")
    }
}
