import Foundation
import Testing

/// `sesame match`, `sesame fill` and `sesame equivalents`, run as whole processes.
@Suite struct AutoFillCommandTests {
    /// A vault with logins at several distances from github.com.
    static func gitHubVault() throws -> (cli: CLIHarness, ids: [String: String]) {
        let cli = CLIHarness()
        try cli.initVault()
        var ids: [String: String] = [:]
        for (title, user, url, password) in [
            ("Unrelated", "zed", "https://example.org", "pw-unrelated"),
            ("YouTube", "yt", "https://www.youtube.com", "pw-youtube"),
            ("Gist", "alice", "https://gist.github.com", "pw-gist"),
            ("GitHub work", "alice-work", "https://github.com", "pw-work"),
            ("GitHub", "alice", "https://github.com/login", "pw-github"),
        ] {
            let added = try cli.run(["add", title, "--username", user, "--url", url, "--password-stdin", "--json"],
                                    input: "master-pw\n\(password)\n")
            #expect(added.status == 0, "\(added.stderr)")
            ids[title] = try #require(try cli.json(added) as? [String: Any])["id"] as? String
        }
        return (cli, ids)
    }

    func rows(_ result: CLIResult) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result.stdout)")
    }

    @Test func matchPrintsTheRankedListWithoutPasswords() throws {
        let (cli, ids) = try Self.gitHubVault()
        let json = try cli.run(["match", "https://github.com/login?return_to=/x", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(json.status == 0, "\(json.stderr)")
        let list = try rows(json)
        #expect(list.map { $0["title"] as? String } == ["GitHub", "GitHub work", "Gist"])
        #expect(list.map { $0["match"] as? String } == ["exact", "host", "subdomain"])
        #expect(list.first?["id"] as? String == ids["GitHub"])
        #expect(list.first?["username"] as? String == "alice")
        #expect(list.first?["url"] as? String == "https://github.com/login")
        #expect(list.first?["samePort"] as? Bool == true)
        #expect(list.first?["lastUsed"] is NSNull)
        #expect(Set(list.first?.keys.map { $0 } ?? []) == ["id", "title", "username", "url", "match", "samePort", "lastUsed"])
        #expect(!json.stdout.contains("pw-"))

        let table = try cli.run(["match", "github.com", "--password-stdin"], input: "master-pw\n")
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("MATCH") == true)
        #expect(lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) } == ["host", "host", "subdomain"],
                "a bare domain is exact only for a bare stored host")
        #expect(!table.stdout.contains("pw-"))
    }

    @Test func matchWithoutResultsOrArguments() throws {
        let (cli, _) = try Self.gitHubVault()
        let none = try cli.run(["match", "https://bob.github.io", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(none.status == 0)
        #expect(try rows(none).isEmpty)
        let noneText = try cli.run(["match", "https://user:secret@other.example.net:8443/x", "--password-stdin"], input: "master-pw\n")
        #expect(noneText.stdout == "No login matches other.example.net:8443.\n")

        let all = try cli.run(["match", "--json", "--password-stdin"], input: "master-pw\n")
        let everything = try rows(all)
        #expect(everything.count == 5)
        #expect(everything.allSatisfy { $0["match"] is NSNull && $0["samePort"] is NSNull })
        #expect(everything.map { $0["title"] as? String } == ["Gist", "GitHub", "GitHub work", "Unrelated", "YouTube"])

        // Printed row by row as it arrives, byte for byte what one encoding of the whole array gives.
        let gist = try #require(everything.first?["id"] as? String)
        #expect(all.stdout.hasPrefix("""
            [
              {
                "id" : "\(gist)",
                "lastUsed" : null,
                "match" : null,
                "samePort" : null,
                "title" : "Gist",
                "url" : "https://gist.github.com",
                "username" : "alice"
              },
              {

            """))
        #expect(all.stdout.hasSuffix("  }\n]\n"))

        let garbage = try cli.run(["match", "http://[::1", "--password-stdin"], input: "master-pw\n")
        #expect(garbage.status == 64)
        #expect(garbage.stderr.hasPrefix("Error: 'http://[::1' is not a valid URL or domain\n"))
        let someGarbage = try cli.run(["match", "not a site", "github.com", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(someGarbage.status == 0)
        #expect(someGarbage.stderr == "Warning: 'not a site' is not a valid URL or domain; it is ignored.\n")
        #expect(try rows(someGarbage).count == 3)
    }

    @Test func fillHandsOverTheBestMatchOrTheNamedUser() throws {
        let (cli, ids) = try Self.gitHubVault()
        let best = try cli.run(["fill", "https://github.com/login", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(best.status == 0, "\(best.stderr)")
        let credential = try #require(try cli.json(best) as? [String: String])
        #expect(credential == ["id": ids["GitHub"]!, "username": "alice", "password": "pw-github"])

        let named = try cli.run(["fill", "github.com", "-u", "alice-work", "--password-stdin"], input: "master-pw\n")
        #expect(named.status == 0)
        #expect(named.stdout == "Username: alice-work\nPassword: pw-work\n")

        // Both fills were recorded: the most recent one now leads among equal matches.
        let after = try rows(try cli.run(["match", "https://github.com/other", "--json", "--password-stdin"], input: "master-pw\n"))
        #expect(after.map { $0["title"] as? String } == ["GitHub work", "GitHub", "Gist"])
        #expect(after.first?["lastUsed"] is String)
        #expect(after.last?["lastUsed"] is NSNull)
    }

    @Test func fillFailsInOneSentenceWhenNothingMatches() throws {
        let (cli, _) = try Self.gitHubVault()
        let none = try cli.run(["fill", "https://bob.github.io", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr == "Error: No login matches bob.github.io.\n")
        let noUser = try cli.run(["fill", "github.com", "--username", "nobody", "--password-stdin"], input: "master-pw\n")
        #expect(noUser.status == 1)
        #expect(noUser.stderr == "Error: No login for user 'nobody' matches github.com.\n")
        let downgrade = try cli.run(["fill", "http://github.com/login", "--password-stdin"], input: "master-pw\n")
        #expect(downgrade.status == 1, "an https login is never handed to an http form")
        let wrong = try cli.run(["fill", "github.com", "--password-stdin"], input: "not-the-password\n")
        #expect(wrong.status == 2)
        #expect(!wrong.stdout.contains("pw-"))
        let missing = try cli.run(["fill", "--password-stdin"], input: "master-pw\n")
        #expect(missing.status == 64)
    }

    @Test func equivalentsAddListRemove() throws {
        let (cli, _) = try Self.gitHubVault()
        let added = try cli.run(["equivalents", "add", "https://www.youtube.com/feed", "GitHub.com", "--password-stdin"],
                                input: "master-pw\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Equivalent: github.com, youtube.com.\n")
        let again = try cli.run(["equivalents", "add", "youtube.com", "github.com", "--password-stdin"], input: "master-pw\n")
        #expect(again.stdout == "Already equivalent; nothing changed.\n")

        let listed = try cli.run(["equivalents", "list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(try rows(listed) as NSArray == [["shared": ["github.com", "youtube.com"]]] as NSArray)
        let table = try cli.run(["equivalents", "list", "--password-stdin"], input: "master-pw\n")
        #expect(table.stdout == "KIND    SITES\nshared  github.com, youtube.com\n")

        let matched = try rows(try cli.run(["match", "https://m.youtube.com", "--json", "--password-stdin"], input: "master-pw\n"))
        #expect(matched.map { $0["match"] as? String } == ["domain", "equivalent", "equivalent", "equivalent"])
        #expect(matched.first?["title"] as? String == "YouTube")

        let removed = try cli.run(["equivalents", "rm", "youtube.com", "--password-stdin"], input: "master-pw\n")
        #expect(removed.status == 0)
        #expect(removed.stdout == "No longer equivalent: github.com, youtube.com.\n")
        let empty = try cli.run(["equivalents", "list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(try rows(empty).isEmpty)
        let gone = try cli.run(["equivalents", "rm", "youtube.com", "--password-stdin"], input: "master-pw\n")
        #expect(gone.status == 1)
        #expect(gone.stderr == "Error: 'youtube.com' is in no group of equivalent domains.\n")

        let one = try cli.run(["equivalents", "add", "github.com", "--password-stdin"], input: "master-pw\n")
        #expect(one.status == 64)
        let suffix = try cli.run(["equivalents", "add", "github.com", "github.io", "--password-stdin"], input: "master-pw\n")
        #expect(suffix.status == 1)
        #expect(suffix.stderr == "Error: 'github.io' is a public suffix shared by many sites, not a site.\n")
        let help = try cli.run(["equivalents"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("SUBCOMMANDS:"))
    }

    @Test func equivalentsImportMergesAndIsIdempotent() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let file = cli.home + "/shared-credentials.json"
        try Data("""
            [
                {"shared": ["google.com", "youtube.com"]},
                {"from": ["adobelogin.com", "behance.net"], "to": ["adobe.com"], "fromDomainsAreObsoleted": false},
                {"from": ["angel.co"], "to": ["wellfound.com"], "fromDomainsAreObsoleted": true},
                {"shared": ["bücher.de", "xn--bcher-kva.ch", "co.uk"]}
            ]
            """.utf8).write(to: URL(fileURLWithPath: file))
        _ = try cli.run(["equivalents", "add", "gmail.com", "google.com", "--password-stdin"], input: "master-pw\n")

        let first = try cli.run(["equivalents", "import", file, "--json", "--password-stdin"], input: "master-pw\n")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "Warning: skipped 'co.uk', which names no site.\n")
        let change = try #require(try cli.json(first) as? [String: Any])
        #expect((change["added"] as? [Any])?.count == 4)
        #expect((change["removed"] as? [Any])?.count == 1, "the user's google group grew")
        #expect(change["unchanged"] as? Int == 0)
        #expect(change["skipped"] as? [String] == ["co.uk"])

        let second = try cli.run(["equivalents", "import", file, "--password-stdin"], input: "master-pw\n")
        #expect(second.status == 0)
        #expect(second.stdout == "Imported '\(file)': 0 groups added or extended, 4 already present.\n")

        let listed = try rows(try cli.run(["equivalents", "list", "--json", "--password-stdin"], input: "master-pw\n"))
        #expect(listed as NSArray == [
            ["shared": ["gmail.com", "google.com", "youtube.com"]],
            ["from": ["adobelogin.com", "behance.net"], "to": ["adobe.com"], "fromDomainsAreObsoleted": false],
            ["from": ["angel.co"], "to": ["wellfound.com"], "fromDomainsAreObsoleted": true],
            ["shared": ["xn--bcher-kva.ch", "xn--bcher-kva.de"]],
        ] as NSArray)
        let text = try cli.run(["equivalents", "list", "--password-stdin"], input: "master-pw\n")
        #expect(text.stdout.contains("one-way  adobelogin.com, behance.net → adobe.com\n"))
        #expect(text.stdout.contains("bücher.ch, bücher.de"))

        let missing = try cli.run(["equivalents", "import", cli.home + "/nope.json", "--password-stdin"], input: "master-pw\n")
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: Cannot read '\(cli.home)/nope.json': there is no such file.\n")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        let wrongShape = try cli.run(["equivalents", "import", file, "--password-stdin"], input: "master-pw\n")
        #expect(wrongShape.status == 1)
        #expect(wrongShape.stderr.hasPrefix("Error: Cannot import '\(file)': the file is not in the shared-credentials format"))
    }
}
