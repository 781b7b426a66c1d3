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

    /// The front finds the full CLI by the kernel's name for it: nothing walks the folders above it, which a
    /// program started by a privileged launcher (setpriv here) may not be allowed to enter.
    @Test(.enabled(if: getuid() == 0, "needs root to run the front as nobody"))
    func theFrontFindsItsFolderWithoutEnteringTheFoldersAboveIt() throws {
        let cli = CLIHarness()
        let closed = cli.home + "/closed"
        let installed = closed + "/bin"
        try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIHarness.executable("sesame"), toPath: installed + "/sesame")
        try FileManager.default.copyItem(atPath: "/usr/bin/echo", toPath: installed + "/sesame-cli")
        chmod(installed, 0o755)
        chmod(cli.home, 0o755)
        chmod(closed, 0o700)
        let result = try cli.run(["--reuid=65534", "--regid=65534", "--clear-groups", installed + "/sesame", "list"],
                                 executable: "/usr/bin/setpriv")
        // setpriv may start the front there, but nobody may not start what lies beside it: the front says exactly that.
        #expect(result.stderr == "sesame: cannot run \(installed)/sesame-cli: Permission denied; it is installed beside sesame.\n")
        #expect(result.status == 1)
    }

    /// Without /proc a Swift program on Linux has lost its arguments as well: the front says what it needs rather
    /// than run the full CLI without them.
    @Test(.enabled(if: getuid() == 0, "needs root to unmount /proc in a private mount namespace"))
    func withoutProcTheFrontSaysWhatItNeeds() throws {
        let cli = CLIHarness()
        // Only /proc is made private, then unmounted: a chroot's root is no mount point, so `--propagation private`
        // (which remounts / private) fails there, and nothing may reach the machine's own /proc.
        let script = "mount --make-private /proc && umount -l /proc && test ! -e /proc/self/exe && exec \"$0\" \"$@\""
        let result = try cli.run(["--mount", "--propagation", "unchanged", "/bin/sh", "-c", script,
                                  CLIHarness.executable("sesame"), "list"], executable: "/usr/bin/unshare")
        #expect(result.stderr == "sesame: cannot read /proc/self/exe to find sesame-cli beside it; sesame needs /proc mounted.\n")
        #expect(result.status == 1)
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
