import Testing
@testable import SesameAutoFill

@Suite struct PasswordRulesParserTests {
    @Test func readsEveryRuleKindAndCombinesRepeatsToTheStrictest() throws {
        let rules = try PasswordRulesParser.parse(
            "minlength: 8; MinLength: 12; maxlength: 40; maxlength: 30; max-consecutive: 3; required: lower; required: upper, digit; allowed: [-_];")
        #expect(rules.minLength == 12)
        #expect(rules.maxLength == 30)
        #expect(rules.maxConsecutive == 3)
        #expect(rules.required == [PasswordCharacterClass.lower.characters,
                                   PasswordCharacterClass.upper.characters.union(PasswordCharacterClass.digit.characters)])
        #expect(rules.allowed == Set("-_".utf8))
        #expect(rules.alphabet.count == 26 + 26 + 10 + 2)
    }

    @Test func customSetsFollowApplesReading() throws {
        // `]]` closes a set holding `]`; a leading `-` is literal; spaces and `[` are ordinary members.
        let rules = try PasswordRulesParser.parse("required: [-a[ ]]; allowed: [\\]")
        #expect(rules.required == [Set("-a[ ]".utf8)])
        #expect(rules.allowed == Set("\\".utf8))
        // Letters beyond ASCII are passed over, as Apple's parser does.
        #expect(try PasswordRulesParser.parse("allowed: [-äß!]").allowed == Set("-!".utf8))
        #expect(throws: PasswordRulesError("the character set is empty", at: 10)) { try PasswordRulesParser.parse("allowed: [£]") }
    }

    @Test func withoutClassesEveryASCIIPrintableCharacterIsAllowed() throws {
        let rules = try PasswordRulesParser.parse("minlength: 6; maxlength: 16;")
        #expect(rules.alphabet == Set(0x20...0x7E))
        #expect(try PasswordRulesParser.parse("").alphabet.count == 95)
    }

    @Test func unicodeIsAcceptedAndConstrainsNothing() throws {
        let rules = try PasswordRulesParser.parse("required: unicode; allowed: upper")
        #expect(rules.required.isEmpty)
        #expect(rules.allowsUnicode)
        #expect(rules.alphabet.count == 95)
    }

    @Test(arguments: [
        ("minlength 8", "expected ':' after 'minlength' at character 11"),
        ("minlength: ; maxlength: 9", "'minlength' takes a number at character 12"),
        ("maxlength: 0", "'maxlength' must be between 1 and 9999 at character 12"),
        ("minlength: 12; maxlength: 8", "minlength 12 is above maxlength 8 at character 27"),
        ("required: lowr", "expected a character class (upper, lower, digit, special, ascii-printable, unicode or [characters]) but found 'lowr' at character 11"),
        ("required: lower,", "expected a character class (upper, lower, digit, special, ascii-printable, unicode or [characters]) but found nothing at character 17"),
        ("required: [abc", "the character set opened here is not closed with ']' at character 11"),
        ("allowed: []", "the character set is empty at character 10"),
        ("allowed: [a\tb]", "a character set may not hold control characters at character 12"),
        ("allowed: [a-z]", "'-' may only be the first character of a character set at character 12"),
        ("minimum: 8", "unknown rule 'minimum' (expected minlength, maxlength, max-consecutive, required or allowed) at character 1"),
        ("required: lower upper", "expected ';' between rules at character 17"),
        ("; required: lower", "expected a rule name at character 1"),
    ])
    func malformedRulesAreRejectedWithTheirPlace(text: String, message: String) {
        #expect(throws: PasswordRulesError.self) { try PasswordRulesParser.parse(text) }
        do {
            _ = try PasswordRulesParser.parse(text)
        } catch {
            #expect(error.description == "Password rules: \(message).")
        }
    }

    @Test func everyFixtureRuleParses() throws {
        let texts = try fixtureRuleTexts()
        #expect(texts.count == 10)
        for (site, text) in texts {
            #expect(throws: Never.self, "\(site)") { try PasswordRulesParser.parse(text) }
        }
    }
}
