import Foundation
import Glibc
import Testing

/// `sesame import` and `sesame export` as whole processes, in a private home.
@Suite struct ImportExportCLITests {
    static let chrome = """
        name,url,username,password,note\r
        GitHub,https://github.com/,alice,"pa,ss",\r
        Bank,https://bank.example/,bob,b1,"two\r
        lines"\r
        bad,"https://x.example/"x,u,p,\r
        short,https://short.example/\r

        """

    private func write(_ cli: CLIHarness, _ name: String, _ text: String) throws -> String {
        let path = cli.home + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func listedTitles(_ cli: CLIHarness, vault: String? = nil) throws -> [String] {
        let list = try cli.run(["list", "--json", "--password-stdin"] + (vault.map { ["--vault", $0] } ?? []),
                               input: "master-pw\n")
        #expect(list.status == 0, "\(list.stderr)")
        return ((try cli.json(list) as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
    }

    @Test func aChromeExportImportsWithRejectedRowsByLineAndASecondImportSkipsEverything() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let file = try write(cli, "chrome.csv", Self.chrome)
        let result = try cli.run(["import", file, "--password-stdin"], input: "master-pw\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Imported from a Chrome/Edge CSV file: 2 created, 0 updated, 0 skipped, 2 rejected.
            Rejected line 5: text follows a closing quote (a quote inside a quoted field must be doubled).
            Rejected line 6: it has 2 fields where the header has 5.

            """)
        #expect(try listedTitles(cli) == ["Bank", "GitHub"])

        let again = try cli.run(["import", file, "--json", "--password-stdin"], input: "master-pw\n")
        let report = try #require(try cli.json(again) as? [String: Any])
        #expect(report["format"] as? String == "chrome")
        #expect(report["skipped"] as? Int == 2)
        #expect(report["created"] as? Int == 0)
        #expect((report["rejected"] as? [[String: String]])?.map { $0["location"] } == ["line 5", "line 6"])
        #expect((report["items"] as? [[String: Any]])?.map { $0["outcome"] as? String } == ["skipped", "skipped"])
        #expect(!again.stdout.contains("pa,ss"))
    }

    @Test func aDryRunWritesNothingAndAChangedPasswordUpdates() throws {
        let cli = CLIHarness()
        try cli.initVault()
        #expect(try cli.run(["import", try write(cli, "a.csv", Self.chrome), "--password-stdin"], input: "master-pw\n").status == 0)
        let changed = try write(cli, "b.csv", "name,url,username,password\nGitHub,https://github.com/,alice,new-pw\n")
        let dry = try cli.run(["import", changed, "--dry-run", "--password-stdin"], input: "master-pw\n")
        #expect(dry.stdout.hasPrefix("Dry run of an import from a Chrome/Edge CSV file (nothing written): 0 created, 1 updated"))
        let show = try cli.run(["show", "GitHub", "--reveal", "--json", "--password-stdin"], input: "master-pw\n")
        #expect((try cli.json(show) as? [String: Any])?["password"] as? String == "pa,ss")
        #expect(try cli.run(["import", changed, "--password-stdin"], input: "master-pw\n").status == 0)
        let after = try cli.json(cli.run(["show", "GitHub", "--reveal", "--json", "--password-stdin"], input: "master-pw\n"))
        let item = try #require(after as? [String: Any])
        #expect(item["password"] as? String == "new-pw")
        #expect((item["passwordHistory"] as? [[String: Any]])?.map { $0["password"] as? String } == ["pa,ss"])
    }

    @Test func unknownAndDamagedFilesAreRefusedWithOneSentence() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let kdbx = cli.home + "/db.kdbx"
        try Data([0x03, 0xD9, 0xA2, 0x9A, 0x67, 0xFB, 0x4B, 0xB5, 0x01, 0x00, 0x04, 0x00]).write(to: URL(fileURLWithPath: kdbx))
        let damaged = try cli.run(["import", kdbx, "--password-stdin"], input: "master-pw\nfile-pw\n")
        #expect(damaged.status == 1)
        #expect(damaged.stderr.hasPrefix("Error: The KeePass file is damaged"), "\(damaged.stderr)")
        let named = try cli.run(["import", try write(cli, "x.csv", Self.chrome), "--format", "kdbx", "--password-stdin"],
                                input: "master-pw\nfile-pw\n")
        #expect(named.stderr == "Error: This is not a KeePass (KDBX) file.\n")
        let unknown = try cli.run(["import", try write(cli, "u.txt", "hello\n")])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("does not recognise the format"))
        #expect(try cli.run(["import", cli.home + "/missing.csv"]).stderr.contains("it does not exist"))
        #expect(try cli.run(["import", kdbx, "--format", "lotus"]).status == 64)
    }

    /// `sesame export --format kdbx` writes a file the real KeePassXC opens, and `sesame import` reads it back whole.
    @Test func aKeePassExportOpensInKeePassXCAndImportsBackWhole() throws {
        let cli = CLIHarness()
        try cli.initVault()
        #expect(try cli.run(["import", try write(cli, "a.csv", Self.chrome), "--password-stdin"], input: "master-pw\n").status == 0)
        #expect(try cli.run(["edit", "GitHub", "--password", "--password-stdin"], input: "master-pw\nsecond\n").status == 0)
        let file = cli.home + "/out.kdbx"
        let export = try cli.run(["export", "--allow-weak-password", "--format", "kdbx", file, "--password-stdin"], input: "master-pw\nkp-pw\n")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout == "Exported 2 logins to \(file) (a KeePass file).\n")
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)

        if FileManager.default.isExecutableFile(atPath: "/usr/bin/keepassxc-cli") {
            let shown = try cli.run(["show", "-q", "-s", file, "GitHub"], input: "kp-pw\n", executable: "/usr/bin/keepassxc-cli")
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("Password: second"))
            #expect(shown.stdout.contains("URL: https://github.com/"))
        }

        let other = cli.home + "/other.sqlite"
        #expect(try cli.run(["init", "--allow-weak-password", "--vault", other, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                            input: "master-pw\n").status == 0)
        let wrong = try cli.run(["import", file, "--vault", other, "--password-stdin"], input: "master-pw\nguess\n")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("Error: Wrong password or key file for this KeePass file"))
        let restore = try cli.run(["import", file, "--vault", other, "--password-stdin"], input: "master-pw\nkp-pw\n")
        #expect(restore.stdout.hasPrefix("Imported from a KeePass (KDBX) file: 2 created"), "\(restore.stdout)\(restore.stderr)")
        let restored = try cli.json(cli.run(["show", "GitHub", "--reveal", "--json", "--vault", other, "--password-stdin"],
                                            input: "master-pw\n"))
        #expect((restored as? [String: Any])?["password"] as? String == "second")
        #expect(((restored as? [String: Any])?["passwordHistory"] as? [[String: Any]])?.map { $0["password"] as? String } == ["pa,ss"])
    }

    /// Runs keepassxc-cli on a file whose password is `kp-pw`; `more` are the further lines it reads.
    static func keepassxc(_ cli: CLIHarness, _ arguments: [String], _ more: [String] = []) throws -> CLIResult {
        let result = try cli.run(arguments, input: (["kp-pw"] + more).map { $0 + "\n" }.joined(),
                                 executable: "/usr/bin/keepassxc-cli")
        #expect(result.status == 0, "\(arguments[0]): \(result.stderr)")
        return result
    }

    /// What a KeePassXC user keeps at database level (root group, empty groups, the recycle bin and what is in it,
    /// deletion records) goes into the vault through an unlocked agent and comes back out in `export --format kdbx`.
    @Test func aKeePassDatabaseKeepsItsGroupsRecycleBinAndDeletionsThroughTheAgent() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/keepassxc-cli") else { return }
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        let source = cli.home + "/source.kdbx"
        func keepassxc(_ arguments: [String], _ more: [String] = []) throws -> CLIResult {
            try Self.keepassxc(cli, arguments, more)
        }
        _ = try keepassxc(["db-create", "-q", "-p", "-t", "100", source], ["kp-pw"])
        for group in ["Internet", "Internet/Empty"] { _ = try keepassxc(["mkdir", "-q", source, group]) }
        for title in ["Internet/Kept", "Temp", "Trashed"] { _ = try keepassxc(["add", "-q", "-u", "u", "-p", source, title], ["pw"]) }
        for path in ["Temp", "Recycle Bin/Temp", "Trashed"] { _ = try keepassxc(["rm", "-q", source, path]) }
        let original = try keepassxc(["export", "-q", "-f", "xml", source]).stdout
        let deletedRecord = try #require(original.firstRange(of: "<DeletedObject>").map { original[$0.lowerBound...].prefix(80) })

        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let imported = try cli.run(["import", source, "--password-stdin"], input: "kp-pw\n")
        #expect(imported.stdout.hasPrefix("Imported from a KeePass (KDBX) file: 1 created"), "\(imported.stdout)\(imported.stderr)")
        // Rows name the entry by its place in the file, as KeePassXC shows it.
        let dryRun = try cli.run(["import", source, "--dry-run", "--json", "--password-stdin"], input: "kp-pw\n")
        #expect(dryRun.stdout.replacingOccurrences(of: "\\/", with: "/").contains("\"entry 1 (Internet/Kept)\""),
                "\(dryRun.stdout)\(dryRun.stderr)")
        let file = cli.home + "/out.kdbx"
        let export = try cli.run(["export", "--allow-weak-password", "--format", "kdbx", file, "--password-stdin"], input: "master-pw\nkp-pw\n")
        #expect(export.status == 0, "\(export.stderr)")
        let listing = try keepassxc(["ls", "-q", "-R", "-f", file]).stdout
        #expect(listing.contains("Internet/Empty/") && listing.contains("Internet/Kept") && listing.contains("Recycle Bin/Trashed"),
                "\(listing)")
        let written = try keepassxc(["export", "-q", "-f", "xml", file]).stdout
        #expect(written.contains(String(deletedRecord)))
        // The top group keeps its UUID and name (not Sesame's own "Sesame").
        let top = try #require(original.firstRange(of: "<Root>").flatMap { start in
            original[start.lowerBound...].firstRange(of: "</Name>").map { original[start.lowerBound..<$0.upperBound] }
        })
        #expect(written.contains(String(top)) && !written.contains("<Name>Sesame</Name>"))

        // A Sesame backup carries the database record to another vault, whose KeePass export has it too.
        let backup = cli.home + "/all.sesame"
        #expect(try cli.run(["export", "--allow-weak-password", "--format", "sesame", backup, "--password-stdin"], input: "master-pw\nbk-pw\n").status == 0)
        let other = cli.home + "/other.sqlite"
        #expect(try cli.run(["init", "--allow-weak-password", "--vault", other, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                            input: "master-pw\n").status == 0)
        #expect(try cli.run(["import", backup, "--vault", other, "--password-stdin"], input: "master-pw\nbk-pw\n").status == 0)
        let again = cli.home + "/again.kdbx"
        #expect(try cli.run(["export", "--allow-weak-password", "--format", "kdbx", again, "--vault", other, "--password-stdin"],
                            input: "master-pw\nkp-pw\n").status == 0)
        #expect(try keepassxc(["ls", "-q", "-R", "-f", again]).stdout == listing)
    }

    /// The round trip the issue describes: import a KeePass file, `rm -f` an entry, export: the export carries a
    /// deletion record with the entry's UUID and the time of the `rm`, as KeePassXC reads it. Directly and through
    /// an unlocked agent (the `export` reply's `deletions`).
    @Test(arguments: [false, true]) func anEntryDeletedInSesameIsADeletionRecordInTheExport(throughAgent: Bool) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/keepassxc-cli") else { return }
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        let source = cli.home + "/source.kdbx"
        func keepassxc(_ arguments: [String], _ more: [String] = []) throws -> CLIResult {
            try Self.keepassxc(cli, arguments, more)
        }
        _ = try keepassxc(["db-create", "-q", "-p", "-t", "100", source], ["kp-pw"])
        for title in ["Gone", "Kept"] { _ = try keepassxc(["add", "-q", "-u", "u", "-p", source, title], ["pw"]) }
        let master = throughAgent ? "" : "master-pw\n"
        if throughAgent { #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0) }
        #expect(try cli.run(["import", source, "--password-stdin"], input: master + "kp-pw\n").status == 0)
        // A KeePass entry keeps its UUID as the item id.
        let shown = try cli.json(cli.run(["show", "Gone", "--json", "--password-stdin"], input: master)) as? [String: Any]
        let id = try #require(UUID(uuidString: shown?["id"] as? String ?? ""))
        let base64 = withUnsafeBytes(of: id.uuid) { Data($0) }.base64EncodedString()
        let before = Date().timeIntervalSince1970.rounded(.down)
        let removed = try cli.run(["rm", "--permanent", "-f", "Gone", "--password-stdin"], input: master)
        #expect(removed.status == 0, "\(removed.stderr)")
        let after = Date().timeIntervalSince1970
        let file = cli.home + "/out.kdbx"
        let export = try cli.run(["export", "--allow-weak-password", "--format", "kdbx", file, "--password-stdin"], input: "master-pw\nkp-pw\n")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try keepassxc(["ls", "-q", file]).stdout == "Kept\n")
        let xml = try keepassxc(["export", "-q", "-f", "xml", file]).stdout
        let record = try #require(xml.firstMatch(of: /<DeletedObject>\s*<UUID>([^<]*)<\/UUID>\s*<DeletionTime>([^<]*)<\/DeletionTime>/))
        #expect(record.output.1 == base64)
        // KDBX 4 times: base64 of little-endian seconds since 0001-01-01.
        let raw = try #require(Data(base64Encoded: String(record.output.2)))
        let seconds = raw.reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) } - 62_135_596_800
        #expect(Double(seconds) >= before && Double(seconds) <= after, "\(seconds) not in \(before)...\(after)")
    }

    @Test func anEncryptedBackupRestoresIntoAnotherVaultAndCSVNeedsUnencrypted() throws {
        let cli = CLIHarness()
        try cli.initVault()
        #expect(try cli.run(["import", try write(cli, "a.csv", Self.chrome), "--password-stdin"], input: "master-pw\n").status == 0)
        #expect(try cli.run(["edit", "GitHub", "--password", "--password-stdin"], input: "master-pw\nsecond\n").status == 0)

        let backup = cli.home + "/vault.sesame"
        let wrongMaster = try cli.run(["export", "--allow-weak-password", "--format", "sesame", backup, "--password-stdin"], input: "nope\nbk\n")
        #expect(wrongMaster.status == 2)
        #expect(!FileManager.default.fileExists(atPath: backup))
        let export = try cli.run(["export", "--allow-weak-password", "--format", "sesame", backup, "--password-stdin"], input: "master-pw\nbackup-pw\n")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout == "Exported 2 logins to \(backup) (an encrypted Sesame backup).\n")
        var info = stat()
        #expect(stat(backup, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let again = try cli.run(["export", "--allow-weak-password", "--format", "sesame", backup, "--password-stdin"], input: "master-pw\nbackup-pw\n")
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists; an export never replaces a file"))

        let other = cli.home + "/other.sqlite"
        #expect(try cli.run(["init", "--allow-weak-password", "--vault", other, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                            input: "master-pw\n").status == 0)
        let wrongBackup = try cli.run(["import", backup, "--vault", other, "--password-stdin"], input: "master-pw\nguess\n")
        #expect(wrongBackup.stderr == "Error: The backup password is wrong, or the backup file is damaged.\n")
        let restore = try cli.run(["import", backup, "--vault", other, "--password-stdin"], input: "master-pw\nbackup-pw\n")
        #expect(restore.stdout.hasPrefix("Imported from a Sesame backup file: 2 created"), "\(restore.stderr)")
        let restored = try cli.json(cli.run(["show", "GitHub", "--reveal", "--json", "--vault", other, "--password-stdin"],
                                            input: "master-pw\n"))
        #expect((restored as? [String: Any])?["password"] as? String == "second")
        #expect(((restored as? [String: Any])?["passwordHistory"] as? [[String: Any]])?.map { $0["password"] as? String } == ["pa,ss"])

        let csv = cli.home + "/plain.csv"
        let refused = try cli.run(["export", "--allow-weak-password", "--format", "csv", csv, "--password-stdin"], input: "master-pw\n")
        #expect(refused.status == 64)
        #expect(!FileManager.default.fileExists(atPath: csv))
        let plain = try cli.run(["export", "--allow-weak-password", "--format", "csv", csv, "--unencrypted", "--password-stdin"], input: "master-pw\n")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(stat(csv, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(text.hasPrefix("Title,URL,Username,Password,Notes,OTPAuth\r\n"))
        let third = cli.home + "/third.sqlite"
        #expect(try cli.run(["init", "--allow-weak-password", "--vault", third, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                            input: "master-pw\n").status == 0)
        let fromCSV = try cli.run(["import", csv, "--vault", third, "--password-stdin"], input: "master-pw\n")
        #expect(fromCSV.stdout.hasPrefix("Imported from a Safari/Apple Passwords CSV file: 2 created"), "\(fromCSV.stderr)")
        #expect(try listedTitles(cli, vault: third) == ["Bank", "GitHub"])
    }

    @Test func exportThroughAnUnlockedAgentStillNeedsTheMasterPassword() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["import", try write(cli, "a.csv", Self.chrome), "--password-stdin"], input: "master-pw\n").status == 0)
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let csv = cli.home + "/plain.csv"
        let wrong = try cli.run(["export", "--allow-weak-password", "--format", "csv", csv, "--unencrypted", "--password-stdin"], input: "guess\n")
        #expect(wrong.status == 2)
        #expect(wrong.stderr == "Error: Wrong master password.\n")
        #expect(!FileManager.default.fileExists(atPath: csv))
        let right = try cli.run(["export", "--allow-weak-password", "--format", "csv", csv, "--unencrypted", "--password-stdin", "--json"],
                                input: "master-pw\n")
        #expect(right.status == 0, "\(right.stderr)")
        #expect((try cli.json(right) as? [String: Any])?["items"] as? Int == 2)
    }

    /// Issue 22, finding 11, end to end: formula-like values are written after a `'`, the export says how many,
    /// and importing the file into another vault gives every value back unchanged.
    @Test func aCSVExportWritesFormulasAsTextAndSaysSo() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let file = try write(cli, "f.csv", "name,url,username,password\n=1+1,https://a.example/,@alice,-pw\nPlain,https://b.example/,bob,pw\n")
        #expect(try cli.run(["import", file, "--password-stdin"], input: "master-pw\n").status == 0)
        let csv = cli.home + "/plain.csv"
        let export = try cli.run(["export", "--format", "csv", csv, "--unencrypted", "--password-stdin", "--json"],
                                 input: "master-pw\n")
        #expect(export.status == 0, "\(export.stderr)")
        #expect((try cli.json(export) as? [String: Any])?["escapedCells"] as? Int == 3)
        #expect(export.stderr.hasPrefix("Note: 3 values start with =, +, -, @, a tab or a carriage return"))
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        #expect(text.contains("'=1+1,https://a.example/,'@alice,'-pw,,\r\n"))
        let other = cli.home + "/other.sqlite"
        #expect(try cli.run(["init", "--allow-weak-password", "--vault", other, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                            input: "master-pw\n").status == 0)
        #expect(try cli.run(["import", csv, "--vault", other, "--password-stdin"], input: "master-pw\n").status == 0)
        let shown = try cli.run(["show", "=1+1", "--reveal", "--json", "--vault", other, "--password-stdin"], input: "master-pw\n")
        let item = try #require(try cli.json(shown) as? [String: Any])
        #expect(item["username"] as? String == "@alice")
        #expect(item["password"] as? String == "-pw")
    }

    /// A file larger than any reader accepts is refused from its size, before it is read (a sparse 600 MiB file).
    @Test func aFileOverTheLargestImportIsRefusedBeforeReading() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let path = cli.home + "/huge.csv"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("name,url,username,password\n".utf8)))
        #expect(truncate(path, 600 << 20) == 0)
        let result = try cli.run(["import", path, "--password-stdin"], input: "master-pw\n")
        #expect(result.status == 1)
        #expect(result.stderr == "Error: Cannot import \(path): it is 600 MiB, over the 512 MiB Sesame reads.\n")
    }

    /// A progress bar on a terminal (a pseudo-terminal from util-linux's `script`), never with --json or off one.
    @Test func aProgressBarShowsOnATerminalOnly() throws {
        let cli = CLIHarness()
        try cli.initVault()
        var text = "name,url,username,password\n"
        for index in 0..<250 { text += "S\(index),https://s\(index).example/,u\(index),p\(index)\n" }
        let file = try write(cli, "rows.csv", text)
        let sesame = CLIHarness.executable("sesame")
        func onTerminal(_ extra: String) throws -> CLIResult {
            try cli.run(["-qefc", "\(sesame) import \(file) --password-stdin \(extra)", "/dev/null"],
                        input: "master-pw\n", executable: "/usr/bin/script")
        }
        let drawn = try onTerminal("")
        #expect(drawn.stdout.contains("\u{1B}[2KImporting 250/250\r"), "\(drawn.stdout)")
        #expect(drawn.stdout.contains("250 created"))
        let other = cli.home + "/other.sqlite"
        #expect(try cli.run(["init", "--allow-weak-password", "--vault", other, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                            input: "master-pw\n").status == 0)
        let json = try onTerminal("--json --vault \(other)")
        #expect(json.stdout.contains("\"created\" : 250"), "\(json.stdout)")
        #expect(!json.stdout.contains("Importing"))
        let third = cli.home + "/third.sqlite"
        #expect(try cli.run(["init", "--allow-weak-password", "--vault", third, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                            input: "master-pw\n").status == 0)
        let piped = try cli.run(["import", file, "--password-stdin", "--vault", third], input: "master-pw\n")
        #expect(piped.stderr.isEmpty)
        #expect(piped.stdout.hasPrefix("Imported from a Chrome/Edge CSV file: 250 created"))
    }

    /// kill -9 at a series of moments during a 1,500-row import: each time the vault holds all rows or none, and
    /// opens undamaged.
    @Test func anImportKilledAtAnyMomentLeavesAllOrNothing() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let rows = 1500
        var text = "name,url,username,password,note\n"
        for index in 0..<rows { text += "Site \(index),https://s\(index).example.com/,user\(index),pw-\(index),note \(index)\n" }
        let file = try write(cli, "big.csv", text)
        var killedBeforeTheEnd = 0
        var delay = 0.05
        while true {
            let process = cli.makeProcess(["import", file, "--password-stdin"])
            let stdin = Pipe()
            process.standardInput = stdin
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try stdin.fileHandleForWriting.write(contentsOf: Data("master-pw\n".utf8))
            try stdin.fileHandleForWriting.close()
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let list = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
            #expect(list.status == 0, "\(list.stderr)")
            #expect(!list.stderr.contains("damaged"))
            let count = ((try cli.json(list) as? [Any]) ?? []).count
            #expect(count == 0 || count == rows, "after a kill at \(delay) s the vault holds \(count) items")
            if count == rows || process.terminationReason == .exit { break }
            killedBeforeTheEnd += 1
            delay *= 2
            if delay > 30 { Issue.record("the import never finished"); break }
        }
        #expect(killedBeforeTheEnd > 0)
    }
}
