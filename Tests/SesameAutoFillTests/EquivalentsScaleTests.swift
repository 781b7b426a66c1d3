import Testing
@testable import SesameAutoFill

/// Merging and looking up equivalent domains at the scale of a large import: thousands of groups that chain.
@Suite struct EquivalentsScaleTests {
    /// `chains` chains of `length` pairs (`c0-0.com`–`c0-1.com`, `c0-1.com`–`c0-2.com`, …), in an order that
    /// jumps between chains and along them, so merges join groups grown from both ends.
    static func chainedPairs(chains: Int, length: Int) -> [EquivalentGroup] {
        let total = chains * length
        // 7919 is prime and does not divide the total: a permutation of 0..<total.
        return (0..<total).map { ($0 * 7919) % total }.map { index in
            let chain = index % chains, link = index / chains
            return .shared(["c\(chain)-\(link).com", "c\(chain)-\(link + 1).com"])
        }
    }

    @Test func fourThousandChainedPairsMergeIntoOneGroupPerChain() {
        var domains = EquivalentDomains(groups: [.shared(["x.com", "y.com"])])
        let change = domains.merge(Self.chainedPairs(chains: 4, length: 1_000))
        #expect(domains.groups.count == 5)
        #expect(domains.groups.first == .shared(["x.com", "y.com"]))
        for chain in 0..<4 {
            let members = (0...1_000).map { "c\(chain)-\($0).com" }.sorted()
            #expect(domains.groups.contains(.shared(members)))
            #expect(change.added.contains(.shared(members)))
        }
        #expect(change.removed.isEmpty)
        // Every pair after a chain's first merged into an existing group or joined two.
        #expect(change.unchanged == 0)
        #expect(domains.sites(offeredOn: "c1-500.com").count == 1_000)
        #expect(domains.offers("c2-0.com", on: "c2-1000.com"))
        #expect(!domains.offers("c2-0.com", on: "c3-1000.com"))
        #expect(!domains.offers("c2-7.com", on: "c2-7.com"))
        #expect(domains.merge(Self.chainedPairs(chains: 4, length: 1_000)).unchanged == 4_000)
    }

    @Test func mergingMatchesTheOneGroupAtATimeDefinition() {
        // Shared groups that overlap in many ways, and one-way groups some of which shared groups already declare.
        var incoming: [EquivalentGroup] = []
        for index in 0..<600 {
            let a = "s\((index * 37) % 211).com", b = "s\((index * 53) % 211).com", c = "s\((index * 11) % 307).com"
            switch index % 4 {
            case 0, 1: incoming.append(.shared([a, b]))
            case 2: incoming.append(.shared([a, b, c]))
            default: incoming.append(.oneWay(from: [a], to: [c, "t\(index % 13).com"], fromObsolete: index % 8 == 3))
            }
        }
        var expected = ReferenceMerge(groups: [])
        var actual = EquivalentDomains()
        for slice in stride(from: 0, to: incoming.count, by: 150).map({ Array(incoming[$0..<min($0 + 150, incoming.count)]) }) {
            let reference = expected.merge(slice)
            let change = actual.merge(slice)
            #expect(actual.groups == expected.groups)
            #expect(change == reference)
        }
        for site in ["s0.com", "s5.com", "s100.com", "t3.com", "s300.com", "none.com"] {
            let reference = Set(expected.groups.flatMap { group -> [String] in
                switch group {
                case .shared(let domains): domains.contains(site) ? domains : []
                case .oneWay(let from, let to, _): to.contains(site) ? from : []
                }
            }).subtracting([site])
            #expect(actual.sites(offeredOn: site) == reference, "\(site)")
            for other in reference { #expect(actual.offers(other, on: site)) }
        }
    }
}

/// The merge as first written: one group at a time against every group, quadratic but plainly right.
private struct ReferenceMerge {
    var groups: [EquivalentGroup]

    mutating func merge(_ incoming: [EquivalentGroup]) -> EquivalentsChange {
        let before = groups
        var unchanged = 0
        for group in incoming {
            guard let group = group.canonical() else { continue }
            if isCovered(group) {
                unchanged += 1
                continue
            }
            switch group {
            case .shared(let domains):
                var union = Set(domains)
                var firstIndex: Int?
                var kept: [EquivalentGroup] = []
                for existing in groups {
                    if case .shared(let other) = existing, !union.isDisjoint(with: other) {
                        union.formUnion(other)
                        firstIndex = firstIndex ?? kept.count
                        continue
                    }
                    kept.append(existing)
                }
                kept.insert(.shared(union.sorted()), at: firstIndex ?? kept.count)
                groups = kept
            case .oneWay:
                groups.append(group)
            }
        }
        return EquivalentsChange(
            added: groups.filter { !before.contains($0) }, removed: before.filter { !groups.contains($0) },
            unchanged: unchanged)
    }

    func isCovered(_ group: EquivalentGroup) -> Bool {
        switch group {
        case .shared(let domains):
            return groups.contains { existing in
                guard case .shared(let other) = existing else { return false }
                return Set(domains).isSubset(of: other)
            }
        case .oneWay(let from, let to, _):
            return from.allSatisfy { source in
                to.allSatisfy { target in
                    groups.contains { existing in
                        switch existing {
                        case .shared(let other): other.contains(source) && other.contains(target)
                        case .oneWay(let f, let t, _): f.contains(source) && t.contains(target)
                        }
                    }
                }
            }
        }
    }
}
