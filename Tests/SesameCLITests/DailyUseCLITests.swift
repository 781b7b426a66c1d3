import Foundation
import Testing

/// Issue 26: what people coming from pass, KeePassXC, Bitwarden and 1Password reach for first, driven through the
/// built `sesame` as a user would (without a terminal here; TerminalPromptTests has the prompts).
@Suite struct DailyUseCLITests {
    static let master = "master-pw\n"

    static func vault(_ cli: CLIHarness) throws {
        try cli.initVault()
        let added = try cli.run(["add", "GitHub", "-u", "alice", "--url", "https://github.com", "--tag", "dev",
                                 "--notes", "line one\nline two", "--field", "PIN=1234", "--protected-field", "Recovery",
                                 "--otp", "--password-stdin"],
                                input: master + "s3cret pw\tend\nJBSWY3DPEHPK3PXP\nrecovery-code\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try cli.run(["add", "Work mail", "-u", "bob", "--url", "mail.work.example", "--tag", "work", "--password-stdin"],
                            input: master + "mail-pw\n").status == 0)
    }

    // MARK: - 1. get and copy

    @Test func getPrintsOneValueAndNothingElse() throws {
        let cli = CLIHarness()
        try Self.vault(cli)
        let password = try cli.run(["get", "GitHub", "--password-stdin"], input: Self.master)
        #expect(password.status == 0, "\(password.stderr)")
        #expect(password.stdout == "s3cret pw\tend\n", "piped output is the value byte for byte")
        #expect(password.stderr.isEmpty)
        #expect(try cli.run(["get", "GitHub", "username", "-n", "--password-stdin"], input: Self.master).stdout == "alice")
        #expect(try cli.run(["get", "git", "url", "--password-stdin"], input: Self.master).stdout == "https://github.com\n")
        #expect(try cli.run(["get", "GitHub", "pin", "--password-stdin"], input: Self.master).stdout == "1234\n")
        #expect(try cli.run(["get", "GitHub", "Recovery", "--password-stdin"], input: Self.master).stdout == "recovery-code\n")
        #expect(try cli.run(["get", "GitHub", "notes", "--password-stdin"], input: Self.master).stdout == "line one\nline two\n")
        let code = try cli.run(["get", "GitHub", "otp", "--password-stdin"], input: Self.master)
        #expect(code.stdout.count == 7 && code.stdout.dropLast().allSatisfy(\.isNumber), "\(code.stdout)")
        let json = try #require(try cli.json(cli.run(["get", "GitHub", "--json", "--password-stdin"], input: Self.master)) as? [String: String])
        #expect(json["value"] == "s3cret pw\tend" && json["field"] == "password")
        // No such value: an error, never an empty line a script would take for the password.
        let none = try cli.run(["get", "Work mail", "otp", "--password-stdin"], input: Self.master)
        #expect(none.status == 1 && none.stdout.isEmpty && none.stderr == "Error: 'Work mail' has no one-time code.\n")
        let unknown = try cli.run(["get", "GitHub", "colour", "--password-stdin"], input: Self.master)
        #expect(unknown.status == 1 && unknown.stderr.contains("has no field 'colour'"))
    }

    @Test func copyWithoutADesktopSaysSoAndCopiesNothing() throws {
        let cli = CLIHarness()
        try Self.vault(cli)
        let copy = try cli.run(["copy", "GitHub", "--password-stdin"], input: Self.master)
        #expect(copy.status == 1)
        #expect(copy.stderr.contains("no graphical session to copy to"))
        #expect(!copy.stderr.contains("s3cret"))
        #expect(try cli.run(["copy", "GitHub", "--clear-after", "0"]).status == 64)
    }

    // MARK: - 3. rm moves to the trash

    @Test func rmMovesToTheTrashAndPermanentDeletes() throws {
        let cli = CLIHarness()
        try Self.vault(cli)
        let removed = try cli.run(["rm", "GitHub", "--password-stdin"], input: Self.master)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.hasPrefix("Moved 'GitHub' to the trash; 'sesame trash restore "))
        let trash = try #require(try cli.json(cli.run(["trash", "list", "--json", "--password-stdin"], input: Self.master)) as? [[String: Any]])
        #expect(trash.map { $0["title"] as? String } == ["GitHub"])
        // `sesame trash` alone lists it, as people type first.
        let alone = try cli.run(["trash", "--password-stdin"], input: Self.master)
        #expect(alone.status == 0 && alone.stdout.hasPrefix("TITLE") && alone.stdout.contains("GitHub"), "\(alone.stdout)\(alone.stderr)")
        #expect(try cli.run(["trash", "restore", "GitHub", "--password-stdin"], input: Self.master).status == 0)
        #expect(try cli.run(["get", "GitHub", "--password-stdin"], input: Self.master).stdout == "s3cret pw\tend\n")

        let gone = try cli.run(["rm", "GitHub", "--permanent", "--json", "--password-stdin"], input: Self.master)
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect((try cli.json(gone) as? [String: String])?["deleted"] == "true")
        #expect(try cli.run(["trash", "list", "--password-stdin"], input: Self.master).stdout == "The trash is empty.\n")
    }

    // MARK: - 7. suggestions

    @Test("Unknown commands suggest by edit distance and by the words other managers use", arguments: [
        ("lsit", "list"), ("insert", "add"), ("ls", "list"), ("delete", "rm"), ("remove", "rm"), ("gen", "generate"),
        ("clip", "copy"), ("cat", "show"), ("find", "list"), ("totpp", "totp"), ("sycn", "sync"),
    ])
    func suggestions(typed: String, suggested: String) throws {
        let cli = CLIHarness()
        let result = try cli.run([typed])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown subcommand '\(typed)'. Did you mean '\(suggested)'?\n"), "\(result.stderr)")
    }

    // MARK: - 8. finding things

    @Test func listSearchesFiltersByTagAndSorts() throws {
        let cli = CLIHarness()
        try Self.vault(cli)
        func titles(_ arguments: [String]) throws -> [String] {
            let result = try cli.run(["list", "--json", "--password-stdin"] + arguments, input: Self.master)
            return try #require(try cli.json(result) as? [[String: Any]]).compactMap { $0["title"] as? String }
        }
        #expect(try titles([]) == ["GitHub", "Work mail"])
        #expect(try titles(["git"]) == ["GitHub"])
        #expect(try titles(["MAIL.WORK"]) == ["Work mail"], "URLs are searched, case ignored")
        #expect(try titles(["bob"]) == ["Work mail"], "user names are searched")
        #expect(try titles(["--tag", "dev"]) == ["GitHub"])
        #expect(try titles(["work", "bob"]) == ["Work mail"], "every word must match")
        #expect(try titles(["s3cret"]).isEmpty, "passwords are never searched")
        #expect(try titles(["--sort", "created"]) == ["Work mail", "GitHub"], "newest first")
        let none = try cli.run(["list", "nothing-like-it", "--password-stdin"], input: Self.master)
        #expect(none.status == 0 && none.stdout == "No login matches; 'sesame list' shows them all.\n")
        #expect(try cli.run(["list", "--sort", "colour"]).status == 64)
    }

    @Test func addRefusesTheSameTitleAndUserNameWithoutForceAndNotesAnotherUser() throws {
        let cli = CLIHarness()
        try Self.vault(cli)
        let twin = try cli.run(["add", "github", "-u", "alice", "--password-stdin"], input: Self.master + "other\n")
        #expect(twin.status == 1)
        #expect(twin.stderr.contains("'GitHub' with the user name 'alice' is in the vault already"), "\(twin.stderr)")
        let forced = try cli.run(["add", "GitHub", "-u", "alice", "--force", "--password-stdin"], input: Self.master + "other\n")
        #expect(forced.status == 0, "\(forced.stderr)")
        let other = try cli.run(["add", "GitHub", "-u", "carol", "--password-stdin"], input: Self.master + "carol-pw\n")
        #expect(other.status == 0)
        #expect(other.stderr.contains("Note: 3 logins are titled 'GitHub' now"))
        // Without a terminal, an ambiguous name still fails listing the candidates (a person would choose).
        let ambiguous = try cli.run(["get", "GitHub", "--password-stdin"], input: Self.master)
        #expect(ambiguous.status == 1 && ambiguous.stderr.contains("matches 3 items"))
    }

    // MARK: - 10. rough edges

    @Test func statusWithoutAVaultSaysSo() throws {
        let cli = CLIHarness()
        let status = try cli.run(["status"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("State:  no vault there yet ('sesame init' creates one)"), "\(status.stdout)")
        #expect(!status.stdout.contains("locked"))
    }

    @Test func showLabelsTheNotesAndSaysWhetherThereIsAOneTimeCode() throws {
        let cli = CLIHarness()
        try Self.vault(cli)
        let shown = try cli.run(["show", "GitHub", "--password-stdin"], input: Self.master)
        #expect(shown.stdout.contains("One-time code: set ('sesame totp' shows the current code)"), "\(shown.stdout)")
        #expect(shown.stdout.hasSuffix("Notes:\n  line one\n  line two\n"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("JBSWY3DPEHPK3PXP"))
        let json = try #require(try cli.json(cli.run(["show", "GitHub", "--json", "--password-stdin"], input: Self.master)) as? [String: Any])
        #expect(json["hasOneTimeCode"] as? Bool == true && json["oneTimeCode"] == nil)
        let revealed = try cli.run(["show", "GitHub", "--reveal", "--password-stdin"], input: Self.master)
        #expect(revealed.stdout.contains("One-time code: otpauth://totp/"))
        let plain = try cli.run(["show", "Work mail", "--password-stdin"], input: Self.master)
        #expect(!plain.stdout.contains("One-time code"))
    }

    @Test func syncSubcommandsHaveTheirOwnHelpAndClearErrors() throws {
        let cli = CLIHarness()
        let help = try cli.run(["sync", "setup", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Make this vault the first synced copy"), "\(help.stdout)")
        #expect(help.stdout.contains("USAGE: sesame sync setup"))
        #expect(!help.stdout.contains("SUBCOMMANDS") && !help.stdout.contains("'auto on'"), "not the help of all of sync")
        let ftp = try cli.run(["sync", "setup", "ftp", "x"])
        #expect(ftp.status == 64)
        #expect(ftp.stderr.hasPrefix("Error: Unknown kind 'ftp': say 'git URL' or 'folder PATH'\n"), "\(ftp.stderr)")
        let missing = try cli.run(["sync", "setup", "git"])
        #expect(missing.status == 64)
        // Options before a subcommand are its own: `sync --vault V status` reads V.
        let elsewhere = try cli.run(["sync", "--vault", cli.home + "/none.sqlite", "status", "--password-stdin"], input: Self.master)
        #expect(elsewhere.status == 1 && elsewhere.stderr.contains("none.sqlite"), "\(elsewhere.stderr)")
    }

    // MARK: - 2. master password strength

    @Test func weakNewPasswordsAreRefusedWithTheEstimateUnlessAllowed() throws {
        let cli = CLIHarness()
        let weak = try cli.run(["init", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: "abc\n")
        #expect(weak.status == 1)
        #expect(weak.stderr.contains("The master password is too weak: a sequence such as abc or 123; about"), "\(weak.stderr)")
        #expect(weak.stderr.contains("at least 50 bits") && weak.stderr.contains("--allow-weak-password"))
        #expect(!FileManager.default.fileExists(atPath: cli.vault))
        let strong = "correct-horse-battery-staple-9"
        #expect(try cli.run(["init", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: strong + "\n").status == 0)
        let passwd = try cli.run(["passwd", "--password-stdin"], input: strong + "\nx\n")
        #expect(passwd.status == 1 && passwd.stderr.contains("The new master password is too weak"), "\(passwd.stderr)")
        let backup = try cli.run(["export", "--format", "sesame", cli.home + "/b.sesame", "--password-stdin"], input: strong + "\nbk\n")
        #expect(backup.status == 1 && backup.stderr.contains("The backup's password is too weak"), "\(backup.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.home + "/b.sesame"))
        let allowed = try cli.run(["export", "--format", "sesame", cli.home + "/b.sesame", "--allow-weak-password", "--password-stdin"],
                                  input: strong + "\nbk\n")
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }
}
