import Foundation
import Testing

/// The installed `git-credential-sesame` is a small front that answers `get` from an unlocked agent itself and runs
/// the full helper (`sesame-git-credential`, beside it) for everything else, standard input passed on. These run
/// both, as whole processes, and compare.
@Suite struct GitFrontTests {
    static func expectSame(_ cli: CLIHarness, _ arguments: [String], input: String) throws {
        let front = try cli.run(arguments, input: input, executable: "git-credential-sesame")
        let full = try cli.run(arguments, input: input, executable: "sesame-git-credential")
        #expect(front.status == full.status, "\(arguments) \(input)")
        #expect(front.stdout == full.stdout, "\(arguments) \(input)")
        #expect(front.stderr == full.stderr, "\(arguments) \(input)")
    }

    @Test func getThroughTheFrontAnswersExactlyAsTheFullHelper() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        let requests = [
            "protocol=https\nhost=git.example.com\n\n", "protocol=https\nhost=git.example.com\nusername=bob\n\n",
            "protocol=https\nhost=git.example.com\npath=org/repo.git\n\n", "protocol=https\nhost=other.example\n\n",
            "protocol=https\nhost=evil.example@git.example.com\n\n", "protocol=https\n\n", "",
            "capability[]=authtype\nprotocol=https\nhost=git.example.com\n\n",
        ]
        // Locked (no agent): the full helper answers nothing without a terminal, and so does the front.
        for request in requests { try Self.expectSame(cli, ["get"], input: request) }
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        for (user, password) in [("alice", "pw=with\tsymbols é"), ("bob", "pw-bob")] {
            let add = try cli.run(["add", "Git \(user)", "--username", user, "--url", "https://git.example.com",
                                   "--password-stdin"], input: password + "\n")
            #expect(add.status == 0, "\(add.stderr)")
        }
        for request in requests { try Self.expectSame(cli, ["get"], input: request) }
        let bob = try cli.run(["get"], input: requests[1], executable: "git-credential-sesame")
        #expect(bob.stdout == "username=bob\npassword=pw-bob\n")
        // Everything else is the full helper's, the request read from standard input as before.
        for arguments in [["capability"], ["--version"], ["--help"], ["frobnicate"], ["--vault", cli.vault, "get"]] {
            try Self.expectSame(cli, arguments, input: requests[0])
        }
        let store = try cli.run(["store"], input: "protocol=https\nhost=new.example\nusername=carol\npassword=pw-c\n\n",
                                executable: "git-credential-sesame")
        #expect(store.status == 0, "\(store.stderr)")
        let stored = try cli.run(["get"], input: "protocol=https\nhost=new.example\n\n", executable: "git-credential-sesame")
        #expect(stored.stdout == "username=carol\npassword=pw-c\n")
        // A request larger than a pipe's buffer still reaches the full helper whole.
        let large = "protocol=https\nhost=new.example\n" + String(repeating: "wwwauth[]=Basic realm=x\n", count: 4_000) + "\n"
        let capable = "capability[]=authtype\n" + large
        try Self.expectSame(cli, ["get"], input: capable)
        #expect(try cli.run(["get"], input: capable, executable: "git-credential-sesame").stdout
                == "username=carol\npassword=pw-c\n")
    }

    @Test func theFrontServesGetWithoutTheFullHelper() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        #expect(try cli.run(["add", "Git", "--username", "alice", "--url", "https://git.example.com", "--password-stdin"],
                            input: "pw-1\n").status == 0)
        let alone = cli.home + "/alone"
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: CLIHarness.executable("git-credential-sesame"), toPath: alone + "/git-credential-sesame")
        let get = try cli.run(["get"], input: "protocol=https\nhost=git.example.com\n\n",
                              executable: alone + "/git-credential-sesame")
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.stdout == "username=alice\npassword=pw-1\n")
        let erase = try cli.run(["erase"], input: "protocol=https\nhost=git.example.com\n\n",
                                executable: alone + "/git-credential-sesame")
        #expect(erase.status == 1)
        #expect(erase.stderr == "git-credential-sesame: cannot run \(alone)/sesame-git-credential: No such file or directory; it is installed beside git-credential-sesame.\n")
    }

    /// git's requests are small; a request over the 1 MiB budget is refused by both programs before it is held
    /// whole or parsed, with the same sentence, and the vault is left alone.
    @Test func aRequestOverTheBudgetIsRefusedByTheFrontAndTheFullHelper() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let huge = "protocol=https\nhost=new.example\nusername=eve\npassword=pw\nwwwauth[]="
            + String(repeating: "x", count: 1 << 20) + "\n\n"
        for action in ["get", "store"] {
            for executable in ["git-credential-sesame", "sesame-git-credential"] {
                let run = try cli.run([action], input: huge, executable: executable)
                #expect(run.status == 1, "\(executable) \(action)")
                #expect(run.stdout.isEmpty)
                #expect(run.stderr == "git-credential-sesame: the request from git is larger than 1 MiB; nothing was done.\n")
            }
        }
        let stored = try cli.run(["get"], input: "protocol=https\nhost=new.example\n\n", executable: "git-credential-sesame")
        #expect(stored.stdout.isEmpty)
    }
}
