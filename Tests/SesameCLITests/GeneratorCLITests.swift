import Foundation
import Testing

@Suite struct GeneratorCLITests {
    @Test func generateFollowsRulesAndReportsBits() throws {
        let cli = CLIHarness()
        let result = try cli.run(["generate", "--rules", "minlength: 24; required: lower; required: upper; required: digit; allowed: [-_]",
                                  "--count", "50", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try cli.json(result) as? [[String: Any]])
        #expect(rows.count == 50)
        for row in rows {
            let password = try #require(row["password"] as? String)
            #expect(password.count == 24)
            #expect(password.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            #expect(password.contains { $0.isUppercase } && password.contains { $0.isLowercase } && password.contains { $0.isNumber })
            let bits = try #require(row["bits"] as? Double)
            #expect(bits > 140 && bits <= 24 * log2(64.0))
        }
        let text = try cli.run(["generate"])
        #expect(text.stderr.hasPrefix("Strength: ") && text.stderr.hasSuffix(" bits.\n"))
    }

    @Test func malformedRulesAreAUsageErrorNamingThePlace() throws {
        let result = try CLIHarness().run(["generate", "--rules", "minlength: 8; required: lowr"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Password rules: expected a character class"))
        #expect(result.stderr.contains("at character 25."))
    }

    @Test func passphrasesComeFromTheWordList() throws {
        let cli = CLIHarness()
        let list = cli.home + "/words.txt"
        try "11111\tapple\n11112\tbanana\n11113\tcherry\n11114\tdate\n".write(toFile: list, atomically: true, encoding: .utf8)
        let result = try cli.run(["generate", "--passphrase", "--words", "8", "--separator", ".", "--capitalize",
                                  "--wordlist", list, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let row = try #require((try cli.json(result) as? [[String: Any]])?.first)
        let words = try #require(row["password"] as? String).split(separator: ".")
        #expect(words.count == 8 && words.allSatisfy { ["Apple", "Banana", "Cherry", "Date"].contains(String($0)) })
        #expect(row["bits"] as? Double == 16)
    }

    @Test func defaultPassphraseUsesTheEFFLongList() throws {
        let path = "/usr/lib/python3/dist-packages/diceware/wordlists/wordlist_en_eff.txt"
        try #require(FileManager.default.fileExists(atPath: path), "Debian's diceware package provides the EFF long list")
        let result = try CLIHarness().run(["generate", "--passphrase", "--json"])
        let row = try #require((try CLIHarness().json(result) as? [[String: Any]])?.first)
        #expect((row["password"] as? String)?.split(separator: "-").count == 6)
        #expect(abs((row["bits"] as? Double ?? 0) - 6 * log2(7776.0)) < 0.1)
    }
}
