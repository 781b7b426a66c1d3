import Foundation
import Testing
import SesameAutoFillTestSupport
@testable import SesameAutoFill

@Suite struct PasswordGeneratorTests {
    @Test func thousandsOfPasswordsPerFixtureRuleSetEachSatisfyTheirRules() throws {
        var random = SeededGenerator(seed: 11)
        for (site, text) in try fixtureRuleTexts().sorted(by: { $0.key < $1.key }) {
            let rules = try PasswordRulesParser.parse(text)
            let generator = PasswordGenerator(rules: rules)
            let passwords = try generator.generate(count: 2_000, using: &random)
            #expect(passwords.count == 2_000)
            let broken = passwords.filter { !rules.isSatisfied(by: $0) }
            #expect(broken.isEmpty, "\(site): \(broken.prefix(3))")
        }
    }

    /// FuzzPasswordRules found rules whose passwords cost seconds to draw (18 characters, no character twice in a row,
    /// 194 long: 1 in 60,000 draws qualifies). They are refused at once; nearby rules that are cheap still generate.
    @Test func rulesTooCostlyToDrawAreRefusedNotDrawn() throws {
        let costly = try PasswordGenerator(rules: PasswordRulesParser.parse(
            "max-consecutive:1;minlength: 194;  required:[ 'd1;my@h:\"2[^_|~]]; "))
        #expect(try costly.acceptance() < 1e-4)
        #expect(throws: ServiceFailure.self) { try costly.validate() }
        var random = SeededGenerator(seed: 3)
        #expect(throws: ServiceFailure.self) { try costly.generate(using: &random) }
        let cheap = try PasswordGenerator(rules: PasswordRulesParser.parse(
            "max-consecutive:1;minlength: 20;  required:[ 'd1;my@h:\"2[^_|~]]; "))
        let password = try cheap.generate(using: &random)
        #expect(password.count == 20)
        #expect(try PasswordRulesParser.parse("max-consecutive:1; required:[ 'd1;my@h:\"2[^_|~]]").isSatisfied(by: password))
    }

    @Test func theSystemRandomSourceAlsoMeetsTheRules() throws {
        let rules = try PasswordRulesParser.parse("minlength: 8; maxlength: 8; max-consecutive: 1; required: lower; required: digit; required: [!]; allowed: upper")
        let generator = PasswordGenerator(rules: rules)
        let passwords = try (0..<1_000).map { _ in try generator.generate() }
        #expect(passwords.allSatisfy(rules.isSatisfied(by:)))
        #expect(Set(passwords).count == passwords.count)
    }

    /// Small enough to enumerate: every password over `abc` of length 4 where `a` appears, `c` appears, and no
    /// character repeats three times in a row. Each must come out equally often.
    @Test func everySatisfyingPasswordIsEquallyLikely() throws {
        let rules = try PasswordRulesParser.parse("minlength: 4; maxlength: 4; max-consecutive: 2; required: [a]; required: [c]; allowed: [b]")
        let letters = Array("abc")
        var satisfying: [String] = []
        for code in 0..<81 {
            let password = String((0..<4).map { letters[(code / Int(pow(3.0, Double($0)))) % 3] })
            if rules.isSatisfied(by: password) { satisfying.append(password) }
        }
        let generator = PasswordGenerator(rules: rules)
        #expect(try generator.acceptance() == Double(satisfying.count) / 81)

        var random = SeededGenerator(seed: 6238)
        var counts = Dictionary(uniqueKeysWithValues: satisfying.map { ($0, 0) })
        for password in try generator.generate(count: satisfying.count * 1_000, using: &random) {
            try #require(counts[password] != nil, "generated a password outside the rules: \(password)")
            counts[password]! += 1
        }
        // Chi-square with k-1 degrees of freedom has mean k-1 and deviation sqrt(2(k-1)); six deviations above the
        // mean is a bound a uniform sampler essentially never crosses, while filling required classes first (which
        // over-produces passwords with one `a` and one `c`) crosses it by far.
        let freedom = Double(counts.count - 1)
        #expect(chiSquare(Array(counts.values)) < freedom + 6 * (2 * freedom).squareRoot())
    }

    /// Characters of each class appear equally often across many passwords.
    @Test func charactersWithinAClassAreUniform() throws {
        let generator = PasswordGenerator(rules: try PasswordRulesParser.parse("minlength: 16; required: lower; required: upper; required: digit; allowed: [-_]"), length: 16)
        var random = SeededGenerator(seed: 2026)
        var counts = [UInt8: Int]()
        for password in try generator.generate(count: 4_000, using: &random) {
            for byte in password.utf8 { counts[byte, default: 0] += 1 }
        }
        #expect(counts.count == 64)
        for range in [UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9")] {
            let freedom = Double(range.count - 1)
            #expect(chiSquare(range.map { counts[$0] ?? 0 }) < freedom + 6 * (2 * freedom).squareRoot())
        }
    }

    @Test func acceptanceMatchesEnumerationForOverlappingRequirements() throws {
        // Requirements that share characters, with runs limited: counted by brute force over 5^5 passwords.
        let rules = try PasswordRulesParser.parse("minlength: 5; maxlength: 5; max-consecutive: 2; required: [ab]; required: [bc]; required: [e]; allowed: [d]")
        let letters = Array("abcde")
        var satisfying = 0
        for code in 0..<3125 {
            var value = code
            let password = String((0..<5).map { _ in defer { value /= 5 }; return letters[value % 5] })
            if rules.isSatisfied(by: password) { satisfying += 1 }
        }
        let acceptance = try PasswordGenerator(rules: rules).acceptance()
        #expect(abs(acceptance - Double(satisfying) / 3125) < 1e-12)
    }

    @Test func impossibleOrTooNarrowRulesAreRefusedClearly() throws {
        let threeClassesInTwo = PasswordGenerator(rules: try PasswordRulesParser.parse("maxlength: 2; required: lower; required: upper; required: digit"))
        #expect(throws: ServiceFailure(.invalidInput, "No password of 2 characters can meet every rule (each required class needs a character of its own, and runs may not repeat too long).")) {
            try threeClassesInTwo.generate()
        }
        let oneCharacterNoRepeat = PasswordGenerator(rules: try PasswordRulesParser.parse("allowed: [a]; max-consecutive: 1"), length: 5)
        #expect(throws: ServiceFailure.self) { try oneCharacterNoRepeat.generate() }
        let tooLong = PasswordGenerator(rules: try PasswordRulesParser.parse("minlength: 8; maxlength: 12"), length: 20)
        #expect(throws: ServiceFailure(.invalidInput, "The length must be between 8 and 12.")) { try tooLong.generate() }
        // Three given characters among 95 in three places: 6 in 857,375 passwords.
        let narrow = PasswordGenerator(rules: try PasswordRulesParser.parse("required: [a]; required: [b]; required: [c]; allowed: ascii-printable"), length: 3)
        #expect(throws: ServiceFailure(.invalidInput, "The rules are too narrow: fewer than 1 in 100000 passwords of 3 characters meet them; allow more characters or a longer length.")) {
            try narrow.generate()
        }
    }

    @Test func lengthFollowsTheRulesWhenNotGiven() throws {
        #expect(try PasswordGenerator(rules: PasswordRulesParser.parse("maxlength: 12")).generate().count == 12)
        #expect(try PasswordGenerator(rules: PasswordRulesParser.parse("minlength: 32")).generate().count == 32)
        #expect(try PasswordGenerator(rules: PasswordRulesParser.parse("")).generate().count == PasswordGenerator.defaultLength)
    }

    @Test func lookAlikesCanBeLeftOut() throws {
        let generator = PasswordGenerator(length: 64, excludesLookAlikes: true)
        for _ in 0..<200 {
            #expect(try generator.generate().utf8.allSatisfy { !PasswordGenerator.lookAlikes.contains($0) })
        }
    }

    @Test func entropyCountsOnlyPasswordsThatMeetTheRules() throws {
        // 62^20 passwords over letters and digits, less those missing a class: a little under 20 * log2(62).
        let bits = PasswordGenerator(length: 20, classes: [.lowercase, .uppercase, .digits]).entropyBits
        #expect(bits < 20 * log2(62.0) && bits > 20 * log2(62.0) - 0.2)
        #expect(PasswordGenerator(rules: PasswordRules(allowed: Set("01".utf8)), length: 10).entropyBits == 10)
    }

    @Test func passphrasesDrawWordsFromTheList() throws {
        let list = try WordList(parsing: "11111\tabacus\n11112\tabdomen\n\n11113\tabdominal\n11114\tabacus\n")
        #expect(list.words == ["abacus", "abdomen", "abdominal"])
        let generator = PassphraseGenerator(wordList: list, wordCount: 5, separator: " ", capitalizes: true)
        var random = SeededGenerator(seed: 1)
        let phrase = try generator.generate(using: &random).split(separator: " ")
        #expect(phrase.count == 5)
        #expect(phrase.allSatisfy { ["Abacus", "Abdomen", "Abdominal"].contains(String($0)) })
        #expect(generator.entropyBits == 5 * log2(3.0))
        #expect(throws: ServiceFailure.self) { try WordList(parsing: "one\none\n") }
        #expect(throws: ServiceFailure.self) { try PassphraseGenerator(wordList: list, wordCount: 0).generate() }
    }
}
