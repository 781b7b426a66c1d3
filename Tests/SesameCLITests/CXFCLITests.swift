import Foundation
import Glibc
import Testing

/// `sesame export --format cxf` and `sesame import` of CXF files, as whole processes in a private home.
@Suite struct CXFCLITests {
    /// Safari's columns, so the vault starts with codes: a SHA-256, 8-digit, 60-second one and a plain one, an IDN
    /// address with a port, unicode notes.
    static let safari = """
        Title,URL,Username,Password,Notes,OTPAuth\r
        GitHub,https://github.com/,alice,"pa,ss","Notes ✓ 日本語\r
        second line",otpauth://totp/GitHub:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA&algorithm=SHA256&digits=8&period=60\r
        Bücher,https://bücher.example:8443/login,bob,"b""1",,otpauth://totp/B:bob?secret=JBSWY3DPEHPK3PXP\r
        Bank,bank.example,carol,c1,,\r

        """

    static let cxfWithOthers = """
        {"id": "QQ", "username": "", "email": "e@example.com", "collections": [], "items": [
         {"id": "MQ", "title": "Forge", "scope": {"urls": ["https://forge.example"], "androidApps": []}, "credentials": [
          {"type": "basic-auth", "username": {"fieldType": "string", "value": "dee"}, "password": {"fieldType": "concealed-string", "value": "d-pw"}},
          {"type": "passkey", "credentialId": "AQID", "rpId": "forge.example", "username": "dee", "userDisplayName": "Dee", "userHandle": "_wCA_gE",
           "key": "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgARu_0sCt20EpgVxb4Puq3Ga5VVLpuTY75ngvZlyq3X6hRANCAASmdk1xLsK0oOlhxIPp0d1ZuS0sT9nf6BZtSelhqvLBW0fOL33l_bXgsr_STUHjCLn8l6gcRJwe7OQvbQubZ1dY"}]},
         {"id": "Mg", "title": "Card", "credentials": [{"type": "credit-card"}, {"type": "wifi"}, {"type": "hologram"}]}]}
        """

    private func write(_ cli: CLIHarness, _ name: String, _ text: String) throws -> String {
        let path = cli.home + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func newVault(_ cli: CLIHarness, _ name: String) throws -> String {
        let vault = cli.home + "/" + name
        #expect(try cli.run(["init", "--allow-weak-password", "--vault", vault, "--kdf-memory", "19", "--kdf-passes", "2", "--password-stdin"],
                            input: "master-pw\n").status == 0)
        return vault
    }

    private func show(_ cli: CLIHarness, _ title: String, vault: String) throws -> [String: Any] {
        let result = try cli.run(["show", title, "--reveal", "--json", "--vault", vault, "--password-stdin"], input: "master-pw\n")
        return try #require(try cli.json(result) as? [String: Any], "\(result.stderr)")
    }

    /// The credentials of each item of a CXF file, by title: what must survive a round trip (ids and times are new).
    private func credentials(ofFile path: String) throws -> [String: String] {
        let header = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let items = try #require(((header["accounts"] as? [[String: Any]])?.first)?["items"] as? [[String: Any]])
        var byTitle: [String: String] = [:]
        for item in items {
            let kept: [String: Any] = [
                "credentials": item["credentials"] ?? [Any](), "scope": item["scope"] ?? [String: Any](),
                "tags": item["tags"] ?? [String](),
            ]
            byTitle[item["title"] as? String ?? ""] = String(decoding: try JSONSerialization.data(withJSONObject: kept, options: .sortedKeys), as: UTF8.self)
        }
        return byTitle
    }

    /// The current code of `title` in both vaults, read until both fall in the same period.
    private func sameCode(_ cli: CLIHarness, _ title: String, _ first: String, _ second: String) throws -> Bool {
        for _ in 0..<3 {
            let a = try cli.json(cli.run(["totp", title, "--json", "--vault", first, "--password-stdin"], input: "master-pw\n")) as? [String: Any]
            let b = try cli.json(cli.run(["totp", title, "--json", "--vault", second, "--password-stdin"], input: "master-pw\n")) as? [String: Any]
            guard let codeA = a?["code"] as? String, let codeB = b?["code"] as? String,
                  let left = a?["remaining"] as? Int else { return false }
            if codeA == codeB { return true }
            if left > 3 { return false }
            Thread.sleep(forTimeInterval: Double(left))
        }
        return false
    }

    @Test func anExportNeedsUnencryptedIsPrivateAndSaysWhatItWrote() throws {
        let cli = CLIHarness()
        try cli.initVault()
        #expect(try cli.run(["import", try write(cli, "s.csv", Self.safari), "--password-stdin"], input: "master-pw\n").status == 0)
        // A changed password puts the old one in the item's history, which CXF has no place for.
        let changed = try write(cli, "changed.csv", "Title,URL,Username,Password\nBank,bank.example,carol,c2\n")
        #expect(try cli.run(["import", changed, "--password-stdin"], input: "master-pw\n").status == 0)
        let file = cli.home + "/out.cxf.json"
        let refused = try cli.run(["export", "--format", "cxf", file, "--password-stdin"], input: "master-pw\n")
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("Error: A CXF export holds every password in plain text; add --unencrypted to write it anyway"))
        #expect(!FileManager.default.fileExists(atPath: file))

        let written = try cli.run(["export", "--format", "cxf", file, "--unencrypted", "--password-stdin"], input: "master-pw\n")
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout == """
            Exported 3 items to \(file) (Credential Exchange JSON, plain text): 3 logins, 2 one-time codes, 1 note.
            Left out (CXF has no place for them): password-history entries (1).

            """)
        var info = stat()
        #expect(stat(file, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasPrefix(#"{"version":{"major":1,"minor":0},"exporterRpId":"sesame.invalid","exporterDisplayName":"Sesame""#))

        let again = try cli.run(["export", "--format", "cxf", file, "--unencrypted", "--password-stdin"], input: "master-pw\n")
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exists; an export never replaces a file"))
        let json = try cli.run(["export", "--format", "cxf", cli.home + "/second.json", "--unencrypted", "--json", "--password-stdin"],
                               input: "master-pw\n")
        let report = try #require(try cli.json(json) as? [String: Any])
        #expect(report["format"] as? String == "cxf")
        #expect(report["items"] as? Int == 3)
        #expect((report["cxf"] as? [String: Any])?["codes"] as? Int == 2)
        #expect(!json.stdout.contains("pa,ss"))
    }

    @Test func aRoundTripIntoAFreshVaultKeepsEveryLoginAndCodeAndASecondImportChangesNothing() throws {
        let cli = CLIHarness()
        try cli.initVault()
        #expect(try cli.run(["import", try write(cli, "s.csv", Self.safari), "--password-stdin"], input: "master-pw\n").status == 0)
        let file = cli.home + "/all.json"
        #expect(try cli.run(["export", "--format", "cxf", file, "--unencrypted", "--password-stdin"], input: "master-pw\n").status == 0)

        let fresh = try newVault(cli, "fresh.sqlite")
        let imported = try cli.run(["import", file, "--vault", fresh, "--password-stdin"], input: "master-pw\n")
        #expect(imported.stdout == "Imported from a Credential Exchange (CXF) file: 3 created, 0 updated, 0 skipped, 0 rejected.\n",
                "\(imported.stderr)")
        for title in ["GitHub", "Bücher", "Bank"] {
            let before = try show(cli, title, vault: cli.vault)
            let after = try show(cli, title, vault: fresh)
            for key in ["username", "password", "notes"] {
                #expect(after[key] as? String == before[key] as? String, "\(title) \(key)")
            }
            #expect((after["urls"] as? [[String: Any]])?.map { $0["url"] as? String }
                == (before["urls"] as? [[String: Any]])?.map { $0["url"] as? String })
        }
        #expect(try sameCode(cli, "GitHub", cli.vault, fresh))
        #expect(try sameCode(cli, "Bücher", cli.vault, fresh))

        // What the fresh vault exports is what the first one did: nothing was lost or changed on the way.
        let second = cli.home + "/again.json"
        #expect(try cli.run(["export", "--format", "cxf", second, "--unencrypted", "--vault", fresh, "--password-stdin"],
                            input: "master-pw\n").status == 0)
        #expect(try credentials(ofFile: second) == credentials(ofFile: file))

        let repeated = try cli.run(["import", file, "--vault", fresh, "--json", "--password-stdin"], input: "master-pw\n")
        let report = try #require(try cli.json(repeated) as? [String: Any])
        #expect((report["created"] as? Int, report["updated"] as? Int, report["skipped"] as? Int) == (0, 0, 3))
    }

    @Test func aDryRunNamesWhatWouldNotBeImportedByItemAndKindAndWritesNothing() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let file = try write(cli, "others.json", Self.cxfWithOthers)
        let dry = try cli.run(["import", file, "--dry-run", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(dry.status == 0, "\(dry.stderr)")
        let report = try #require(try cli.json(dry) as? [String: Any])
        #expect(report["format"] as? String == "cxf")
        #expect(report["dryRun"] as? Bool == true)
        #expect(report["created"] as? Int == 1)
        let left = try #require(report["notImported"] as? [[String: Any]])
        #expect(left.map { "\($0["location"] ?? "") \($0["kind"] ?? "") \($0["count"] ?? "")" } == [
            "item 2 (Card) credit-card 1", "item 2 (Card) wifi 1", "item 2 (Card) hologram 1",
        ])
        #expect(!dry.stdout.contains("d-pw"))
        let list = try cli.run(["list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect((try cli.json(list) as? [Any])?.isEmpty == true)

        let text = try cli.run(["import", file, "--password-stdin"], input: "master-pw\n")
        #expect(text.stdout == """
            Imported from a Credential Exchange (CXF) file: 1 created, 0 updated, 0 skipped, 0 rejected.
            Not imported from item 2 (Card): 1 credit-card (Sesame does not hold this kind of credential).
            Not imported from item 2 (Card): 1 wifi (Sesame does not hold this kind of credential).
            Not imported from item 2 (Card): 1 hologram (it is a kind CXF 1.0 does not define).

            """)
    }
}
