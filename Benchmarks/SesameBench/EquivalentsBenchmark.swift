import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// Issue 8: `sesame equivalents import` of 4,000 pairs that chain into four groups of 1,001 sites, and a list
/// request afterwards by a service that has not read the groups yet (as each `sesame fill` process is).
enum EquivalentsBenchmark {
    static func run(folder: String) throws {
        report("## Equivalent domains at scale (SesameAutoFill)\n")
        let pairs = chainedPairs(chains: 4, length: 1_000)

        // Twice the pairs should take about twice the time: the merge is linear.
        for length in [1_000, 2_000] {
            let input = chainedPairs(chains: 4, length: length)
            var mergeTimes: [Double] = []
            for _ in 0..<5 {
                var domains = EquivalentDomains()
                mergeTimes.append(Measure.seconds { domains.merge(input) })
            }
            report("| merge \(input.count) chained pairs into empty groups (5 runs) | median **\(Measure.format(Measure.median(mergeTimes)))** | |")
        }

        var importTimes: [Double] = []
        var service: LocalVaultService?
        for run in 0..<3 {
            let vault = try Vault.create(
                at: folder + "/equivalents-\(run).sqlite", password: SecureBytes(utf8: "pw"),
                kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: Fixtures.publicSuffixList)
            try vault.add(contentsOf: (0..<1_000).map(Fixtures.item))
            let fresh = LocalVaultService(vault: vault)
            importTimes.append(try Measure.seconds { _ = try fresh.importEquivalents(pairs) })
            service = fresh
        }
        report("| `importEquivalents` of the 4,000 pairs (normalize, merge, seal, write; 3 runs) | median **\(Measure.format(Measure.median(importTimes)))** | |")

        // A new service per request: the groups are decoded and indexed again, as in a new `sesame fill`.
        let vault = service!.vault
        var coldTimes: [Double] = []
        var rows = 0
        for probe in 0..<50 {
            let url = "https://login.c\(probe % 4)-\(probe * 17 % 1_000).com/"
            coldTimes.append(try Measure.seconds {
                rows += try LocalVaultService(vault: vault).match([ServiceIdentifier(url, kind: .url)]).count
            })
        }
        report("| list request for a site of a 1,001-site group, by a new service each time (50 probes) | median **\(Measure.format(Measure.median(coldTimes)))** | |")
        var emptyTimes: [Double] = []
        _ = try service!.removeEquivalents(nil)
        for probe in 0..<50 {
            let url = "https://login.c\(probe % 4)-\(probe * 17 % 1_000).com/"
            emptyTimes.append(try Measure.seconds {
                rows += try LocalVaultService(vault: vault).match([ServiceIdentifier(url, kind: .url)]).count
            })
        }
        report("| reference: the same requests with no groups | median \(Measure.format(Measure.median(emptyTimes))) | |")
    }

    /// `c0-0.com`–`c0-1.com`, `c0-1.com`–`c0-2.com`, … for each chain, in an order that jumps between chains.
    static func chainedPairs(chains: Int, length: Int) -> [EquivalentGroup] {
        let total = chains * length
        return (0..<total).map { ($0 * 7919) % total }.map { index in
            let chain = index % chains, link = index / chains
            return .shared(["c\(chain)-\(link).com", "c\(chain)-\(link + 1).com"])
        }
    }
}
