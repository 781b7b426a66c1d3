import Foundation
import Testing

/// What people see: titles, user names, URLs and arguments from elsewhere must never drive the terminal, and
/// secrets on standard input are bounded.
@Suite struct TerminalSafetyTests {
    /// Clear screen, set the clipboard (OSC 52), ring the bell, a C1 CSI, DEL and a right-to-left override.
    static let hostile = "x\u{1B}[2J\u{1B}]52;c;aGk=\u{7}\u{9B}31m\u{7F}\u{202E}moc"

    /// Lines and tabs are layout; everything else below U+0020, DEL, C1 and bidirectional controls must not pass.
    static func rawControls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    static func expectClean(_ result: CLIResult, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(rawControls(in: result.stdout).isEmpty, "\(what) wrote raw controls on stdout", sourceLocation: sourceLocation)
        #expect(rawControls(in: result.stderr).isEmpty, "\(what) wrote raw controls on stderr", sourceLocation: sourceLocation)
    }

    @Test func itemCommandsNeverPrintRawEscapesFromTitlesUserNamesOrNotes() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let title = "Evil" + Self.hostile
        let added = try cli.run(
            ["add", title, "--username", "u" + Self.hostile, "--notes", "n\n" + Self.hostile,
             "--field", "k" + Self.hostile + "=v" + Self.hostile, "--password-stdin"],
            input: "master-pw\npw\u{1B}[2J\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Added 'Evilx\\u{1B}[2J\\u{1B}]52;c;aGk=\\u{7}\\u{9B}31m\\u{7F}\\u{202E}moc'"))
        Self.expectClean(added, "add")

        for arguments in [["list"], ["show", "Evil"], ["show", "Evil", "--reveal"], ["trash", "list"],
                          ["match"], ["edit", "Evil", "--username", "v" + Self.hostile]] {
            let result = try cli.run(arguments + ["--password-stdin"], input: "master-pw\n")
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            Self.expectClean(result, arguments.joined(separator: " "))
        }
        let shown = try cli.run(["show", "Evil", "--password-stdin"], input: "master-pw\n")
        #expect(shown.stdout.split(separator: "\n").contains {
            $0.hasPrefix("Username: ") && $0.hasSuffix(" v" + TerminalSafetyTests.escapedHostile)
        })

        // The stored data is untouched, and --json keeps it exactly (JSON escapes the controls itself).
        let json = try cli.run(["show", "Evil", "--reveal", "--json", "--password-stdin"], input: "master-pw\n")
        let item = try #require(try cli.json(json) as? [String: Any])
        #expect(item["title"] as? String == title)
        #expect(item["username"] as? String == "v" + Self.hostile)
        #expect(item["password"] as? String == "pw\u{1B}[2J")
        #expect(!json.stdout.contains("\u{1B}"))

        let removed = try cli.run(["rm", "Evil", "--password-stdin"], input: "master-pw\n")
        #expect(removed.status == 0, "\(removed.stderr)")
        Self.expectClean(removed, "rm")
    }

    static let escapedHostile = "x\\u{1B}[2J\\u{1B}]52;c;aGk=\\u{7}\\u{9B}31m\\u{7F}\\u{202E}moc"

    @Test func errorMessagesEscapeAndShortenWhatTheyQuote() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let long = String(repeating: "a", count: 10_000)
        let cases: [[String]] = [
            ["rm", Self.hostile, "--password-stdin"],
            ["show", Self.hostile + long, "--password-stdin"],
            ["edit", Self.hostile, "--title", "t", "--password-stdin"],
            ["add", "T", "--url", "https://a" + Self.hostile + ".com", "--password-stdin"],
            ["add", "T", "--match", Self.hostile],
            [Self.hostile],
            ["list", "--" + Self.hostile + long],
            ["list", Self.hostile + long],
        ]
        for arguments in cases {
            let result = try cli.run(arguments, input: "master-pw\npw\n")
            #expect(result.status != 0, "\(arguments.prefix(2))")
            #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr.prefix(200))")
            Self.expectClean(result, "\(arguments.first!.prefix(10))")
            #expect(result.stderr.utf8.count < 1_000, "the error quotes \(result.stderr.utf8.count) bytes")
        }
        let unknown = try cli.run([Self.hostile + long])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Unknown subcommand '" + Self.escapedHostile + "aaa"))
        #expect(unknown.stderr.contains("…'"))
    }

    @Test func theGitHelperNeverEchoesARawOrEndlessHost() throws {
        let cli = CLIHarness()
        try cli.initVault()
        defer { cli.stopAgent() }
        let unlock = try cli.run(["unlock", "--password-stdin"], input: "master-pw\n")
        #expect(unlock.status == 0, "\(unlock.stderr)")
        let host = "a" + Self.hostile + String(repeating: "b", count: 10_000) + ".com"
        for action in ["get", "store", "erase"] {
            let result = try cli.run(
                [action], input: "protocol=https\nhost=\(host)\nusername=u\npassword=p\n\n",
                executable: "git-credential-sesame")
            Self.expectClean(result, "git-credential-sesame \(action)")
            #expect(result.stderr.utf8.count < 1_000, "\(action) echoed \(result.stderr.utf8.count) bytes")
        }
    }

    @Test func anOverlongSecretOnStandardInputIsRefusedAtTheLimit() throws {
        let cli = CLIHarness()
        // 64 MiB on one line, from a file, so what the command read is the file's offset afterwards.
        let path = cli.home + "/huge-line"
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let writer = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        for _ in 0..<64 { try writer.write(contentsOf: chunk) }
        try writer.close()

        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let process = cli.makeProcess(["init", "--allow-weak-password", "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"])
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message == "Error: The new master password on standard input is longer than 16384 bytes.\n")
        // The child shared this open file: it stopped one byte past the limit instead of reading 64 MiB.
        #expect(lseek(input.fileDescriptor, 0, SEEK_CUR) == 16_385)
        #expect(!FileManager.default.fileExists(atPath: cli.vault))
    }

    @Test func anEmptyVaultPathIsAUsageError() throws {
        let cli = CLIHarness()
        try cli.initVault()
        for arguments in [["list", "--vault", ""], ["list", "--vault="], ["trash", "list", "--vault", ""],
                          ["equivalents", "list", "--vault="]] {
            let result = try cli.run(arguments + ["--password-stdin"], input: "master-pw\n")
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: The vault path is empty\n"), "\(result.stderr)")
        }
        let git = try cli.run(["--vault", "", "get"], input: "protocol=https\nhost=a.com\n\n", executable: "git-credential-sesame")
        #expect(git.status == 64, "\(git.stderr)")
        #expect(git.stderr.hasPrefix("Error: The vault path is empty\n"), "\(git.stderr)")
    }

    @Test func sesameAndTheGitHelperCannotDumpCore() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let waiting = [
            cli.makeProcess(["unlock", "--password-stdin"]),
            cli.makeProcess(["get"], executable: "git-credential-sesame"),
        ]
        for process in waiting {
            let command = RunningCommand(process: process)
            try process.run()
            command.startReading()
            let pid = process.processIdentifier
            #expect(eventually {
                let limits = (try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)) ?? ""
                return limits.split(separator: "\n").contains {
                    $0.hasPrefix("Max core file size") && $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"]
                }
            }, "\(process.arguments ?? [])")
            process.terminate()
            _ = try command.finish()
        }
    }
}
