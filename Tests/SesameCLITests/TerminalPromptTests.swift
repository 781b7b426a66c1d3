import Foundation
import Glibc
import Testing

/// Issue 26, point 4 and the rest at a terminal: `sesame` on a pseudo-terminal of its own, answering its prompts
/// as a person does.
@Suite struct TerminalPromptTests {
    static let strong = "correct-horse-battery-staple-9"

    static func vault(_ cli: CLIHarness) throws {
        #expect(try cli.run(["init", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: strong + "\n").status == 0)
        for (title, user) in [("GitHub", "alice"), ("GitHub", "bob")] {
            #expect(try cli.run(["add", title, "-u", user, "--force", "--password-stdin"], input: strong + "\npw-\(user)\n").status == 0)
        }
    }

    @Test func aWrongMasterPasswordIsAskedAgainThreeTriesInAll() throws {
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.vault(cli)
        cli.setEnvironment("SESAME_NO_AGENT", "1")
        let second = try cli.inTerminal(
            ["Master password: ", "typo", "Master password: ", Self.strong], ["list"])
        #expect(second.status == 0, "\(second.stdout)")
        #expect(second.stdout.contains("Wrong master password; try again."))
        #expect(second.stdout.contains("GitHub"))
        let three = try cli.inTerminal(
            ["Master password: ", "a", "Master password: ", "b", "Master password: ", "c"], ["list"])
        #expect(three.status == 2, "\(three.stdout)")
        #expect(three.stdout.components(separatedBy: "Wrong master password; try again.").count == 3, "two retries, then the error")
        #expect(three.stdout.contains("Error: Wrong master password."), "\(three.stdout)")
    }

    @Test func aPasswordTypedAtAPromptUnlocksTheAgentForTheNextCommands() throws {
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.vault(cli)
        let first = try cli.inTerminal(["Master password: ", Self.strong], ["list"])
        #expect(first.status == 0, "\(first.stdout)")
        #expect(first.stdout.contains("Unlocked in the agent for 15m without use"))
        let status = try #require(try cli.json(cli.run(["status", "--json"])) as? [String: Any])
        #expect(status["unlocked"] as? Bool == true)
        // The next command asks nothing (no prompt to answer here: it would time out).
        let next = try cli.inTerminal([], ["list"])
        #expect(next.status == 0 && next.stdout.contains("GitHub") && !next.stdout.contains("Master password"))

        // Turned off, a prompt keeps the vault in the one command.
        _ = try cli.run(["lock"])
        #expect(try cli.run(["config", "set", "unlock-on-prompt", "off"]).status == 0)
        let kept = try cli.inTerminal(["Master password: ", Self.strong], ["list"])
        #expect(kept.status == 0 && !kept.stdout.contains("Unlocked in the agent"))
        #expect((try cli.json(cli.run(["status", "--json"])) as? [String: Any])?["unlocked"] as? Bool == false)
    }

    @Test func anAmbiguousNameIsChosenFromANumberedList() throws {
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.vault(cli)
        _ = try cli.run(["unlock", "--password-stdin"], input: Self.strong + "\n")
        let chosen = try cli.inTerminal(["Which one? [1-2, Enter for none] ", "2"], ["get", "GitHub"],
                                        environment: ["SESAME_CHOOSER": "list"])
        #expect(chosen.status == 0, "\(chosen.stdout)")
        #expect(chosen.stdout.contains("'GitHub' matches 2 items:"))
        #expect(chosen.stdout.contains("1  GitHub  alice") && chosen.stdout.contains("2  GitHub  bob"), "\(chosen.stdout)")
        #expect(chosen.stdout.hasSuffix("pw-bob\n"), "\(chosen.stdout)")
        let none = try cli.inTerminal(["Which one? [1-2, Enter for none] ", ""], ["get", "GitHub"],
                                      environment: ["SESAME_CHOOSER": "list"])
        #expect(none.status == 1 && none.stdout.contains("Error: Nothing was chosen."))
    }

    @Test func anAmbiguousNameIsChosenThroughFzfWhenItIsInstalled() throws {
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.vault(cli)
        _ = try cli.run(["unlock", "--password-stdin"], input: Self.strong + "\n")
        // A stand-in fzf: keeps what it was offered and picks bob's line, as a person typing "bob" would.
        let bin = cli.home + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let offered = cli.home + "/fzf-input"
        try "#!/bin/sh\ntee '\(offered)' | awk -F '\\t' '$3 == \"bob\"'\n"
            .write(toFile: bin + "/fzf", atomically: true, encoding: .utf8)
        chmod(bin + "/fzf", 0o755)
        let chosen = try cli.inTerminal([], ["get", "GitHub"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(chosen.status == 0, "\(chosen.stdout)")
        #expect(chosen.stdout.hasSuffix("pw-bob\n"), "\(chosen.stdout)")
        let lines = try String(contentsOfFile: offered, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("1\tGitHub\talice") || $0.hasPrefix("2\tGitHub\tbob") }, "\(lines)")
        #expect(!lines.contains { $0.contains("pw-") }, "fzf is offered no secret")
    }

    /// fzf itself, not a stand-in: it draws its list on the terminal, the person types "bob" and Return.
    @Test func anAmbiguousNameIsChosenOnFzfsOwnScreen() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/fzf"), "fzf is in scripts/packages.txt")
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.vault(cli)
        _ = try cli.run(["unlock", "--password-stdin"], input: Self.strong + "\n")
        // "2/2": fzf has both lines; "1/2": typing "bob" left one.
        let chosen = try cli.inTerminal(["2/2", "key:bob", "1/2", "key:\r"], ["get", "GitHub"],
                                        environment: ["PATH": "/usr/bin:/bin"], size: (rows: 24, columns: 80))
        #expect(chosen.status == 0, "\(chosen.stdout)")
        #expect(chosen.stdout.hasSuffix("pw-bob\n"), "\(chosen.stdout)")
        #expect(chosen.stdout.contains("alice"), "fzf drew both candidates")
        let cancelled = try cli.inTerminal(["2/2", "key:\u{1B}"], ["get", "GitHub"],
                                           environment: ["PATH": "/usr/bin:/bin"], size: (rows: 24, columns: 80))
        #expect(cancelled.status == 1 && cancelled.stdout.contains("Error: Nothing was chosen."), "\(cancelled.stdout)")
        #expect(!cancelled.stdout.contains("pw-"))
    }

    /// A list taller than the terminal goes through less (the default pager), a page at a time; a shorter one is
    /// printed as it is.
    @Test func aListTallerThanTheTerminalIsPagedThroughLess() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/less"))
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        #expect(try cli.run(["init", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"], input: Self.strong + "\n").status == 0)
        let rows = (1...30).map { String(format: "Site %02d,https://site%02d.example,user%02d,pw%02d", $0, $0, $0, $0) }
        let csv = cli.home + "/sites.csv"
        try (["name,url,username,password"] + rows).joined(separator: "\n").appending("\n").write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try cli.run(["import", csv, "--password-stdin"], input: Self.strong + "\n").status == 0)
        _ = try cli.run(["unlock", "--password-stdin"], input: Self.strong + "\n")
        cli.setEnvironment("PAGER", nil)
        cli.setEnvironment("LESS", nil)

        // Ten rows: a header and eight logins, then less's prompt; Space shows the next page, q ends it.
        let paged = try cli.inTerminal(["Site 08", "key: ", "Site 17", "key:q"], ["list"], size: (rows: 10, columns: 100))
        #expect(paged.status == 0, "\(paged.stdout)")
        #expect(paged.stdout.contains("Site 01") && paged.stdout.contains("Site 17"))
        #expect(!paged.stdout.contains("Site 18") && !paged.stdout.contains("Site 30"), "the rest is never drawn: \(paged.stdout)")

        // A pager that marks its lines shows whether it ran at all.
        let marking = ["SESAME_PAGER": "sed s/^/paged:/"]
        let short = try cli.inTerminal([], ["list"], environment: marking, size: (rows: 40, columns: 100))
        #expect(short.status == 0)
        #expect(short.stdout.contains("Site 01") && short.stdout.contains("Site 30"), "\(short.stdout)")
        #expect(!short.stdout.contains("paged:"), "31 lines fit in 40 rows: \(short.stdout)")
        let tall = try cli.inTerminal([], ["list"], environment: marking, size: (rows: 20, columns: 100))
        #expect(tall.stdout.contains("paged:Site 30"), "\(tall.stdout)")
    }

    @Test func exportSaysWhyItAsksEvenWhileUnlocked() throws {
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.vault(cli)
        _ = try cli.run(["unlock", "--password-stdin"], input: Self.strong + "\n")
        let file = cli.home + "/out.sesame"
        let export = try cli.inTerminal([
            "Master password: ", "wrong", "Master password: ", Self.strong,
            "Password for the backup: ", "bk", "Repeat to confirm: ", "bk",
            "Password for the backup: ", "another-long-backup-passphrase-7", "Repeat to confirm: ", "another-long-backup-passphrase-7",
        ], ["export", "--format", "sesame", file])
        #expect(export.status == 0, "\(export.stdout)")
        #expect(export.stdout.contains("An export holds every password at once, so it asks for the master password even while the agent is unlocked."))
        #expect(export.stdout.contains("Wrong master password; try again."))
        #expect(export.stdout.contains("The backup's password is too weak"), "a weak one is refused and asked again")
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test func syncSetupSaysWhyItAsksWhileUnlocked() throws {
        let cli = CLIHarness()
        defer { _ = try? cli.run(["agent", "--stop"]) }
        try Self.vault(cli)
        _ = try cli.run(["unlock", "--password-stdin"], input: Self.strong + "\n")
        let run = try cli.inTerminal(["Master password: ", Self.strong], ["sync", "setup", "folder", cli.home + "/Sync"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("setting up sync asks for it even while the agent is unlocked"), "\(run.stdout)")
        #expect(run.stdout.contains("Sync set up with folder"))
    }

    @Test func syncPasswordNamesWhichMasterPasswordItAsksFor() throws {
        let cli = CLIHarness()
        try Self.vault(cli)
        #expect(try cli.run(["sync", "setup", "folder", cli.home + "/Sync", "--password-stdin"], input: Self.strong + "\n").status == 0)
        cli.setEnvironment("SESAME_NO_AGENT", "1")
        let run = try cli.inTerminal(["Master password of this vault (as set on this device): ", Self.strong], ["sync", "password"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("This device holds every key of the synced vault"))
    }
}
