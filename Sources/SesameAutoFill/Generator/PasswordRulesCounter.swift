/// Exact share of uniformly drawn passwords that meet a generator's plan, by dynamic programming over positions.
///
/// Characters that belong to the same requirements form one group; a state is (requirements covered so far, group of
/// the last character, length of the current run of that character). Only the probability is computed, in `Double`
/// (relative error near 1e-15, zero stays exactly zero): it decides whether rules can be met and gives the entropy,
/// while the password itself comes from exact rejection sampling.
struct PasswordRulesCounter {
    /// More requirements than this, or a state space this large, is refused as too complex to judge.
    static let maximumRequirements = 12
    static let maximumWork = 20_000_000

    /// nil when the rules are too complex to judge.
    let acceptance: Double?

    init(_ plan: PasswordGenerator.Plan) {
        acceptance = Self.count(plan)
    }

    private static func count(_ plan: PasswordGenerator.Plan) -> Double? {
        guard !plan.alphabet.isEmpty else { return 0 }
        guard plan.requirements.count <= maximumRequirements else { return nil }
        var groupSizes: [Int: Int] = [:]
        for character in plan.alphabet {
            var mask = 0
            for (index, requirement) in plan.requirements.enumerated() where requirement.contains(character) { mask |= 1 << index }
            groupSizes[mask, default: 0] += 1
        }
        let groups = groupSizes.sorted { $0.key < $1.key }
        let full = (1 << plan.requirements.count) - 1
        let total = Double(plan.alphabet.count)
        let runs = plan.maxConsecutive ?? 1
        let masks = full + 1
        guard masks * groups.count * runs * plan.length <= maximumWork else { return nil }

        // probability[mask][group][run - 1]; without a run limit every run counts as run 1.
        func index(_ mask: Int, _ group: Int, _ run: Int) -> Int { (mask * groups.count + group) * runs + run - 1 }
        var current = [Double](repeating: 0, count: masks * groups.count * runs)
        for (group, entry) in groups.enumerated() {
            current[index(entry.key, group, 1)] += Double(entry.value) / total
        }
        for _ in 1..<plan.length {
            var next = [Double](repeating: 0, count: current.count)
            for mask in 0..<masks {
                for group in groups.indices {
                    for run in 1...runs {
                        let probability = current[index(mask, group, run)]
                        guard probability > 0 else { continue }
                        for (other, entry) in groups.enumerated() {
                            let covered = mask | entry.key
                            if plan.maxConsecutive == nil || other != group {
                                next[index(covered, other, 1)] += probability * Double(entry.value) / total
                            } else {
                                // The same character extends the run; another of its group starts a new one.
                                if run < runs { next[index(covered, other, run + 1)] += probability / total }
                                next[index(covered, other, 1)] += probability * Double(entry.value - 1) / total
                            }
                        }
                    }
                }
            }
            current = next
        }
        var accepted = 0.0
        for group in groups.indices {
            for run in 1...runs { accepted += current[index(full, group, run)] }
        }
        return accepted
    }
}
