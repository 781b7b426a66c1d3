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

    @Test func showJSONShowsEveryFieldItDoesNotLeaveOut() throws {
        let cli = CLIHarness()
        try cli.initVault()
        let file = cli.home + "/bitwarden.json"
        try Self.export().write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try cli.run(["import", file, "--password-stdin"], input: "master-pw\n")
        #expect(imported.status == 0, "\(imported.stderr)")
        for revealed in [false, true] {
            let shown = try cli.run(["show", "Full", "--json", "--password-stdin"] + (revealed ? ["--reveal"] : []), input: "master-pw\n")
            let json = try #require(try cli.json(shown) as? [String: Any])
            // No import sets an expiry, and `expires` is left out when there is none.
            let expected = Set(ItemField.allCases.flatMap { Self.keys($0, revealed: revealed) }).subtracting(["expires"])
            #expect(Set(json.keys) == expected, "revealed: \(revealed)")
            if !revealed {
                for secret in ["s3cret", "pin-1234", "old-pw", "JBSWY3DPEHPK3PXP", "PRIVATE KEY"] {
                    #expect(!shown.stdout.contains(secret), "show --json shows a secret: \(secret)")
                }
            }
        }
    }
}
