import Foundation
import Testing

/// Bad input and faults: a clear error, and nothing lost.
@Suite struct FaultTests {
    /// Kills `sesame passwd` (which re-seals every item under a new vault key) with SIGKILL at moments spread over
    /// the whole command; the vault must always open with the old or the new password, with every item intact.
    @Test(.timeLimit(.minutes(10)))
    func passwdKilledAtAnyMomentLeavesOldOrNewPassword() throws {
        let cli = CLIHarness()
        try cli.initVault(password: "pw-0")
        for index in 0..<3 {
            _ = try cli.run(["add", "item \(index)", "--password-stdin"], input: "pw-0\nsecret\n")
        }
        // Measure one full run, so kill moments spread over the whole command, writing phase included.
        let start = Date()
        let probe = try cli.run(["passwd", "--allow-weak-password", "--password-stdin"], input: "pw-0\npw-1\n")
        #expect(probe.status == 0)
        let duration = Date().timeIntervalSince(start)
        var current = "pw-1"
        var generation = 1
        var sawOld = 0, sawNew = 0
        for trial in 0..<60 {
            let next = "pw-\(generation + 1)"
            let process = cli.makeProcess(["passwd", "--allow-weak-password", "--password-stdin"])
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try input.fileHandleForWriting.write(contentsOf: Data("\(current)\n\(next)\n".utf8))
            try input.fileHandleForWriting.close()
            // Kill moments sweep from the start to well past the measured duration, so both outcomes occur:
            // early kills (old password) and kills after the commit (new password).
            // The last trial runs to the end: under load a passwd can outlast the measured duration every time,
            // and the sweep must still see the new password opening everything.
            if trial < 59 {
                let delay = duration * 1.6 * (Double(trial) + Double.random(in: 0..<1)) / 60
                Thread.sleep(forTimeInterval: delay)
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()

            let withCurrent = try cli.run(["list", "--json", "--password-stdin"], input: "\(current)\n")
            if withCurrent.status == 0 {
                sawOld += 1
                #expect((try cli.json(withCurrent) as? [Any])?.count == 3, "trial \(trial)")
                continue
            }
            #expect(withCurrent.status == 2, "trial \(trial): \(withCurrent.stderr)")
            let withNext = try cli.run(["list", "--json", "--password-stdin"], input: "\(next)\n")
            #expect(withNext.status == 0, "trial \(trial): neither password opens the vault: \(withNext.stderr)")
            #expect((try? cli.json(withNext) as? [Any])?.count == 3, "trial \(trial)")
            sawNew += 1
            current = next
            generation += 1
        }
        #expect(sawOld > 0, "no kill landed before the commit")
        #expect(sawNew > 0, "no kill landed after the commit")
    }

    @Test func fullDiskIsAnErrorAndLosesNothing() throws {
        let cli = CLIHarness()
        try cli.initVault()
        _ = try cli.run(["add", "before", "--password-stdin"], input: "master-pw\npw\n")
        let sesame = CLIHarness.executable("sesame")
        // A file-size limit (in 512-byte blocks) stands in for a full disk: the -wal file cannot grow.
        let bigNotes = String(repeating: "n", count: 100_000)
        let result = try cli.run(["-c", "ulimit -f 64; exec \"\(sesame)\" add big --notes \"\(bigNotes)\" --password-stdin"],
                                 input: "master-pw\npw\n", executable: "/bin/sh")
        #expect(result.status == 1)
        #expect(result.stderr.contains("full"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        let list = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(list.status == 0)
        #expect((try cli.json(list) as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["before"])
    }

    @Test func readOnlyVaultIsAnErrorAndLosesNothing() throws {
        let cli = CLIHarness()
        try cli.initVault()
        _ = try cli.run(["add", "before", "--password-stdin"], input: "master-pw\npw\n")
        let folder = (cli.vault as NSString).deletingLastPathComponent
        let result: CLIResult
        if getuid() == 0 {
            // nobody must reach the programs: the build folder may sit below one only root can enter (/root).
            let installed = cli.home + "/bin"
            try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
            for program in ["sesame", "sesame-cli"] {
                try FileManager.default.copyItem(atPath: CLIHarness.executable(program), toPath: installed + "/" + program)
            }
            chmod(installed, 0o755)
            let sesame = installed + "/sesame"
            // root ignores file modes: hand the vault to nobody and run as nobody.
            let nobody = "65534"
            for path in [cli.home, cli.home + "/data", folder] { chown(path, 65534, 65534) }
            for file in (try FileManager.default.contentsOfDirectory(atPath: folder)) {
                chown(folder + "/" + file, 65534, 65534)
                chmod(folder + "/" + file, 0o400)
            }
            chmod(folder, 0o500)
            chmod(cli.home, 0o755)
            chmod(cli.home + "/data", 0o755)
            result = try cli.run(["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", sesame, "add", "after", "--password-stdin"],
                                 input: "master-pw\npw\n", executable: "/usr/bin/setpriv")
        } else {
            for file in (try FileManager.default.contentsOfDirectory(atPath: folder)) { chmod(folder + "/" + file, 0o400) }
            chmod(folder, 0o500)
            result = try cli.run(["add", "after", "--password-stdin"], input: "master-pw\npw\n")
        }
        #expect(result.status == 1)
        #expect(result.stderr.contains("read-only"), "\(result.stderr)")
        chmod(folder, 0o700)
        for file in (try FileManager.default.contentsOfDirectory(atPath: folder)) { chmod(folder + "/" + file, 0o600) }
        let list = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(list.status == 0, "\(list.stderr)")
        #expect((try cli.json(list) as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["before"])
    }

    @Test func damagedItemIsNamedAndOthersStillRead() throws {
        let cli = CLIHarness()
        try cli.initVault()
        for title in ["alpha", "beta", "gamma"] {
            _ = try cli.run(["add", title, "--notes", String(repeating: title, count: 40), "--password-stdin"],
                            input: "master-pw\npw-\(title)\n")
        }
        let shown = try cli.run(["show", "beta", "--json", "--password-stdin"], input: "master-pw\n")
        let betaID = try #require((try cli.json(shown) as? [String: Any])?["id"] as? String)
        // Flip one byte in the middle of beta's sealed payload, in the file itself.
        try flipByte(vault: cli.vault, ofValueSelectedBy: """
            SELECT payload FROM items WHERE hex(id) = '\(betaID.replacingOccurrences(of: "-", with: "").uppercased())'
            """)
        let list = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(list.status == 1)
        #expect(list.stderr.contains(betaID), "\(list.stderr)")
        let titles = (try cli.json(list) as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["alpha", "gamma"])
        let alpha = try cli.run(["show", "alpha", "--reveal", "--json", "--password-stdin"], input: "master-pw\n")
        #expect((try cli.json(alpha) as? [String: Any])?["password"] as? String == "pw-alpha")
    }
}

extension FaultTests {
    /// A vault on a read-only mount (a read-only bind mount as root; a 0500 folder of read-only files for a
    /// user) lists and shows, and refuses a write saying read-only.
    @Test func readOnlyMountStillReads() throws {
        let cli = CLIHarness()
        try cli.initVault()
        _ = try cli.run(["add", "kept", "--password-stdin"], input: "master-pw\npw\n")
        let folder = (cli.vault as NSString).deletingLastPathComponent
        var unmount: (() -> Void)?
        if getuid() == 0 {
            let mount = try cli.run(["-c", "mount --bind \"$0\" \"$0\" && mount -o remount,ro,bind \"$0\"", folder],
                                    executable: "/bin/sh")
            try #require(mount.status == 0, "cannot mount read-only here: \(mount.stderr)")
            unmount = { _ = try? cli.run(["-c", "umount \"$0\"", folder], executable: "/bin/sh") }
        } else {
            for file in try FileManager.default.contentsOfDirectory(atPath: folder) { chmod(folder + "/" + file, 0o400) }
            chmod(folder, 0o500)
            unmount = { chmod(folder, 0o700) }
        }
        defer { unmount?() }
        let list = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(list.status == 0, "\(list.stderr)")
        #expect((try? cli.json(list) as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["kept"])
        let show = try cli.run(["show", "kept", "--reveal", "--json", "--password-stdin"], input: "master-pw\n")
        #expect((try? cli.json(show) as? [String: Any])?["password"] as? String == "pw", "\(show.stderr)")
        let add = try cli.run(["add", "after", "--password-stdin"], input: "master-pw\npw\n")
        #expect(add.status == 1)
        #expect(add.stderr.contains("read-only"), "\(add.stderr)")
    }

    @Test func aFolderGivenAsTheVaultIsNamedAsAFolder() throws {
        let cli = CLIHarness()
        let list = try cli.run(["list", "--vault", cli.home, "--password-stdin"], input: "master-pw\n")
        #expect(list.status == 1)
        #expect(list.stderr.contains("is a folder, not a vault file"), "\(list.stderr)")
        let initOverNull = try cli.run(["init", "--allow-weak-password", "--vault", "/dev/null", "--password-stdin"], input: "pw\n")
        #expect(initOverNull.status == 1)
        #expect(initOverNull.stderr.contains("not a regular file"), "\(initOverNull.stderr)")
    }

    @Test func damagedItemIsRemovedByFullIDWithForce() throws {
        let cli = CLIHarness()
        try cli.initVault()
        for title in ["alpha", "beta"] {
            _ = try cli.run(["add", title, "--notes", String(repeating: title, count: 40), "--password-stdin"],
                            input: "master-pw\npw-\(title)\n")
        }
        let shown = try cli.run(["show", "beta", "--json", "--password-stdin"], input: "master-pw\n")
        let betaID = try #require((try cli.json(shown) as? [String: Any])?["id"] as? String)
        try flipByte(vault: cli.vault, ofValueSelectedBy: """
            SELECT payload FROM items WHERE hex(id) = '\(betaID.replacingOccurrences(of: "-", with: "").uppercased())'
            """)
        let refused = try cli.run(["rm", betaID, "--password-stdin"], input: "master-pw\n")
        #expect(refused.status == 1)
        let removed = try cli.run(["rm", betaID, "--force", "--password-stdin"], input: "master-pw\n")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains(betaID))
        let list = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(list.status == 0, "\(list.stderr)")
        #expect((try cli.json(list) as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["alpha"])
    }

    @Test func flippedByteInTheHeaderIsNamedNotTakenForAWrongPassword() throws {
        let cli = CLIHarness()
        try cli.initVault()
        _ = try cli.run(["add", "kept", "--password-stdin"], input: "master-pw\npw\n")
        try flipByte(vault: cli.vault, ofValueSelectedBy: "SELECT wrapped_key FROM vault_header")
        let list = try cli.run(["list", "--password-stdin"], input: "master-pw\n")
        #expect(list.status == 1)
        #expect(list.stderr.contains("header") && list.stderr.contains("damaged"), "\(list.stderr)")
        #expect(!list.stderr.contains("Wrong master password"))
    }
}

/// Finds the bytes of one value (the first column of `query`'s first row) in the raw file and flips one of them
/// in the middle, as disk damage would.
func flipByte(vault: String, ofValueSelectedBy query: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", """
        import sqlite3, sys
        path, query = sys.argv[1], sys.argv[2]
        db = sqlite3.connect(path)
        db.execute('PRAGMA wal_checkpoint(TRUNCATE)')
        value = db.execute(query).fetchone()[0]
        db.close()
        data = bytearray(open(path, 'rb').read())
        offset = data.find(value)
        assert offset >= 0, 'value not found in file'
        data[offset + len(value) // 2] ^= 0x20
        open(path, 'wb').write(data)
        """, vault, query]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
}
