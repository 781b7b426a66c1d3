import Foundation
import Testing

@Suite struct VaultCommandTests {
    @Test func addListShowEditRemoveRoundTrip() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let added = try cli.run(
            ["add", "GitHub", "--username", "alice", "--url", "https://github.com/login", "--notes", "work account",
             "--password-stdin", "--json"],
            input: "master-pw\ns3cret-GH\n")
        #expect(added.status == 0, "\(added.stderr)")
        let addedJSON = try #require(try cli.json(added) as? [String: Any])
        let id = try #require(addedJSON["id"] as? String)
        #expect(addedJSON["title"] as? String == "GitHub")
        #expect(addedJSON["password"] == nil, "add must not print the password without --reveal")

        let list = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(list.status == 0)
        let rows = try #require(try cli.json(list) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["id"] as? String == id)
        #expect(rows.first?["username"] as? String == "alice")
        #expect(rows.first?["urls"] as? [String] == ["https://github.com/login"])
        #expect(!list.stdout.contains("s3cret-GH"))

        let hidden = try cli.run(["show", "git", "--password-stdin"], input: "master-pw\n")
        #expect(hidden.status == 0)
        #expect(hidden.stdout.contains("alice"))
        #expect(!hidden.stdout.contains("s3cret-GH"))
        let revealed = try cli.run(["show", "GitHub", "--reveal", "--json", "--password-stdin"], input: "master-pw\n")
        let revealedJSON = try #require(try cli.json(revealed) as? [String: Any])
        #expect(revealedJSON["password"] as? String == "s3cret-GH")
        #expect(revealedJSON["notes"] as? String == "work account")

        let edited = try cli.run(["edit", id, "--password", "--username", "alice2", "--password-stdin"],
                                 input: "master-pw\nnew-pass\n")
        #expect(edited.status == 0, "\(edited.stderr)")
        let afterEdit = try cli.run(["show", id, "--reveal", "--json", "--password-stdin"], input: "master-pw\n")
        let afterJSON = try #require(try cli.json(afterEdit) as? [String: Any])
        #expect(afterJSON["password"] as? String == "new-pass")
        #expect(afterJSON["username"] as? String == "alice2")
        let history = try #require(afterJSON["passwordHistory"] as? [[String: Any]])
        #expect(history.first?["password"] as? String == "s3cret-GH")

        let removed = try cli.run(["rm", "GitHub", "--password-stdin"], input: "master-pw\n")
        #expect(removed.status == 0, "\(removed.stderr)")
        let empty = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect((try cli.json(empty) as? [Any])?.isEmpty == true)
    }

    @Test func generatedPasswordIsStoredAndRevealedOnlyOnRequest() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let added = try cli.run(["add", "Bank", "--generate", "--length", "32", "--password-stdin", "--json", "--reveal"],
                                input: "master-pw\n")
        let json = try #require(try cli.json(added) as? [String: Any])
        let password = try #require(json["password"] as? String)
        #expect(password.count == 32)
        let shown = try cli.run(["show", "Bank", "--reveal", "--json", "--password-stdin"], input: "master-pw\n")
        #expect((try cli.json(shown) as? [String: Any])?["password"] as? String == password)
    }

    @Test func ambiguousPrefixListsCandidates() throws {
        let cli = CLIHarness()
        try cli.initVault()
        for title in ["Mail Work", "Mail Home"] {
            let result = try cli.run(["add", title, "--password-stdin"], input: "master-pw\npw\n")
            #expect(result.status == 0)
        }
        let result = try cli.run(["show", "mail", "--password-stdin"], input: "master-pw\n")
        #expect(result.status == 1)
        #expect(result.stderr.contains("Mail Work") && result.stderr.contains("Mail Home"))
        #expect(result.stderr.hasPrefix("Error: "))
        let missing = try cli.run(["show", "nothing", "--password-stdin"], input: "master-pw\n")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("No item matches 'nothing'"))
    }

    @Test func wrongMasterPasswordExitsTwoAndChangesNothing() throws {
        let cli = CLIHarness()
        try cli.initVault()
        _ = try cli.run(["add", "Keep", "--password-stdin"], input: "master-pw\npw\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.vault))
        let result = try cli.run(["add", "Other", "--password-stdin"], input: "wrong\npw\n")
        #expect(result.status == 2)
        #expect(result.stderr == "Error: Wrong master password.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.vault)) == before)
    }

    @Test func usageErrorsExitSixtyFourWithThreeLines() throws {
        let cli = CLIHarness()
        let unknown = try cli.run(["list", "--bogus"])
        #expect(unknown.status == 64)
        let lines = unknown.stderr.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("Error: Unknown option '--bogus'") == true)
        #expect(unknown.stderr.contains("sesame list --help"))
        #expect(try cli.run(["frobnicate"]).status == 64)
        #expect(try cli.run(["init", "--allow-weak-password", "--kdf-memory", "8", "--password-stdin"], input: "pw\n").status == 64)
        #expect(try cli.run(["init", "--allow-weak-password", "--kdf-passes", "1", "--password-stdin"], input: "pw\n").status == 64)
        #expect(!FileManager.default.fileExists(atPath: cli.vault))
    }

    @Test func helpAndVersionEverywhere() throws {
        let cli = CLIHarness()
        let top = try cli.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("USAGE:"))
        for command in ["init", "add", "list", "show", "edit", "rm", "passwd", "generate"] {
            let help = try cli.run([command, "-h"])
            #expect(help.status == 0, "\(command)")
            #expect(help.stdout.contains("OVERVIEW:"), "\(command)")
            #expect(try cli.run(["help", command]).stdout == help.stdout)
        }
        let version = try cli.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("sesame "))
    }

    @Test func missingVaultAndNonVaultFilesAreClearErrors() throws {
        let cli = CLIHarness()
        let missing = try cli.run(["list", "--password-stdin"], input: "pw\n")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("sesame init"))
        let bogus = cli.home + "/bogus.sqlite"
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: bogus))
        let notVault = try cli.run(["list", "--vault", bogus, "--password-stdin"], input: "pw\n")
        #expect(notVault.status == 1)
        #expect(notVault.stderr == "Error: \(bogus) is not a Sesame vault.\n")
    }

    @Test func vaultLocationFollowsOptionThenEnvironment() throws {
        let cli = CLIHarness()
        let custom = cli.home + "/custom/v.sqlite"
        cli.setEnvironment("SESAME_VAULT", custom)
        try cli.initVault()
        #expect(FileManager.default.fileExists(atPath: custom))
        #expect(!FileManager.default.fileExists(atPath: cli.vault))
        let explicit = cli.home + "/explicit.sqlite"
        let result = try cli.run(["init", "--allow-weak-password", "--vault", explicit, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                                 input: "pw\n")
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: explicit))
        let again = try cli.run(["init", "--allow-weak-password", "--vault", explicit, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                                input: "pw\n")
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"))
    }

    @Test func withoutTerminalOrStdinSecretsTheErrorSaysWhatToDo() throws {
        let cli = CLIHarness()
        try cli.initVault()
        // setsid: no controlling terminal, as under cron or CI; stdin is an empty pipe.
        let result = try cli.run(["--wait", CLIHarness.executable("sesame"), "list"], executable: "/usr/bin/setsid")
        #expect(result.status == 1)
        #expect(result.stderr.contains("--password-stdin"))
    }

    @Test func generateHonoursLengthAndClasses() throws {
        let cli = CLIHarness()
        let result = try cli.run(["generate", "--length", "40", "--no-symbols", "--count", "5"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        for line in lines {
            #expect(line.count == 40)
            #expect(line.allSatisfy { $0.isLetter || $0.isNumber })
            #expect(line.contains { $0.isUppercase } && line.contains { $0.isLowercase } && line.contains { $0.isNumber })
        }
        #expect(Set(lines).count == 5)
        #expect(try cli.run(["generate", "--length", "2"]).status == 64)
    }
}

extension VaultCommandTests {
    @Test func protectedFieldValuesAreReadLikePasswordsAndShownOnlyWhenRevealed() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let added = try cli.run(["add", "Bank", "--field", "branch=Main St", "--protected-field", "PIN",
                                 "--protected-field", "TAN", "--password-stdin"],
                                input: "master-pw\nbank-pw\n1234\n987654\n")
        #expect(added.status == 0, "\(added.stderr)")
        let hidden = try cli.run(["show", "Bank", "--json", "--password-stdin"], input: "master-pw\n")
        let hiddenFields = try #require((try cli.json(hidden) as? [String: Any])?["fields"] as? [[String: Any]])
        #expect(hiddenFields.count == 3)
        #expect(hiddenFields.first { $0["name"] as? String == "PIN" }?["value"] == nil)
        #expect(hiddenFields.first { $0["name"] as? String == "branch" }?["value"] as? String == "Main St")
        #expect(!hidden.stdout.contains("1234") && !hidden.stdout.contains("987654"))
        let shown = try cli.run(["show", "Bank", "--json", "--reveal", "--password-stdin"], input: "master-pw\n")
        let json = try #require(try cli.json(shown) as? [String: Any])
        let fields = try #require(json["fields"] as? [[String: Any]])
        #expect(json["password"] as? String == "bank-pw")
        #expect(fields.first { $0["name"] as? String == "PIN" }?["value"] as? String == "1234")
        #expect(fields.first { $0["name"] as? String == "TAN" }?["value"] as? String == "987654")
        // A value on the command line is refused: protected values are secrets.
        let refused = try cli.run(["add", "X", "--protected-field", "PIN=1234", "--password-stdin"], input: "master-pw\npw\n")
        #expect(refused.status == 64)
    }
}
