import Foundation
import Testing

/// What is on disk after a command: the main file alone holds every committed item, and `sesame backup` copies it.
@Suite struct VaultFileCommandTests {
    private func titles(_ cli: CLIHarness, vault: String, password: String = "master-pw") throws -> [String]? {
        let list = try cli.run(["list", "--json", "--password-stdin", "--vault", vault], input: password + "\n")
        #expect(list.status == 0, "\(list.stderr)")
        return (try? cli.json(list) as? [[String: Any]])?.compactMap { $0["title"] as? String }
    }

    @Test func vaultFileAloneHoldsEveryItemAfterCommandsExit() throws {
        let cli = CLIHarness()
        try cli.initVault()
        for index in 0..<20 {
            let added = try cli.run(["add", "item \(index)", "--password-stdin"], input: "master-pw\npw-\(index)\n")
            #expect(added.status == 0, "\(added.stderr)")
        }
        let copy = cli.home + "/copy/vault.sqlite"
        try FileManager.default.createDirectory(atPath: cli.home + "/copy", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: cli.vault, toPath: copy)
        #expect(try titles(cli, vault: copy)?.count == 20)
    }

    @Test func backupIsAConsistentCopyTakenWhileAnotherProcessWrites() throws {
        let cli = CLIHarness()
        try cli.initVault()
        for title in ["alpha", "beta", "gamma"] {
            _ = try cli.run(["add", title, "--password-stdin"], input: "master-pw\npw\n")
        }
        // Another process holds the vault open inside an unfinished write transaction while the backup runs.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        writer.arguments = ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute('BEGIN IMMEDIATE')
            db.execute("INSERT INTO meta (name, value) VALUES ('uncommitted', 'x')")
            print('ready', flush=True)
            sys.stdin.read()
            """, cli.vault]
        let writerIn = Pipe(), writerOut = Pipe()
        writer.standardInput = writerIn
        writer.standardOutput = writerOut
        try writer.run()
        defer {
            try? writerIn.fileHandleForWriting.close()
            writer.waitUntilExit()
        }
        #expect(String(decoding: writerOut.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("ready"))

        let backup = cli.home + "/backup.sqlite"
        let result = try cli.run(["backup", backup, "--json"])  // no password asked: nothing on stdin
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try cli.json(result) as? [String: Any])?["backup"] as? String == backup)
        let mode = try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(!FileManager.default.fileExists(atPath: backup + "-wal"))

        let again = try cli.run(["backup", backup])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists"), "\(again.stderr)")

        try writerIn.fileHandleForWriting.close()
        writer.waitUntilExit()
        #expect(try titles(cli, vault: backup)?.sorted() == ["alpha", "beta", "gamma"])
        let wrong = try cli.run(["list", "--password-stdin", "--vault", backup], input: "other\n")
        #expect(wrong.status == 2)
    }
}
