import Foundation
import Testing
import SesameAutoFillTestSupport

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
