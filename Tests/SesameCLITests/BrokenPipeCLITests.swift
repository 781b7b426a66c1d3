import Foundation
import Testing

/// `sesame … --json | head -1`: the reader goes away before the output is written. The command has done its work,
/// so it ends with its own status and says nothing; Foundation's `FileHandle.write(_:)` crashed there, with a stack
/// trace on stderr.
@Suite struct BrokenPipeCLITests {
    /// Runs `executable` with a stdout pipe whose reading end is closed before the child writes.
    private static func runWithoutReader(_ cli: CLIHarness, _ arguments: [String], input: String = "",
                                         executable: String = "sesame-cli") throws -> CLIResult {
        let process = cli.makeProcess(arguments, executable: executable)
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try stdout.fileHandleForReading.close()
        try process.run()
        try? stdout.fileHandleForWriting.close()
        if !input.isEmpty { try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus, stdout: "", stderr: String(decoding: errors, as: UTF8.self))
    }

    @Test func jsonToAReaderThatWentAwayEndsQuietly() throws {
        let cli = CLIHarness()
        let generated = try Self.runWithoutReader(cli, ["generate", "--count", "50", "--json"])
        #expect(generated.status == 0)
        #expect(generated.stderr.isEmpty, "stderr: \(generated.stderr)")

        try cli.initVault()
        let added = try cli.run(["add", "Example", "--url", "https://example.com", "--username", "alice",
                                 "--password-stdin"], input: "master-pw\nitem-password\n", executable: "sesame-cli")
        try #require(added.status == 0, "add: \(added.stderr)")
        // `list --json` streams its rows (MatchCommand.printAll), a second way out to stdout.
        let listed = try Self.runWithoutReader(cli, ["list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(listed.status == 0)
        #expect(listed.stderr.isEmpty, "stderr: \(listed.stderr)")
    }
}
