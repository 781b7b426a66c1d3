import Foundation
import Testing

/// A fixed-seed generator (SplitMix64), so statistical tests see the same draws on every run and cannot flake.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The rule texts of the test fixture, a few sites copied from Apple's `quirks/password-rules.json`.
func fixtureRuleTexts() throws -> [String: String] {
    let path = try #require(Bundle.module.path(forResource: "password-rules", ofType: "json", inDirectory: "Fixtures"))
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let entries = try JSONDecoder().decode([String: [String: String]].self, from: data)
    return entries.compactMapValues { $0["password-rules"] }
}

/// Pearson's chi-square statistic of observed counts against equal expected counts.
func chiSquare(_ counts: [Int]) -> Double {
    let expected = Double(counts.reduce(0, +)) / Double(counts.count)
    return counts.reduce(0) { $0 + (Double($1) - expected) * (Double($1) - expected) / expected }
}
