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

@Suite struct SiteRulesCLITests {
    static let rulesJSON = #"{"example.com": {"password-rules": "minlength: 12; maxlength: 12; required: digit; allowed: [ab]; max-consecutive: 2;"}}"#

    func configured() throws -> CLIHarness {
        let cli = CLIHarness()
        let file = cli.home + "/rules.json"
        try Self.rulesJSON.write(toFile: file, atomically: true, encoding: .utf8)
        let set = try cli.run(["config", "set", "password-rules", file])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "1 sites' password rules in \(file).\n")
        return cli
    }

    static func followsRules(_ password: String) -> Bool {
        password.count == 12 && password.allSatisfy { "ab0123456789".contains($0) } && password.contains { $0.isNumber }
            && password.range(of: #"(.)\1\1"#, options: .regularExpression) == nil
    }

    @Test func configIsKeptInAPrivateFileAndGenerateForFollowsTheSite() throws {
        let cli = try configured()
        let config = cli.home + "/config/sesame/config.json"
        let attributes = try FileManager.default.attributesOfItem(atPath: config)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try cli.run(["config", "get", "password-rules"]).stdout == cli.home + "/rules.json\n")
        let result = try cli.run(["generate", "--for", "https://login.example.com/", "-n", "20"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Following the password rules for example.com.\n"))
        let passwords = result.stdout.split(separator: "\n").map(String.init)
        #expect(passwords.count == 20 && passwords.allSatisfy(Self.followsRules))
        let other = try cli.run(["generate", "--for", "other.example"])
        #expect(other.stderr.hasPrefix("Note: no password rules for other.example; using the defaults.\n"))
        #expect(other.stdout.count == 21)
        #expect(try cli.run(["config", "unset", "password-rules"]).status == 0)
        #expect(try cli.run(["config", "get", "password-rules"]).status == 1)
        #expect(try cli.run(["config", "set", "colour", "x"]).status == 64)
    }

    @Test func addGenerateFollowsTheRulesOfTheFirstURL() throws {
        let cli = try configured()
        try cli.initVault()
        let added = try cli.run(["add", "Example", "--url", "https://www.example.com", "--generate", "--reveal", "--json",
                                 "--password-stdin"], input: "master-pw\n")
        #expect(added.status == 0, "\(added.stderr)")
        let password = try #require((try cli.json(added) as? [String: Any])?["password"] as? String)
        #expect(Self.followsRules(password), "\(password)")
    }

    @Test func aBadRulesFileIsRefusedWhenSet() throws {
        let cli = CLIHarness()
        let file = cli.home + "/rules.json"
        try "[]".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try cli.run(["config", "set", "password-rules", file])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(file): The password rules file is not a JSON object of sites.\n")
    }
}
