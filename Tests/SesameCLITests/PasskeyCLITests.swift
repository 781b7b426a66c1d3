import Foundation
import SesameCrypto
import Testing

/// `sesame passkey list`, `passkey rm` and `show` with passkeys, in-process and through an unlocked agent, with
/// passkeys brought in by a Bitwarden JSON import.
@Suite struct PasskeyCLITests {
    /// A Bitwarden export with two logins holding passkeys, and one credential that cannot be imported.
    static func bitwardenExport() throws -> (json: String, keys: [String]) {
        let keys = try (0..<2).map { _ in try P256SigningKey.generate().pkcs8().withUnsafeBytes { Base64URL.encode($0) } }
        func credential(_ id: String, _ key: String, _ rp: String) -> String {
            #"{"credentialId":"\#(id)","keyType":"public-key","keyAlgorithm":"ECDSA","keyCurve":"P-256","keyValue":"\#(key)","rpId":"\#(rp)","userHandle":"dXNlcg","userName":"alice","userDisplayName":"Alice","counter":"0","creationDate":"2024-05-01T10:20:30Z"}"#
        }
        let json = #"""
            {"encrypted":false,"folders":[],"items":[
             {"type":1,"name":"Example","login":{"username":"alice","password":"pw1","uris":[{"uri":"https://example.com"}],
              "fido2Credentials":[\#(credential("3f2504e0-4f89-11d3-9a0c-0305e82c3301", keys[0], "example.com"))]}},
             {"type":1,"name":"Other","login":{"username":"alice","password":"pw2","uris":[{"uri":"https://other.example"}],
              "fido2Credentials":[\#(credential("b64.AAECAwQFBgcICQoLDA0ODw", keys[1], "other.example")),
                                  \#(credential("b64.AQID", "AAAA", "other.example"))]}}]}
            """#
        return (json, keys)
    }

    func importPasskeys(_ cli: CLIHarness) throws -> [String] {
        let (json, keys) = try Self.bitwardenExport()
        let file = cli.home + "/bitwarden.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try cli.run(["import", file, "--password-stdin"], input: "master-pw\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            Imported from a Bitwarden JSON file: 2 created, 0 updated, 0 skipped, 1 rejected.
            Rejected item 2, passkey 2 (other.example): its private key cannot be used: it is not a PKCS#8 private key.

            """)
        return keys
    }

    func listed(_ cli: CLIHarness) throws -> [[String: Any]] {
        let list = try cli.run(["passkey", "list", "--json", "--password-stdin"], input: "master-pw\n")
        #expect(list.status == 0, "\(list.stderr)")
        return (try cli.json(list) as? [[String: Any]]) ?? []
    }

    @Test func listShowAndRemoveWithoutAnAgent() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let keys = try importPasskeys(cli)
        let rows = try listed(cli)
        #expect(rows.map { ($0["passkey"] as? [String: Any])?["relyingParty"] as? String } == ["example.com", "other.example"])
        #expect(rows.map { $0["title"] as? String } == ["Example", "Other"])
        let first = try #require(rows.first?["passkey"] as? [String: Any])
        #expect(first["credentialID"] as? String == "PyUE4E-JEdOaDAMF6CwzAQ")
        #expect(first["userHandle"] as? String == "dXNlcg" && first["backupEligible"] as? Bool == true)
        #expect(first["privateKey"] == nil)
        let table = try cli.run(["passkey", "list", "--password-stdin"], input: "master-pw\n")
        #expect(table.stdout.contains("example.com") && table.stdout.contains("PyUE4E-JEdOa"))

        // show names the passkey; only --reveal prints its key.
        let shown = try cli.run(["show", "Example", "--password-stdin"], input: "master-pw\n")
        #expect(shown.stdout.contains("Passkeys: example.com, alice, created 2024-05-01T10:20:30Z, id PyUE4E-JEdOaDAMF6CwzAQ"))
        #expect(!shown.stdout.contains("PRIVATE KEY"))
        let json = try #require(try cli.json(cli.run(["show", "Example", "--json", "--password-stdin"], input: "master-pw\n")) as? [String: Any])
        #expect((json["passkeys"] as? [[String: Any]])?.first?["privateKey"] == nil)
        let revealed = try cli.run(["show", "Example", "--reveal", "--password-stdin"], input: "master-pw\n")
        let pemBody = Data(base64Encoded: base64(fromBase64URL: keys[0]))!.base64EncodedString()
        #expect(revealed.stdout.contains("-----BEGIN PRIVATE KEY-----\n" + pemBody.prefix(64)))
        let revealedJSON = try #require(try cli.json(cli.run(["show", "Example", "--reveal", "--json", "--password-stdin"],
                                                              input: "master-pw\n")) as? [String: Any])
        let pem = try #require((revealedJSON["passkeys"] as? [[String: Any]])?.first?["privateKey"] as? String)
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n") && pem.filter { !$0.isNewline }.contains(pemBody))

        // rm: the only passkey needs no id; a wrong prefix is named; the removal shows in list.
        let wrong = try cli.run(["passkey", "rm", "Other", "zzzz", "--password-stdin"], input: "master-pw\n")
        #expect(wrong.status == 1 && wrong.stderr.contains("holds no passkey with the credential id 'zzzz'"))
        let removed = try cli.run(["passkey", "rm", "Example", "--password-stdin"], input: "master-pw\n")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "Removed the passkey for example.com (alice) from 'Example'.\n")
        #expect(try listed(cli).map { $0["title"] as? String } == ["Other"])
        let none = try cli.run(["passkey", "rm", "Example", "--password-stdin"], input: "master-pw\n")
        #expect(none.status == 1 && none.stderr == "Error: 'Example' holds no passkey.\n")
    }

    /// Through an unlocked agent, import, show and rm keep working with the agent's existing operations, while
    /// The agent serves the passkeys, their list included: nothing asks for the master password.
    @Test func throughAnUnlockedAgent() throws {
        let cli = CLIHarness()
        defer { cli.stopAgent() }
        try cli.initVault()
        #expect(try cli.run(["unlock", "--password-stdin"], input: "master-pw\n").status == 0)
        let (json, _) = try Self.bitwardenExport()
        let file = cli.home + "/bitwarden.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        // No master password is read: the agent holds the vault.
        let imported = try cli.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let shown = try cli.run(["show", "Other", "--json"])
        let passkeys = try #require((try cli.json(shown) as? [String: Any])?["passkeys"] as? [[String: Any]])
        #expect(passkeys.map { $0["credentialID"] as? String } == ["AAECAwQFBgcICQoLDA0ODw"])
        #expect(try cli.run(["passkey", "rm", "Other", "AAEC"]).status == 0)
        #expect(try cli.run(["show", "Other", "--json"]).stdout.contains("passkeys") == false)
        let served = try cli.run(["passkey", "list", "--json"])
        #expect(served.status == 0, "\(served.stderr)")
        let rows = try #require(try cli.json(served) as? [[String: Any]])
        #expect(rows.map { ($0["passkey"] as? [String: Any])?["relyingParty"] as? String } == ["example.com"])
        #expect(!served.stdout.contains("privateKey") && !served.stdout.contains("PRIVATE"))
        #expect(try listed(cli).map { $0["title"] as? String } == ["Example"])
    }

    private func base64(fromBase64URL text: String) -> String {
        var value = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while value.count % 4 != 0 { value += "=" }
        return value
    }
}
