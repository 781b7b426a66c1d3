import Foundation
import Testing

/// The installed `sesame` is a small front that serves `fill` from an unlocked agent itself and runs the full CLI
/// (`sesame-cli`, beside it) for everything else. These run both, as whole processes, and compare.
@Suite struct FrontTests {
    /// A password with everything JSON escapes or might escape: quotes, backslash, slash, a tab, control and
    /// non-ASCII characters.
    static let awkwardPassword = "q\"b\\s/t\tc\u{1}é😀\u{7F}"

    @Test func fillThroughTheFrontPrintsExactlyWhatTheFullCLIPrints() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        for (user, password) in [("alice", Self.awkwardPassword), ("bob", "plain")] {
            let add = try cli.run(["add", "Site \(user)", "--username", user, "--url", "https://site.example",
                                   "--password-stdin"], input: password + "\n")
            #expect(add.status == 0, "\(add.stderr)")
        }
        for arguments in [
            ["fill", "https://site.example/login", "--json"], ["fill", "site.example"],
            ["fill", "--username", "alice", "https://site.example", "--json"], ["fill", "-u", "bob", "site.example"],
            ["fill", "--username=alice", "--vault=\(cli.vault)", "site.example", "--password-stdin"],
        ] {
            let front = try cli.run(arguments)
            let full = try cli.run(arguments, executable: "sesame-cli")
            #expect(front.status == 0, "\(arguments): \(front.stderr)")
            #expect(front.stdout == full.stdout, "\(arguments)")
            #expect(front.stderr == full.stderr)
        }
        let alice = try cli.json(cli.run(["fill", "-u", "alice", "site.example", "--json"])) as? [String: Any]
        #expect(alice?["password"] as? String == Self.awkwardPassword)
    }

    @Test func theFrontServesFillWithoutTheFullCLI() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        #expect(try cli.run(["add", "Site", "--username", "alice", "--url", "https://site.example", "--password-stdin"],
                            input: "pw-1\n").status == 0)
        // The front alone in a folder: what it serves works, everything else says what is missing.
        let alone = cli.home + "/alone"
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIHarness.executable("sesame"), toPath: alone + "/sesame")
        let fill = try cli.run(["fill", "https://site.example", "--json"], executable: alone + "/sesame")
        #expect(fill.status == 0, "\(fill.stderr)")
        #expect(fill.stdout.contains("\"password\" : \"pw-1\""))
        let status = try cli.run(["status"], executable: alone + "/sesame")
        #expect(status.status == 1)
        #expect(status.stderr == "sesame: cannot run \(alone)/sesame-cli: No such file or directory; it is installed beside sesame.\n")
    }

    @Test func everyOtherCaseIsTheFullCLIs() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["add", "Site", "--username", "alice", "--url", "https://site.example", "--password-stdin"],
                            input: "master-pw\npw-1\n").status == 0)
        // No agent; then an agent for this vault, and a locked one.
        var cases: [([String], String)] = [
            (["--version"], ""), (["fill", "--help"], ""), (["fill", "site.example", "--json"], ""),
            (["fill", "site.example", "--password-stdin"], "master-pw\n"), (["frobnicate"], ""), ([], ""),
        ]
        for (arguments, input) in cases {
            try Self.expectSame(cli, arguments, input: input)
        }
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        cases = [
            (["fill", "nothing.example", "--json"], ""), (["fill", "not a url"], ""), (["fill", "--otp", "site.example"], ""),
            (["fill", "site.example", "other.example"], ""), (["fill", "site.example", "--vault", ""], ""),
            (["fill", "-u", "nobody", "site.example"], ""),
        ]
        for (arguments, input) in cases {
            try Self.expectSame(cli, arguments, input: input)
        }
        cli.setEnvironment("SESAME_NO_AGENT", "1")
        try Self.expectSame(cli, ["fill", "site.example", "--password-stdin"], input: "master-pw\n")
        cli.setEnvironment("SESAME_NO_AGENT", nil)
        #expect(try cli.run(["lock"]).status == 0)
        try Self.expectSame(cli, ["fill", "site.example", "--json"], input: "")
    }

    static func expectSame(_ cli: CLIHarness, _ arguments: [String], input: String) throws {
        let front = try cli.run(arguments, input: input)
        let full = try cli.run(arguments, input: input, executable: "sesame-cli")
        #expect(front.status == full.status, "\(arguments)")
        #expect(front.stdout == full.stdout, "\(arguments)")
        #expect(front.stderr == full.stderr, "\(arguments)")
    }
}
