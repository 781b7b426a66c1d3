import Foundation
import SesameCrypto
import SesameInterchange
import SesameKeePass
import SesameAutoFill
import SesameStore
import Testing

/// Passkeys through KeePass files, both ways: a passkey made by Sesame signs in after a trip through a KDBX file
/// that KeePassXC's own CLI reads and saves again, and passkeys written the way KeePassXC, its older versions and
/// Strongbox write them (by pykeepass, keys made by Python) sign in from Sesame. One Sesame cannot use (Ed25519) is
/// named in the import summary and its attributes stay with the entry, so they go back out unchanged.
@Suite(.enabled(if: RelyingParties.missingLibrary == nil, "needs py_webauthn and python-fido2 from PyPI"))
struct KeePassPasskeyTests {
    let password = "kdbx pässword"
    let folder = TemporaryFolder()

    func keepassxc(_ arguments: [String], more: [String] = []) throws -> String {
        let output = Tool.run("/usr/bin/keepassxc-cli", arguments,
                              input: Data(([password] + more).map { $0 + "\n" }.joined().utf8), directory: folder.path)
        guard output.status == 0 else {
            throw RelyingParties.Missing(description: "keepassxc-cli \(arguments[0]) failed: \(String(decoding: output.stderr, as: UTF8.self))")
        }
        return String(decoding: output.stdout, as: UTF8.self)
    }

    func importFile(_ path: String) throws -> ImportBatch {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        return try ImportReader.read(bytes, as: .kdbx) { secret in
            secret == .keePassPassword ? SecureBytes(utf8: password) : SecureBytes(count: 0)
        }.batch
    }

    @Test func aSesamePasskeySignsInAfterATripThroughKeePassXC() throws {
        var registered = RelyingPartyCase(name: "round trip", credentialID: [])
        let first = try RelyingPartyTests.register(&registered)
        var second = RelyingPartyCase(name: "second passkey", credentialID: [])
        let other = try RelyingPartyTests.register(&second)
        var item = Item(title: "Example", username: "alice@example.org", password: "pw", urls: [ItemURL("https://example.org")],
                        passkeys: [first.passkey, other.passkey])
        item.passkeys[0].lastUsed = Date(timeIntervalSinceReferenceDate: 800_000_000.5)
        item.passkeys[1].isBackupEligible = false
        item.passkeys[1].isBackedUp = false
        var options = KeePassExportOptions.fast
        options.cipher = .chaCha20
        try KeePassFile.file(from: [item], credentials: .password(password), options: options)
            .withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: folder.file("out.kdbx"))) }

        // KeePassXC sees the attributes it reads: one entry with the first passkey, one for the second.
        let shown = try keepassxc(["show", "-q", "-s", "--all", "out.kdbx", "Example"])
        #expect(shown.contains("KPEX_PASSKEY_CREDENTIAL_ID: \(first.passkey.credentialIDText)"))
        #expect(shown.contains("KPEX_PASSKEY_RELYING_PARTY: example.org"))
        #expect(shown.contains("KPEX_PASSKEY_USERNAME: alice@example.org"))
        #expect(shown.contains("KPEX_PASSKEY_USER_HANDLE: \(Base64URL.encode(first.passkey.userHandle))"))
        #expect(shown.contains("KPEX_PASSKEY_FLAG_BE: 1") && shown.contains("KPEX_PASSKEY_FLAG_BS: 1"))
        #expect(shown.contains("KPEX_PASSKEY_PRIVATE_KEY_PEM: -----BEGIN PRIVATE KEY-----"))
        let secondEntry = try keepassxc(["show", "-q", "-s", "--all", "out.kdbx", "Example (passkey for example.org)"])
        #expect(secondEntry.contains("KPEX_PASSKEY_CREDENTIAL_ID: \(other.passkey.credentialIDText)"))
        #expect(secondEntry.contains("KPEX_PASSKEY_FLAG_BE: 0") && secondEntry.contains("KPEX_PASSKEY_FLAG_BS: 0"))
        // KeePassXC saves the file again (an edit elsewhere), then Sesame reads it back.
        _ = try keepassxc(["add", "-q", "-u", "x", "-p", "out.kdbx", "Added by KeePassXC"], more: ["y"])
        let batch = try importFile(folder.file("out.kdbx"))
        #expect(batch.rejected.isEmpty)
        let back = try #require(batch.records.first { $0.item.id == item.id }?.item)
        // Every field: the display names, times and flags ride in Sesame's CustomData beside the attributes.
        #expect(back.passkeys == item.passkeys)
        #expect(back.passkeys.map(\.isBackupEligible) == [true, false])
        #expect(batch.records.count == 2)  // the item (its second passkey folded back) and KeePassXC's new entry

        _ = try registered.signIn(with: back.passkeys[0])
        _ = try second.signIn(with: back.passkeys[1])
        let verdicts = try RelyingParties.verify([registered, second])
        #expect(verdicts["round trip"]?.bothAcceptedEverything == true, "\(String(describing: verdicts["round trip"]))")
        #expect(verdicts["second passkey"]?.bothAcceptedEverything == true, "\(String(describing: verdicts["second passkey"]))")
    }

    struct Registered: Decodable {
        var rpId, userName, credentialId, userHandle, privateKey, pem: String
    }

    @Test func passkeysOtherManagersWroteSignInFromSesame() throws {
        let script = RelyingParties.script.replacingOccurrences(of: "relying_party.py", with: "keepass_passkeys.py")
        let made = Tool.run("/usr/bin/env", ["python3", script, folder.file("others.kdbx")], input: Data((password + "\n").utf8))
        try #require(made.status == 0, "\(String(decoding: made.stderr, as: UTF8.self))")
        let registered = try JSONDecoder().decode([String: Registered].self, from: made.stdout)
        // KeePassXC's CLI opens the file and saves it again, so what Sesame reads went through KeePassXC.
        _ = try keepassxc(["mkdir", "-q", "others.kdbx", "Resaved"])
        let batch = try importFile(folder.file("others.kdbx"))
        func item(_ title: String) throws -> Item {
            try #require(batch.records.first { $0.item.title == "\(title) (Passkey)" }?.item)
        }

        var cases: [RelyingPartyCase] = []
        for title in ["KeePassXC 2.7.12", "KeePassXC 2.7.9", "Strongbox"] {
            let expected = try #require(registered[title])
            let imported = try item(title)
            let passkey = try #require(imported.passkeys.first, "\(title) has no passkey")
            #expect(passkey.credentialIDText == expected.credentialId && passkey.relyingPartyID == expected.rpId)
            #expect(passkey.userName == expected.userName && Base64URL.encode(passkey.userHandle) == expected.userHandle)
            #expect(passkey.isBackupEligible && passkey.isBackedUp)
            // The attributes became the passkey: none is left as a custom field.
            #expect(!imported.fields.contains { $0.name.hasPrefix("KPEX_") || $0.name.hasPrefix("KPXC_") })
            var testCase = RelyingPartyCase(name: title, credentialID: passkey.credentialID)
            testCase.rpId = expected.rpId
            testCase.origin = "https://" + expected.rpId
            testCase.registeredPrivateKey = expected.privateKey
            _ = try testCase.signIn(with: passkey)
            cases.append(testCase)
        }
        let verdicts = try RelyingParties.verify(cases)
        for testCase in cases {
            #expect(verdicts[testCase.name]?.bothAcceptedEverything == true, "\(testCase.name): \(String(describing: verdicts[testCase.name]))")
        }

        // The Ed25519 passkey is named, and its attributes stay with the item, protected as they were.
        let edwards = try item("Ed25519")
        #expect(edwards.passkeys.isEmpty)
        #expect(batch.rejected.map(\.location) == ["entry 4 (KeePassXC-Browser Passwords/Ed25519 (Passkey)), its passkey"])
        #expect(batch.rejected.first?.reason.contains("not an ES256 (P-256) key") == true)
        let pem = try #require(edwards.fields.first { $0.name == "KPEX_PASSKEY_PRIVATE_KEY_PEM" })
        #expect(pem.isProtected && pem.value == registered["Ed25519"]?.pem)
        // Written out again, KeePassXC finds the same attributes.
        try KeePassFile.file(from: [edwards], credentials: .password(password), options: .fast)
            .withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: folder.file("again.kdbx"))) }
        let shown = try keepassxc(["show", "-q", "-s", "-a", "KPEX_PASSKEY_PRIVATE_KEY_PEM", "-a", "KPEX_PASSKEY_CREDENTIAL_ID",
                                   "again.kdbx", "Ed25519 (Passkey)"])
        #expect(shown.contains(registered["Ed25519"]!.credentialId) && shown.contains("-----BEGIN PRIVATE KEY-----"))
    }
}
