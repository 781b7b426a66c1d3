import Foundation
import SesameCrypto
import SesameInterchange
import SesameAutoFill
import SesameStore
import Testing

/// Bitwarden's JSON export: every `fido2Credentials` entry becomes a passkey of its login, whatever form its
/// credential id takes (a UUID, `b64.` base64url, bare base64url); one that cannot be imported is named in the
/// summary, and its login is imported all the same.
@Suite struct BitwardenPasskeyTests {
    /// Keys made by Python's `cryptography` package, as Bitwarden's own (WebCrypto) are made elsewhere than Sesame.
    static func foreignKeys(_ count: Int) throws -> [[UInt8]] {
        let script = "import base64,sys\nfrom cryptography.hazmat.primitives import serialization as s\nfrom cryptography.hazmat.primitives.asymmetric import ec\nfor _ in range(int(sys.argv[1])): print(ec.generate_private_key(ec.SECP256R1()).private_bytes(s.Encoding.DER, s.PrivateFormat.PKCS8, s.NoEncryption()).hex())"
        let output = Tool.run("/usr/bin/env", ["python3", "-c", script, String(count)])
        guard output.status == 0 else { throw RelyingParties.Missing(description: "python3 with cryptography is needed") }
        return String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").map { hex(String($0)) }
    }

    static func credential(id: String, key: [UInt8], rp: String = "example.org", counter: String = "0",
                           curve: String = "P-256") -> String {
        #"{"credentialId":"\#(id)","keyType":"public-key","keyAlgorithm":"ECDSA","keyCurve":"\#(curve)","keyValue":"\#(Base64URL.encode(key))","rpId":"\#(rp)","userHandle":"dXNlci0x","userName":"alice","counter":"\#(counter)","rpName":"Example","userDisplayName":"Alice","discoverable":"true","creationDate":"2024-05-01T10:20:30.123Z"}"#
    }

    static func export(_ logins: [(name: String, credentials: [String])]) -> [UInt8] {
        let items = logins.map { login in
            #"{"type":1,"name":"\#(login.name)","login":{"username":"alice","password":"pw-\#(login.name)","uris":[{"uri":"https://example.org"}],"fido2Credentials":[\#(login.credentials.joined(separator: ","))]}}"#
        }
        return Array(#"{"encrypted":false,"folders":[],"items":[\#(items.joined(separator: ","))]}"#.utf8)
    }

    @Test func everyFormOfCredentialIDImportsAndFailuresAreNamed() throws {
        let keys = try Self.foreignKeys(4)
        let uuid = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        let bytes = Self.export([
            ("uuid", [Self.credential(id: uuid, key: keys[0])]),
            ("b64", [Self.credential(id: "b64.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8", key: keys[1], counter: "5")]),
            // Neither a UUID nor prefixed: KeePassXC's importer made this id null.
            ("bare", [Self.credential(id: "yrzFJ5lwcpTwYMOdXSmxF5b5cYQlqBMzbbU_d-oFLO8", key: keys[2])]),
            ("bad", [Self.credential(id: "not base64 %%", key: keys[3]),
                     Self.credential(id: uuid.replacingOccurrences(of: "3f", with: "4f"), key: keys[3], curve: "P-384"),
                     Self.credential(id: "b64.AQID", key: Array(keys[3].dropLast(2)))]),
        ])
        let batch = try ImportReader.read(bytes, as: nil) { _ in SecureBytes(count: 0) }.batch
        #expect(batch.records.count == 4)
        let passkeys = batch.records.map(\.item.passkeys)
        #expect(passkeys[0].map(\.credentialID) == [[0x3f, 0x25, 0x04, 0xe0, 0x4f, 0x89, 0x11, 0xd3, 0x9a, 0x0c, 0x03, 0x05, 0xe8, 0x2c, 0x33, 0x01]])
        #expect(passkeys[1].map(\.credentialID) == [Array(0..<32)])
        #expect(passkeys[1].first?.signCount == 5)
        #expect(passkeys[2].first?.credentialIDText == "yrzFJ5lwcpTwYMOdXSmxF5b5cYQlqBMzbbU_d-oFLO8")
        #expect(passkeys[3].isEmpty && batch.records[3].item.password == "pw-bad")
        let first = try #require(passkeys[0].first)
        #expect(first.relyingPartyID == "example.org" && first.userHandle == Array("user-1".utf8))
        #expect(first.userName == "alice" && first.userDisplayName == "Alice" && first.isBackupEligible && first.isBackedUp)
        #expect(abs(first.created.timeIntervalSince1970 - 1_714_558_830.123) < 0.001)
        // The three failures, each named with its place and reason.
        #expect(batch.rejected.map(\.location) == ["item 4, passkey 1 (example.org)", "item 4, passkey 2 (example.org)",
                                                   "item 4, passkey 3 (example.org)"])
        #expect(batch.rejected[0].reason.contains("neither a UUID nor base64url"))
        #expect(batch.rejected[1].reason.contains("P-384"))
        #expect(batch.rejected[2].reason.contains("private key cannot be used"))
    }

    /// The imported passkeys sign in: the relying party knows the public key from Bitwarden's registration (derived
    /// here by Python from Bitwarden's key), and checks Sesame's signature and counter.
    @Test(.enabled(if: RelyingParties.missingLibrary == nil, "needs py_webauthn and python-fido2 from PyPI"))
    func importedPasskeysSignIn() throws {
        let keys = try Self.foreignKeys(2)
        let bytes = Self.export([
            ("uuid", [Self.credential(id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", key: keys[0])]),
            ("counting", [Self.credential(id: "b64.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8", key: keys[1], counter: "17")]),
        ])
        let batch = try ImportReader.read(bytes, as: nil) { _ in SecureBytes(count: 0) }.batch
        var cases: [RelyingPartyCase] = []
        for (record, key) in zip(batch.records, keys) {
            let passkey = try #require(record.item.passkeys.first)
            var testCase = RelyingPartyCase(name: record.item.title, credentialID: passkey.credentialID)
            testCase.registeredPrivateKey = Base64URL.encode(key)
            testCase.signCount = passkey.signCount
            let first = try testCase.signIn(with: passkey)
            _ = try testCase.signIn(with: first.updatedPasskey)
            cases.append(testCase)
        }
        let verdicts = try RelyingParties.verify(cases)
        for name in ["uuid", "counting"] {
            #expect(verdicts[name]?.bothAcceptedEverything == true, "\(name): \(String(describing: verdicts[name]))")
        }
    }
}
