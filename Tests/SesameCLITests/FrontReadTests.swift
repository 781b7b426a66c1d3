import Foundation
import Testing

/// The read commands the installed `sesame` front serves itself from an unlocked agent (`match`, `list`, `show`,
/// `totp`): their output must be the full CLI's (`sesame-cli`) byte for byte, in every form the front takes, and
/// every case it leaves to the full CLI must behave as the full CLI does.
@Suite struct FrontReadTests {
    static let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

    /// A vault of items with what the printers escape, pad, cut or leave out: control characters, wide and
    /// combining text, several URLs, match modes, fields, tags, history, notes, a one-time code, uses.
    static func populated() throws -> CLIHarness {
        let cli = CLIHarness()
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let adds: [([String], String)] = [
            (["add", "Site alice", "-u", "alice", "--url", "https://site.example/login", "--url", "https://www.site.example:8443",
              "--notes", "first line\nsecond \u{1B}[2J line\t tab", "--tag", "work", "--tag", "Ünï", "--field", "PIN hint=the usual",
              "--protected-field", "PIN", "--otp", "--password-stdin"],
             FrontTests.awkwardPassword + "\n" + "otpauth://totp/Site:alice?secret=\(secret)&issuer=Site\n" + "1234\n"),
            (["add", "Site bob \u{7}\u{202E}evil", "-u", "b\u{1B}[31mob", "--url", "site.example", "--match", "host", "--password-stdin"],
             "plain\n"),
            (["add", "日本語のタイトル😀 with a long title that a narrow terminal would cut", "-u", "carol", "--url",
              "https://other.example/path?q=1", "--match", "never", "--password-stdin"], "pw\n"),
            (["add", "No URL", "--password-stdin"], "pw-2\n"),
            (["add", "Empty password", "-u", "dave", "--url", "https://site.example", "--password-stdin"], "\n"),
        ]
        for (arguments, input) in adds {
            let added = try cli.run(arguments, input: input)
            #expect(added.status == 0, "\(arguments): \(added.stderr)")
        }
        // A history, and uses (the last-used column and ranking).
        #expect(try cli.run(["edit", "Site bob", "--password", "--password-stdin"], input: "newer\n").status == 0)
        #expect(try cli.run(["fill", "site.example", "-u", "alice"]).status == 0)
        return cli
    }

    @Test func readCommandsThroughTheFrontPrintExactlyWhatTheFullCLIPrints() throws {
        let cli = try Self.populated()
        defer { cli.stopAgent() }
        let alice = try #require(((try cli.json(cli.run(["list", "--json"]))) as? [[String: Any]])?
            .first { $0["title"] as? String == "Site alice" }?["id"] as? String)
        for arguments in [
            ["match", "site.example"], ["match", "https://site.example/login", "--json"], ["match", "www.site.example", "other.example"],
            ["match", "https://www.site.example:8443/x", "site.example", "--json", "--password-stdin"], ["match"], ["match", "--json"],
            ["match", "--vault", cli.vault, "other.example"], ["match", "--vault=\(cli.vault)", "--json"],
            ["list"], ["list", "--json"], ["list", "--vault", cli.vault, "--password-stdin"],
            ["show", "Site alice"], ["show", "Site bob", "--json"], ["show", String(alice.prefix(8)), "--reveal"],
            ["show", "-r", alice, "--json"], ["show", "日本語"], ["show", "No URL", "-r"], ["show", "Empty password", "--json", "-r"],
        ] {
            try FrontTests.expectSame(cli, arguments, input: "")
        }
        // A code and the seconds it stays valid: the two are compared within one second of each other.
        for arguments in [["totp", "Site alice"], ["totp", alice, "--json"]] {
            var same = false
            for _ in 0..<5 where !same {
                let front = try cli.run(arguments)
                let full = try cli.run(arguments, executable: "sesame-cli")
                #expect(front.status == 0 && full.status == 0, "\(arguments): \(front.stderr) \(full.stderr)")
                same = front.stdout == full.stdout && front.stderr == full.stderr
            }
            #expect(same, "\(arguments)")
        }
    }

    @Test func theFrontServesReadCommandsWithoutTheFullCLI() throws {
        let cli = try Self.populated()
        defer { cli.stopAgent() }
        let alone = cli.home + "/alone"
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIHarness.executable("sesame"), toPath: alone + "/sesame")
        let front = alone + "/sesame"
        let expected: [([String], String)] = [
            (["match", "site.example", "--json"], "\"username\" : \"alice\""), (["match"], "Site alice"),
            (["match", "--json"], "\"title\" : \"No URL\""), (["list"], "Empty password"), (["list", "--json"], "\"tags\""),
            (["show", "Site alice"], "******** (use --reveal to show)\nURLs:"),
            (["show", "Site alice", "--reveal", "--json"], "\"value\" : \"1234\""), (["totp", "Site alice"], " s left)"),
        ]
        for (arguments, text) in expected {
            let result = try cli.run(arguments, executable: front)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains(text), "\(arguments): \(result.stdout)")
        }
    }

    @Test func whatTheFrontDoesNotServeIsTheFullCLIs() throws {
        let cli = try Self.populated()
        defer { cli.stopAgent() }
        // Messages that need more than the agent's answer, errors, and spellings the front does not read.
        for arguments in [
            ["match", "nothing.example"], ["match", "not a url"], ["match", "b\u{FC}cher.example", "site.example"],
            ["match", "1.2.3.4"], ["match", "--", "site.example"], ["match", "site.example", "--help"],
            ["list", "extra"], ["list", "--unknown"], ["list", "--json", "--json"], ["list", "--vault", ""],
            ["show", "nothing at all"], ["show", "Site"], ["show"], ["show", "Site alice", "-rj"], ["show", "-", "--json"],
            ["totp", "Site bob"], ["totp", "nothing"], ["totp", "Site alice", "extra"],
        ] {
            try FrontTests.expectSame(cli, arguments, input: "")
        }
        cli.setEnvironment("SESAME_NO_AGENT", "1")
        try FrontTests.expectSame(cli, ["list", "--password-stdin"], input: "master-pw\n")
        cli.setEnvironment("SESAME_NO_AGENT", nil)
        #expect(try cli.run(["lock"]).status == 0)
        try FrontTests.expectSame(cli, ["match", "site.example", "--json", "--password-stdin"], input: "master-pw\n")
    }

    @Test func anEmptyVaultReadsTheSame() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        for arguments in [["list"], ["list", "--json"], ["match"], ["match", "--json"], ["match", "site.example", "--json"]] {
            try FrontTests.expectSame(cli, arguments, input: "")
        }
    }

    /// `show` of logins with passkeys: the passkey rows (``ItemCard``), the keys' PEM text when revealed and the
    /// JSON's `passkeys` are the full CLI's, and the front prints them itself.
    @Test func passkeysShowTheSame() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        let file = cli.home + "/bitwarden.json"
        try PasskeyCLITests.bitwardenExport().json.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try cli.run(["import", file, "--password-stdin"], input: "master-pw\n").status == 0)
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let forms = [["show", "Example"], ["show", "Other", "--json"], ["show", "Example", "-r"], ["show", "-r", "Other", "--json"]]
        for arguments in forms {
            try FrontTests.expectSame(cli, arguments, input: "")
        }
        // Without the full CLI beside it: what it printed above was its own.
        let alone = cli.home + "/alone"
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIHarness.executable("sesame"), toPath: alone + "/sesame")
        let expected = ["Passkeys: example.com, alice, created 2024-05-01T10:20:30Z, id PyUE4E-JEdOaDAMF6CwzAQ",
                        "\"relyingParty\" : \"other.example\"", "-----BEGIN PRIVATE KEY-----\n", "\"privateKey\" : \"-----BEGIN"]
        for (arguments, text) in zip(forms, expected) {
            let result = try cli.run(arguments, executable: alone + "/sesame")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains(text), "\(arguments): \(result.stdout)")
        }
    }
}
