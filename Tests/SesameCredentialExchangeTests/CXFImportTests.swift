import Foundation
import Testing
import SesameAutoFill
import SesameStore

/// Stands in for Sesame's passkey model (branch `passkeys`) behind ``CXFPasskeyMapping``: it keeps each passkey
/// in an unknown payload field, so tests can see which login got it and export it again.
struct RecordingPasskeys: CXFPasskeyMapping {
    static let tag: UInt64 = 900

    func adding(_ passkey: CXFPasskey, to item: Item) throws(CXFPasskeyRefusal) -> Item {
        var item = item
        let holder = CXFHeader(exporterRpId: "", exporterDisplayName: "", timestamp: 0, accounts: [
            CXFAccount(id: [], items: [CXFItem(id: [], title: "", credentials: [.passkey(passkey)])]),
        ])
        item.unknownFields[Self.tag, default: []].append(CXFWriter.write(holder))
        return item
    }

    func passkeys(of item: Item) -> (passkeys: [CXFPasskey], leftOut: Int) {
        let passkeys = (item.unknownFields[Self.tag] ?? []).compactMap { bytes -> CXFPasskey? in
            guard case .passkey(let passkey) = try? CXFReader.read(bytes).header.accounts.first?.items.first?.credentials.first
            else { return nil }
            return passkey
        }
        return (passkeys, 0)
    }
}

/// CXF items into Sesame items: the real exports, every credential of an item kept, kinds Sesame does not hold
/// reported by item and kind, and the edge cases of codes, addresses, notes and passkeys.
@Suite struct CXFImportTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func result(_ items: [String], collections: String = "[]", passkeys: some CXFPasskeyMapping = CXFSesamePasskeys())
        throws -> CXFImportResult
    {
        let (header, report) = try CXFReader.read(CXFFixture.document(items: items, collections: collections))
        return CXFImport.result(from: header, report: report, passkeys: passkeys, now: now)
    }

    private func record(_ result: CXFImportResult, _ location: String) throws -> Item {
        try #require(result.records.first { $0.location == location }, "no record at \(location)").item
    }

    // MARK: - Real exports

    @Test func bitwardensExampleKeepsLoginsCodesNotesAndGeneratedPasswordsAndReportsTheRest() throws {
        let (header, report) = try CXFFixture.read("bitwarden-example-header.json")
        let result = CXFImport.result(from: header, report: report, now: now)
        #expect(result.records.map(\.location) == ["item 1 (GitHub Login)", "item 2 (WebAuthn.io)", "item 4 (Home alarm)",
                                                   "item 6 (Generated Password)"])
        let github = try record(result, "item 1 (GitHub Login)")
        #expect((github.username, github.password) == ("johndoe", "securepassword123"))
        #expect(github.urls == [ItemURL("https://github.com")])
        #expect(github.tags == ["development", "git", "work", "Work Accounts"])
        #expect(github.created == Date(timeIntervalSince1970: 1_705_142_400))
        #expect(github.modified == Date(timeIntervalSince1970: 1_705_228_800))
        let code = try OneTimeCodeSettings(parsing: try #require(github.oneTimeCode))
        #expect(code == OneTimeCodeSettings(secret: code.secret, algorithm: .sha256, digits: 6, period: 30,
                                            issuer: "Google", account: "jane.smith@example.com"))
        #expect(try record(result, "item 4 (Home alarm)").notes == "some instructionts to enable/disable the alarm")
        #expect(try record(result, "item 6 (Generated Password)").password == "KozyS!cf#Nc9C799")
        #expect(result.skipped.filter { $0.location != "the file" } == [
            .init(location: "item 3 (Visa Credit Card)", kind: "credit-card", count: 1,
                  reason: "Sesame does not hold this kind of credential"),
            .init(location: "item 5 (SSH Key)", kind: "ssh-key", count: 1, reason: "Sesame does not hold this kind of credential"),
        ])
        #expect(result.skipped.contains(.init(location: "the file", kind: "member passkey.fido2Extensions", count: 1,
                                              reason: "Sesame does not read it")))
        #expect(result.rejected.isEmpty)
        let webauthn = try #require(try record(result, "item 2 (WebAuthn.io)").passkeys.first)
        #expect((webauthn.relyingPartyID, webauthn.userName, webauthn.userDisplayName) == ("webauthn.io", "johndoe", "John Doe"))
        #expect(webauthn.credentialIDText == "Y3JlZGVudGlhbElkRXhhbXBsZQ")
    }

    @Test func onePasswordsFieldsAndItsOneTimePasswordFieldComeIn() throws {
        let (header, report) = try CXFFixture.read("1password-account.json")
        let result = CXFImport.result(from: header, report: report, now: now)
        let facebook = try record(result, "item 1 (Facebook)")
        #expect((facebook.username, facebook.password) == ("johndoe", "securepassword123"))
        #expect(facebook.oneTimeCode == "otpauth://totp/jane?secret=JBSWY3DPEHPK3PXP&digits=6&issuer=Facebook")
        #expect(facebook.fields == [
            CustomField(name: "First name", value: "Jane"), CustomField(name: "Last name", value: "Doe"),
            CustomField(name: "Birth Date", value: "631195260"),
            CustomField(name: "Mother's maiden name (security question)", value: "Smith"),
        ])
        #expect(facebook.tags == ["development", "git", "work"])
        let wifi = try record(result, "item 3 (Home Wifi)")
        #expect(wifi.notes == "My notes heigfkfdkkcmdwkkfkckekfkjf")
        #expect(wifi.password.isEmpty && wifi.fields.isEmpty)
        #expect(result.skippedKinds == ["identity-document": 1, "wifi": 1])
        #expect(result.records.count == 4 - 1)
    }

    @Test func dashlanesLoginWithABareHostKeepsItsCode() throws {
        let (header, report) = try CXFFixture.read("dashlane-account.json")
        let result = CXFImport.result(from: header, report: report, now: now)
        let adobe = try #require(result.records.first { $0.item.title == "adobe.com" }).item
        #expect(adobe.urls == [ItemURL("adobe.com")])
        #expect((adobe.username, adobe.password) == ("dashlane@dashlane.com", "asdfgh"))
        #expect(try OneTimeCodeSettings(parsing: try #require(adobe.oneTimeCode)).secret == Array("Hello!".utf8) + [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(result.records.map(\.item.title) == ["adobe.com", "Dashlane note"])
        #expect(result.skippedKinds == [
            "credit-card": 1, "address": 1, "identity-document": 4, "passport": 1, "drivers-license": 1, "wifi": 1,
            "person-name": 1,
        ])
    }

    // MARK: - Several credentials in one item

    @Test func everyLoginOfAnItemBecomesAnItemAndCodesFollowTheirUserName() throws {
        let result = try result([CXFFixture.item(title: "Shared", credentials: [
            CXFFixture.login("alice", "a-pw"),
            CXFFixture.login("bob", "b-pw"),
            #"{"type": "totp", "secret": "JBSWY3DPEHPK3PXP", "username": "bob", "algorithm": "sha1"}"#,
            #"{"type": "totp", "secret": "GEZDGNBVGY3TQOJQ", "algorithm": "sha1"}"#,
            #"{"type": "totp", "secret": "MFRGGZDFMZTWQ2LK", "username": "carol", "algorithm": "sha1"}"#,
            #"{"type": "note", "content": {"fieldType": "string", "value": "first"}}"#,
            #"{"type": "note", "content": {"fieldType": "string", "value": "second"}}"#,
            #"{"type": "custom-fields", "label": "Extra", "fields": [{"fieldType": "concealed-string", "value": "1234"}, {"fieldType": "string", "value": ""}]}"#,
        ], extra: #", "scope": {"urls": ["https://shared.example"], "androidApps": []}"#)])
        #expect(result.records.map(\.location) == ["item 1 (Shared)", "item 1 (Shared), login 2", "item 1 (Shared), login 3"])
        let alice = try record(result, "item 1 (Shared)")
        let bob = try record(result, "item 1 (Shared), login 2")
        let carol = try record(result, "item 1 (Shared), login 3")
        #expect((alice.username, alice.password, bob.username, bob.password) == ("alice", "a-pw", "bob", "b-pw"))
        #expect(try OneTimeCodeSettings(parsing: try #require(bob.oneTimeCode)).secret == Array("Hello!".utf8) + [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(try OneTimeCodeSettings(parsing: try #require(alice.oneTimeCode)).secret == Array("1234567890".utf8))
        #expect((carol.username, carol.password) == ("carol", ""))
        #expect(carol.oneTimeCode != nil)
        #expect(alice.notes == "first\n\nsecond")
        #expect(alice.fields == [CustomField(name: "Extra", value: "1234", isProtected: true)])
        #expect(bob.notes.isEmpty && bob.fields.isEmpty)
        #expect([alice, bob, carol].allSatisfy { $0.title == "Shared" && $0.urls == [ItemURL("https://shared.example")] })
        #expect(result.skipped.isEmpty)
    }

    @Test func codesSesameCannotMakeAreReportedNotStored() throws {
        let result = try result([CXFFixture.item(credentials: [
            CXFFixture.login("u", "p"),
            #"{"type": "totp", "secret": "JBSWY3DP", "algorithm": "md5"}"#,
            #"{"type": "totp", "secret": "JBSWY3DP", "digits": 5, "algorithm": "sha1"}"#,
            #"{"type": "totp", "secret": "JBSWY3DP", "period": 7200, "algorithm": "sha1"}"#,
        ])])
        #expect(try record(result, "item 1 (Example)").oneTimeCode == nil)
        #expect(result.skipped.map(\.reason) == [
            "its algorithm is not SHA-1, SHA-256 or SHA-512", "it makes codes of 5 digits; Sesame makes codes of 6 to 8",
            "its period is 7200 s; Sesame's codes last 1 to 3,600 s",
        ])
    }

    @Test func aSHA256CodeOfEightDigitsAndSixtySecondsMakesTheCodesOfRFC6238() throws {
        // RFC 6238's SHA-256 seed, "12345678901234567890123456789012", in base32.
        let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA"
        let result = try result([CXFFixture.item(credentials: [
            #"{"type": "totp", "secret": "\#(secret)", "period": 60, "digits": 8, "algorithm": "sha256", "issuer": "Exämple"}"#,
        ])])
        let item = try record(result, "item 1 (Example)")
        let settings = try OneTimeCodeSettings(parsing: try #require(item.oneTimeCode))
        #expect((settings.algorithm, settings.digits, settings.period, settings.issuer) == (.sha256, 8, 60, "Exämple"))
        // RFC 6238's SHA-256 vector for counter 1 (T = 59 s at 30 s): at 60 s steps, counter 1 starts at 60 s.
        #expect(OneTimeCode(settings, at: Date(timeIntervalSince1970: 119)).code == "46119246")
        #expect(OneTimeCode(settings, at: Date(timeIntervalSince1970: 119)).remaining == 1)
    }

    // MARK: - Addresses, titles, tags, times

    @Test func idnAndPortAddressesAreKeptAsWrittenAndNameAnUntitledItem() throws {
        let result = try result([CXFFixture.item(title: " ", credentials: [CXFFixture.login("jörg", "p")], extra: """
            , "scope": {"urls": ["https://münchen.example:8443/login", "xn--bcher-kva.example:444", " ", "https://u:secret@bad.example/"],
              "androidApps": [{"bundleId": "com.example.app", "certificate": {"fingerprint": "\(CXFBase64URL.encode([UInt8](repeating: 0xAB, count: 32)))", "hashAlg": "sha256"}},
                              {"bundleId": "org.example.old", "certificate": {"fingerprint": "AAAA", "hashAlg": "sha1"}}]}
            """)])
        let item = try #require(result.records.first).item
        #expect(item.title == "münchen.example")
        #expect(item.urls.map(\.url) == [
            "https://münchen.example:8443/login", "xn--bcher-kva.example:444",
            "android://" + CXFBase64URL.encode([UInt8](repeating: 0xAB, count: 32)) + "@com.example.app",
            "androidapp://org.example.old",
        ])
        #expect(result.skipped.map(\.kind) == ["url", "android app certificate"])
        #expect(!result.skipped.map(\.reason).joined().contains("secret"))
    }

    @Test func unicodeNotesArriveByteForByte() throws {
        let note = "Zürich 日本語 😀\r\nemoji 👩‍👩‍👧 and combining é (e\u{301}) and a tab\t"
        let escaped = note.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\t", with: "\\t")
        let result = try result([CXFFixture.item(credentials: [
            #"{"type": "note", "content": {"fieldType": "string", "value": "\#(escaped)"}}"#,
        ])])
        let item = try record(result, "item 1 (Example)")
        #expect(Array(item.notes.utf8) == Array(note.utf8))
        #expect(item.username.isEmpty && item.password.isEmpty)
    }

    @Test func collectionsBecomeTagsWithPathsAndFavoritesATag() throws {
        let collections = """
            [{"id": "AQ", "title": "Work", "items": [{"item": "SVRFTQ"}],
              "subCollections": [{"id": "Ag", "title": "Git", "items": [{"item": "SVRFTQ"}, {"item": "T1RIRVI"}]}]},
             {"id": "Aw", "title": "Elsewhere", "items": [{"item": "SVRFTQ", "account": "T1RIRVI"}]}]
            """
        let result = try result([
            CXFFixture.item(id: "SVRFTQ", credentials: [CXFFixture.login("a", "b")],
                            extra: #", "tags": ["work", "Work"], "favorite": true"#),
        ], collections: collections)
        #expect(try record(result, "item 1 (Example)").tags == ["work", "Work", "Work/Git", "Favorite"])
    }

    @Test func itemsWithoutCredentialsOrWithEmptyOnesAreRejectedAndTimesFallBack() throws {
        let result = try result([
            CXFFixture.item(credentials: []),
            CXFFixture.item(title: "Dated", credentials: [CXFFixture.login("u", "p")], extra: #", "modifiedAt": 1700000000"#),
            CXFFixture.item(title: "Undated", credentials: [CXFFixture.login("u", "p")]),
            CXFFixture.item(title: "Blank", credentials: [
                #"{"type": "note", "content": {"fieldType": "string", "value": ""}}"#,
                #"{"type": "custom-fields", "fields": [{"fieldType": "string", "value": "", "label": "x"}]}"#,
            ]),
        ])
        #expect(result.rejected == [
            .init(location: "item 1 (Example)", reason: "it holds no credential"),
            .init(location: "item 4 (Blank)", reason: "it is empty"),
        ])
        let dated = try record(result, "item 2 (Dated)")
        #expect(dated.created == Date(timeIntervalSince1970: 1_700_000_000) && dated.modified == dated.created)
        #expect(try record(result, "item 3 (Undated)").created == now)
    }

    // MARK: - Passkeys

    @Test func passkeysBecomeSesamePasskeysOfTheirLogin() throws {
        let result = try result([
            CXFFixture.item(title: "Only a passkey", credentials: [CXFFixture.passkey()]),
            CXFFixture.item(title: "Both", credentials: [CXFFixture.login("alice", "pw"), CXFFixture.passkey(), CXFFixture.passkey(credentialId: "AQ")]),
            // The same credential twice in one item: the second is named, not a second copy.
            CXFFixture.item(title: "Twice", credentials: [CXFFixture.passkey(credentialId: "AQID"), CXFFixture.passkey(credentialId: "AQID")]),
        ])
        #expect(result.records.map(\.location) == ["item 1 (Only a passkey)", "item 2 (Both)", "item 3 (Twice)"])
        let only = try record(result, "item 1 (Only a passkey)")
        let passkey = try #require(only.passkeys.first)
        #expect(passkey.credentialID == Array("credential".utf8) && passkey.relyingPartyID == "webauthn.io")
        #expect((passkey.userName, passkey.userDisplayName, passkey.userHandle) == ("alice", "Alice", [0xFF, 0x00, 0x80, 0xFE, 0x01]))
        #expect(passkey.privateKey.withUnsafeBytes { Array($0) } == CXFFixture.p256Key)
        // As Sesame's own: BE and BS set, a counter of 0, made when its item was.
        #expect(passkey.isBackupEligible && passkey.isBackedUp && passkey.signCount == 0 && passkey.lastUsed == nil)
        #expect(passkey.created == only.created)
        #expect(try record(result, "item 2 (Both)").passkeys.map(\.credentialID) == [Array("credential".utf8), [1]])
        #expect(try record(result, "item 3 (Twice)").passkeys.count == 1)
        #expect(result.skipped == [.init(location: "item 3 (Twice)", kind: "passkey", count: 1,
                                         reason: "the login holds a passkey with the same credential id already")])
    }

    @Test func exportLeavesOutPasskeysCXFWouldChange() throws {
        var item = Item(title: "Site", username: "alice")
        for id: [UInt8] in [[1], [2], [3]] {
            item = try CXFSesamePasskeys().adding(CXFPasskey(credentialId: id, rpId: "site.example", username: "alice",
                                                             userDisplayName: "", userHandle: [], key: CXFFixture.p256Key), to: item)
        }
        item.passkeys[1].signCount = 4
        item.passkeys[2].isBackupEligible = false
        item.passkeys[2].isBackedUp = false
        let (passkeys, leftOut) = CXFSesamePasskeys().passkeys(of: item)
        #expect(passkeys.map(\.credentialId) == [[1]] && leftOut == 2)
        #expect(passkeys.first?.key == CXFFixture.p256Key)
    }

    @Test func passkeysReachTheLoginOfTheirUserNameThroughTheMappingWithNonUTF8UserHandles() throws {
        let result = try result([
            CXFFixture.item(title: "Site", credentials: [
                CXFFixture.login("bob", "b"), CXFFixture.login("alice", "a"),
                CXFFixture.passkey(username: "alice", userHandle: "_wCA_gE"),
                CXFFixture.passkey(credentialId: "AQID", username: "nobody"),
            ]),
            CXFFixture.item(title: "Passkey only", credentials: [CXFFixture.passkey(rpId: "passkeys.example")]),
        ], passkeys: RecordingPasskeys())
        let bob = try record(result, "item 1 (Site)")
        let alice = try record(result, "item 1 (Site), login 2")
        let alicePasskeys = RecordingPasskeys().passkeys(of: alice).passkeys
        #expect(alicePasskeys.map(\.userHandle) == [[0xFF, 0x00, 0x80, 0xFE, 0x01]])
        #expect(String(validating: alicePasskeys[0].userHandle, as: UTF8.self) == nil)
        #expect(RecordingPasskeys().passkeys(of: bob).passkeys.map(\.credentialId) == [[1, 2, 3]])
        let only = try record(result, "item 2 (Passkey only)")
        #expect((only.title, only.username, only.password) == ("Passkey only", "", ""))
        #expect(RecordingPasskeys().passkeys(of: only).passkeys.map(\.rpId) == ["passkeys.example"])
        #expect(result.skipped.isEmpty)
    }

    @Test func passkeysSesameCannotSignWithSayWhy() throws {
        let longId = CXFBase64URL.encode([UInt8](repeating: 1, count: 1024))
        let longHandle = CXFBase64URL.encode([UInt8](repeating: 2, count: 65))
        let result = try result([CXFFixture.item(credentials: [
            CXFFixture.passkey(key: CXFFixture.ed25519Key),
            CXFFixture.passkey(credentialId: longId),
            CXFFixture.passkey(userHandle: longHandle),
            CXFFixture.passkey(rpId: ""),
            CXFFixture.passkey(key: [0x30, 0x03, 0x02, 0x01, 0x00]),
        ])], passkeys: RecordingPasskeys())
        #expect(result.records.isEmpty)
        #expect(result.skipped.map(\.reason) == [
            "its key is Ed25519, and Sesame's passkeys are P-256 (ES256)", "its credential id is 1024 bytes, not 1 to 1,023",
            "its user handle is 65 bytes, over WebAuthn's 64", "it has no relying party id",
            "its key is not a PKCS#8 private key",
        ])
    }
}
