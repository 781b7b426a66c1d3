/// Adds groups to a list of equivalent-domain groups the way ``EquivalentDomains/merge(_:)`` says, in time linear
/// in the number of domains (give or take a logarithm) rather than in groups × groups.
///
/// A shared group merges with every shared group it overlaps; it is already declared when one shared group holds all
/// its domains. A one-way group is added unless each of its `from → to` pairs is declared, by a shared group holding
/// both or a one-way group. Shared groups stay disjoint (merging keeps them so), so a domain has one owner.
struct EquivalentsMerger {
    private struct Pair: Hashable {
        var from: String
        var to: String
    }

    /// By group id: the position that orders the result. A merged group takes the first position it absorbed.
    private var position: [Int] = []
    /// By group id: the group as given, while no merge touched it (so untouched groups come back unchanged).
    private var original: [EquivalentGroup?] = []
    /// By group id: a shared group's domains once a merge touched it.
    private var members: [Set<String>?] = []
    /// By group id: false once merged into another group.
    private var isAlive: [Bool] = []
    /// Domain → id of the shared group that holds it.
    private var owner: [String: Int] = [:]
    /// Every `from → to` pair a one-way group declares.
    private var oneWayPairs: Set<Pair> = []

    init(_ groups: [EquivalentGroup]) {
        for group in groups { append(group) }
    }

    /// Adds `group` (canonical); false when the groups already declared all of it.
    mutating func add(_ group: EquivalentGroup) -> Bool {
        switch group {
        case .shared(let domains):
            let owners = Set(domains.compactMap { owner[$0] })
            if owners.count == 1, domains.allSatisfy({ owner[$0] != nil }) { return false }
            guard !owners.isEmpty else {
                append(group)
                return true
            }
            merge(domains, into: owners)
            return true
        case .oneWay(let from, let to, _):
            let isDeclared = from.allSatisfy { source in
                to.allSatisfy { target in
                    (owner[source] != nil && owner[source] == owner[target])
                        || oneWayPairs.contains(Pair(from: source, to: target))
                }
            }
            if isDeclared { return false }
            append(group)
            return true
        }
    }

    /// The groups in order.
    func groups() -> [EquivalentGroup] {
        position.indices.filter { isAlive[$0] }.sorted { position[$0] < position[$1] }.map { id in
            original[id] ?? .shared(members[id]!.sorted())
        }
    }

    private mutating func append(_ group: EquivalentGroup) {
        let id = position.count
        position.append(id)
        original.append(group)
        members.append(nil)
        isAlive.append(true)
        switch group {
        case .shared(let domains):
            // Stored groups are disjoint; should two overlap anyway, the first keeps the domain.
            for domain in domains where owner[domain] == nil { owner[domain] = id }
        case .oneWay(let from, let to, _):
            for source in from {
                for target in to { oneWayPairs.insert(Pair(from: source, to: target)) }
            }
        }
    }

    /// Merges the groups `ids` and `domains` into one group: the largest absorbs the others, so a domain changes
    /// owner only when its group at least doubles.
    private mutating func merge(_ domains: [String], into ids: Set<Int>) {
        let base = ids.max { size(of: $0) < size(of: $1) }!
        var union = takeMembers(of: base)
        for id in ids where id != base {
            let absorbed = takeMembers(of: id)
            for domain in absorbed { owner[domain] = base }
            union.formUnion(absorbed)
            position[base] = min(position[base], position[id])
            isAlive[id] = false
        }
        for domain in domains where owner[domain] == nil {
            owner[domain] = base
            union.insert(domain)
        }
        members[base] = union
    }

    private func size(of id: Int) -> Int {
        members[id]?.count ?? original[id]?.domains.count ?? 0
    }

    /// The domains of shared group `id`, which from now on lives in `members`.
    private mutating func takeMembers(of id: Int) -> Set<String> {
        if let set = members[id] {
            members[id] = nil
            return set
        }
        let set = Set(original[id]?.domains ?? [])
        original[id] = nil
        return set
    }
}
