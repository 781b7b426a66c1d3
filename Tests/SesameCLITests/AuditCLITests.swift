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

    @Test func auditAsksForTheMasterPasswordEvenWithAnUnlockedAgent() throws {
        let cli = CLIHarness()
        try cli.initVault()
        defer { cli.stopAgent() }
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let wrong = try cli.run(["audit", "--password-stdin"], input: "not-it\n")
        #expect(wrong.status == 2)
    }
}
