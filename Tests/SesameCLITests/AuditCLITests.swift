import Foundation
import Testing

@Suite struct AuditCLITests {
    @Test func auditReportsTitlesAndCountsAndPasswordsOnlyWithReveal() throws {
        let cli = CLIHarness()
        try cli.initVault()
        for (title, url) in [("Mail", "mail.example"), ("Forum", "forum.example")] {
            _ = try cli.run(["add", title, "--url", url, "--password-stdin"], input: "master-pw\nsunshine99\n")
        }
        let sites = cli.home + "/2fa.txt"
        try "mail.example\n".write(toFile: sites, atomically: true, encoding: .utf8)
        let text = try cli.run(["audit", "--two-factor-sites", sites, "--password-stdin"], input: "master-pw\n")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Audited 2 logins: 4 findings.\n"))
        #expect(text.stdout.contains("Reused passwords (groups) (1):\n  Forum, Mail\n"))
        #expect(text.stdout.contains("Without a one-time code on a site that offers one (1):\n  Mail (mail.example)\n"))
        #expect(!text.stdout.contains("sunshine99"))
        let json = try cli.run(["audit", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(!json.stdout.contains("sunshine99"))
        let report = try #require(try cli.json(json) as? [String: Any])
        #expect((report["weak"] as? [Any])?.count == 2)
        let revealed = try cli.run(["audit", "--json", "--reveal", "--password-stdin"], input: "master-pw\n")
        #expect(revealed.stdout.contains("\"password\" : \"sunshine99\""))
    }

    /// Issue 26: the audit runs in the unlocked agent and asks for nothing; its report leaves the agent without
    /// passwords. Only --reveal, which shows every reported password at once, asks again (like an export).
    @Test func anUnlockedAgentAuditsWithoutThePasswordButRevealStillAsks() throws {
        let cli = CLIHarness()
        try cli.initVault()
        defer { cli.stopAgent() }
        _ = try cli.run(["add", "Forum", "--url", "forum.example", "--password-stdin"], input: "master-pw\nsunshine99\n")
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let oneLogin = try cli.run(["audit"])
        #expect(oneLogin.stdout.hasPrefix("Audited 1 login: 1 finding.\n"), "\(oneLogin.stdout)")
        let served = try cli.run(["audit", "--json"])
        #expect(served.status == 0, "\(served.stderr)")
        #expect(!served.stdout.contains("sunshine99"))
        #expect(((try cli.json(served) as? [String: Any])?["weak"] as? [Any])?.count == 1)
        let wrong = try cli.run(["audit", "--reveal", "--password-stdin"], input: "not-it\n")
        #expect(wrong.status == 2)
        let revealed = try cli.run(["audit", "--reveal", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(revealed.stdout.contains("sunshine99"))
    }
}
