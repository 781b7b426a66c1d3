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
