import Foundation
import Testing

/// `sesame verify [--accept]` on a vault whose set of items was changed behind Sesame's back.
@Suite struct VerifyCLITests {
    /// Deletes one item row with the sqlite3 tool, as another program or a restored backup would.
    static func deleteOneRow(of vault: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [vault, "DELETE FROM items WHERE rowid = (SELECT min(rowid) FROM items)"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func verifyReportsAChangedSetAndAcceptTakesItAsTheReference() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        for title in ["One", "Two"] {
            #expect(try cli.run(["add", title, "--password-stdin"], input: "master-pw\npw\n").status == 0)
        }
        let clean = try cli.run(["verify", "--password-stdin"], input: "master-pw\n")
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout == "No damage found in \(cli.vault).\n")

        try Self.deleteOneRow(of: cli.vault)
        // Through the agent, which found the change at its unlock.
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let report = try cli.run(["verify"])
        #expect(report.status == 1)
        #expect(report.stdout.hasPrefix("Damaged: "))
        #expect(report.stdout.contains("its set of items was changed outside Sesame"))
        let json = try cli.json(cli.run(["verify", "--json"])) as? [String: Any]
        #expect((json?["damaged"] as? [String])?.count == 1)

        // --accept asks for the master password even though the agent holds the vault.
        let noPassword = try cli.run(["verify", "--accept", "--password-stdin"])
        #expect(noPassword.status == 1)
        #expect(noPassword.stderr.contains("Expected the master password on standard input"))
        let wrong = try cli.run(["verify", "--accept", "--password-stdin"], input: "wrong\n")
        #expect(wrong.status == 2)
        let accept = try cli.run(["verify", "--accept", "--password-stdin"], input: "master-pw\n")
        #expect(accept.status == 0, "\(accept.stderr)")
        #expect(accept.stdout.contains("its set of items was changed outside Sesame"))
        #expect(accept.stdout.contains("Accepting the 1 active and 0 trashed items the vault holds now as its reference.\nAccepted.\n"))
        #expect(accept.stdout.hasSuffix("Locked the vault in the agent; its next unlock checks the accepted items.\n"))
        #expect(try cli.agentStatus()["unlocked"] as? Bool == false)

        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let after = try cli.run(["verify"])
        #expect(after.status == 0, "\(after.stdout)")
        let list = try cli.run(["list"])
        #expect(list.status == 0)
        #expect(list.stderr.isEmpty)
        let again = try cli.run(["verify", "--accept", "--password-stdin"], input: "master-pw\n")
        #expect(again.stdout == "Nothing to accept: the set of items is as Sesame last wrote it.\n")
    }
}
