import Foundation
import SesameCrypto
import SesameStore
import Testing

/// `sesame show --json` (the CLI's `ItemJSON`, documented in docs/cli.md) against the one description of an item's
/// fields (`ItemField`, issue 23). The switch has no default, so a field added to `ItemField` stops this file
/// compiling until the CLI's treatment of it is decided here, and the run below fails if `ItemJSON` does otherwise.
@Suite struct ItemJSONShapeTests {
    /// The keys of `show --json` that show `field`, revealed or not; none where the CLI leaves it out on purpose.
    static func keys(_ field: ItemField, revealed: Bool) -> [String] {
        switch field {
        // `urls` with each URL's match mode resolved, `fields` with protected values only when revealed, `passkeys`
        // with private keys only when revealed, `id` in lower case.
        case .id, .title, .username, .urls, .notes, .fields, .tags, .created, .modified, .expires, .passkeys:
            [field.stringValue]
        case .matchMode: ["match"]
        // Secrets only when revealed; unlike the agent's view, no `hasPassword` or history count.
        case .password, .passwordHistory: revealed ? [field.stringValue] : []
        case .oneTimeCode: revealed ? ["hasOneTimeCode", "oneTimeCode"] : ["hasOneTimeCode"]
        // Kept for round trips (KeePass, Secret Service, other versions), not part of the CLI's output.
        case .attachments, .attributes, .keePassExtras, .unknownFields: []
        }
    }

    /// A Bitwarden login with every field Bitwarden carries, secrets included (no expiry: no import sets one).
    static func export() throws -> String {
        let key = try P256SigningKey.generate().pkcs8().withUnsafeBytes { Base64URL.encode($0) }
        return #"""
            {"encrypted":false,"folders":[{"id":"f","name":"work"}],"items":[
             {"type":1,"name":"Full","notes":"n","folderId":"f",
              "fields":[{"name":"pin","value":"pin-1234","type":1},{"name":"team","value":"x","type":0}],
              "passwordHistory":[{"lastUsedDate":"2024-01-01T00:00:00Z","password":"old-pw"}],
              "login":{"username":"alice","password":"s3cret","uris":[{"uri":"https://example.com"}],
               "totp":"otpauth://totp/x?secret=JBSWY3DPEHPK3PXP",
               "fido2Credentials":[{"credentialId":"b64.AAECAwQFBgcICQoLDA0ODw","keyType":"public-key","keyAlgorithm":"ECDSA","keyCurve":"P-256","keyValue":"\#(key)","rpId":"example.com","userHandle":"dXNlcg","userName":"alice","userDisplayName":"Alice","counter":"0","creationDate":"2024-05-01T10:20:30Z"}]}}]}
            """#
    }

    static func expected(revealed: Bool) -> Set<String> {
        Set(ItemField.allCases.flatMap { keys($0, revealed: revealed) })
    }

    @Test func showJSONShowsEveryFieldItDoesNotLeaveOut() throws {
        let cli = CLIHarness()
        try cli.initVault()
        defer { cli.stopAgent() }
        let file = cli.home + "/bitwarden.json"
        try Self.export().write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try cli.run(["import", file, "--password-stdin"], input: "master-pw\n")
        #expect(imported.status == 0, "\(imported.stderr)")
        for revealed in [false, true] {
            let shown = try cli.run(["show", "Full", "--json", "--password-stdin"] + (revealed ? ["--reveal"] : []), input: "master-pw\n")
            let json = try #require(try cli.json(shown) as? [String: Any])
            // No import sets an expiry, and `expires` is left out when there is none (see below).
            #expect(Set(json.keys) == Self.expected(revealed: revealed).subtracting(["expires"]), "revealed: \(revealed)")
            if !revealed {
                for secret in ["s3cret", "pin-1234", "old-pw", "JBSWY3DPEHPK3PXP", "PRIVATE KEY"] {
                    #expect(!shown.stdout.contains(secret), "show --json shows a secret: \(secret)")
                }
            }
        }

        // An expiry comes from git (`password_expiry_utc`); through the agent, so the `sesame` front shows it.
        let unlocked = try cli.run(["unlock", "--password-stdin"], input: "master-pw\n")
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        let stored = try cli.run(
            ["store"], input: "protocol=https\nhost=git.example.com\nusername=u\npassword=p\npassword_expiry_utc=4102444800\n\n",
            executable: "git-credential-sesame")
        #expect(stored.status == 0, "\(stored.stderr)")
        let rows = try #require(try cli.json(cli.run(["list", "--json"])) as? [[String: Any]])
        let id = try #require(rows.first { $0["title"] as? String != "Full" }?["id"] as? String)
        let git = try #require(try cli.json(cli.run(["show", id, "--json"])) as? [String: Any])
        #expect(git["expires"] as? String == "2100-01-01T00:00:00Z")
        // No passkeys: `passkeys` is left out.
        #expect(Set(git.keys) == Self.expected(revealed: false).subtracting(["passkeys"]))
    }
}
