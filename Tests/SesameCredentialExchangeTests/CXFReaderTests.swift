import Testing
@testable import SesameAutoFill

/// Reading CXF: real exports (1Password's and Dashlane's Account files, Bitwarden's Header example), the format's
/// leniency (unknown members and kinds counted, not failing), its refusals, and a write that reads back the same.
@Suite struct CXFReaderTests {
    @Test func bitwardensHeaderExampleReadsEveryKindWithTheHeaderAndCollections() throws {
        let (header, report) = try CXFFixture.read("bitwarden-example-header.json")
        #expect(header.version == CXFVersion(major: 1, minor: 0))
        #expect(header.exporterRpId == "exporter.example.com")
        #expect(header.exporterDisplayName == "Exporter app")
        #expect(header.timestamp == 1_705_228_800)
        let account = try #require(header.accounts.first)
        #expect(account.username == "jane_smith")
        #expect(account.fullName == "Jane Smith")
        #expect(account.collections.map(\.title) == ["Work Accounts"])
        #expect(account.collections[0].items.count == 3)
        #expect(account.items.map(\.title) == ["GitHub Login", "WebAuthn.io", "Visa Credit Card", "Home alarm", "SSH Key", "Generated Password"])
        #expect(account.items.map { $0.credentials.map(\.type) } == [
            ["basic-auth", "totp"], ["passkey"], ["credit-card"], ["note"], ["ssh-key"], ["generated-password"],
        ])
        let github = account.items[0]
        #expect(github.scope == CXFScope(urls: ["https://github.com"]))
        #expect(github.tags == ["development", "git", "work"])
        #expect(github.creationAt == 1_705_142_400)
        guard case .basicAuth(let login) = github.credentials[0], case .totp(let totp) = github.credentials[1] else {
            Issue.record("GitHub's credentials are not a login and a code")
            return
        }
        #expect(login.username?.value == "johndoe")
        #expect(login.username?.label == "Username field")
        #expect(login.password?.value == "securepassword123")
        #expect(login.password?.isConcealed == true)
        #expect(totp.secret == CXFBase32.decode("JBSWY3DPEHPK3PXP"))
        #expect((totp.period, totp.digits, totp.algorithm) == (30, 6, "sha256"))
        #expect((totp.issuer, totp.username) == ("Google", "jane.smith@example.com"))
        guard case .passkey(let passkey) = account.items[1].credentials[0] else {
            Issue.record("WebAuthn.io holds no passkey")
            return
        }
        #expect(passkey.credentialId == Array("credentialIdExample".utf8))
        #expect(passkey.rpId == "webauthn.io")
        #expect(passkey.userHandle.count == 32)
        #expect(passkey.keyAlgorithm == .p256)
        #expect(passkey.problem == nil)
        #expect(account.items[5].credentials == [.generatedPassword("KozyS!cf#Nc9C799")])
        // The example's extensions and subtitles are what Sesame skips.
        #expect(report.skippedFields["passkey.fido2Extensions"] == 1)
        #expect(report.skippedFields["item.subtitle"] == nil)
    }

    @Test func onePasswordsAccountFileReadsWithNullIdsAndEmptyFieldIds() throws {
        let (header, report) = try CXFFixture.read("1password-account.json")
        #expect(header.exporterRpId == "")
        let account = try #require(header.accounts.first)
        #expect(account.items.map(\.title) == ["Facebook", "Social Security Number", "Home Wifi", "Home Alarm"])
        let facebook = account.items[0]
        #expect(facebook.scope?.urls == ["https://facebook.com"])
        guard case .customFields(let otp) = facebook.credentials[2] else {
            Issue.record("Facebook's third credential is not custom fields")
            return
        }
        #expect(otp.fields.first?.value.hasPrefix("otpauth://totp/") == true)
        guard case .note(let note) = account.items[2].credentials[1] else {
            Issue.record("Home Wifi has no note")
            return
        }
        #expect(note.id == nil)
        #expect(note.label == nil)
        #expect(note.value == "My notes heigfkfdkkcmdwkkfkckekfkjf")
        #expect(report.skippedFields.isEmpty)
    }

    @Test func dashlanesAccountFileReadsItsBareHostAndCode() throws {
        let (header, _) = try CXFFixture.read("dashlane-account.json")
        let items = try #require(header.accounts.first).items
        #expect(items.count == 12)
        let adobe = try #require(items.first { $0.title == "adobe.com" })
        #expect(adobe.scope?.urls == ["adobe.com"])
        #expect(adobe.credentials.map(\.type) == ["basic-auth", "totp"])
        #expect(items.filter { $0.title.isEmpty }.count == 6)
    }

    @Test func unknownMembersAndKindsAreSkippedAndCountedByPlace() throws {
        let bytes = CXFFixture.document(items: [
            CXFFixture.item(credentials: [
                #"{"type": "basic-auth", "username": {"fieldType": "string", "value": "u", "hint": 1}, "extra": true}"#,
                #"{"type": "quantum-key", "qubits": 3}"#,
                #""not an object""#,
                #"{"type": "totp", "secret": "JBSWY3DP", "period": 60, "digits": 8, "algorithm": "SHA256", "future": 1}"#,
            ], extra: #", "extensions": [{"name": "shared"}], "creationAt": -11644473600, "colour": "red""#),
        ])
        let (header, report) = try CXFReader.read(bytes)
        let item = try #require(header.accounts.first?.items.first)
        #expect(item.credentials.map(\.type) == ["basic-auth", "quantum-key", "totp"])
        #expect(item.credentials[1] == .other(type: "quantum-key"))
        #expect(item.creationAt == nil)
        guard case .totp(let totp) = item.credentials[2] else {
            Issue.record("no code")
            return
        }
        #expect((totp.period, totp.digits, totp.algorithm) == (60, 8, "sha256"))
        #expect(report.skippedFields == [
            "field.hint": 1, "basic-auth.extra": 1, "item.credentials": 1, "totp.future": 1, "item.extensions": 1,
            "item.creationAt": 1, "item.colour": 1,
        ])
    }

    @Test func credentialsOfAKnownKindThatCannotBeUsedSayWhy() throws {
        let bytes = CXFFixture.document(items: [
            CXFFixture.item(credentials: [
                #"{"type": "totp", "secret": "not base32!", "algorithm": "sha1"}"#,
                #"{"type": "totp", "algorithm": "sha1"}"#,
                #"{"type": "passkey", "credentialId": "%%", "rpId": "a.example", "userHandle": "", "key": ""}"#,
                #"{"type": "passkey", "credentialId": "AA", "rpId": "a.example", "key": ""}"#,
                #"{"type": "note"}"#,
                #"{}"#,
            ]),
        ])
        let item = try #require(try CXFReader.read(bytes).header.accounts.first?.items.first)
        #expect(item.credentials == [
            .unreadable(type: "totp", reason: "its secret is not base32"),
            .unreadable(type: "totp", reason: "it has no secret"),
            .unreadable(type: "passkey", reason: "its credential id is not base64url"),
            .unreadable(type: "passkey", reason: "it has no user handle"),
            .unreadable(type: "note", reason: "it has no content"),
            .other(type: "(no type)"),
        ])
    }

    @Test func anotherMajorVersionOrAFileWithoutAccountsOrItemsIsRefused() {
        let newer = Array(#"{"version": {"major": 2, "minor": 1}, "accounts": []}"#.utf8)
        #expect(throws: CXFError("The file is CXF version 2.1; Sesame reads version 1.")) { try CXFReader.read(newer) }
        #expect(throws: CXFError("The file is not a CXF document: it has neither accounts nor items.")) {
            try CXFReader.read(Array(#"{"logins": []}"#.utf8))
        }
        #expect(throws: CXFError("The file is not a CXF document: it is an array, not a JSON object.")) {
            try CXFReader.read(Array("[]".utf8))
        }
        #expect(throws: CXFError("Item 2 of the CXF file is not a JSON object.")) {
            try CXFReader.read(CXFFixture.document(items: [CXFFixture.item(credentials: []), "7"]))
        }
        // A later minor version only adds: it reads.
        #expect((try? CXFReader.read(Array(#"{"version": {"major": 1, "minor": 3}, "accounts": []}"#.utf8))) != nil)
    }

    @Test func itemCredentialAccountAndCollectionCountsOverTheBudgetAreRefusedNamingTheLimit() {
        var limits = CXFLimits()
        limits.items = 2
        limits.credentialsPerItem = 2
        limits.collections = 2
        let three = CXFFixture.document(items: Array(repeating: CXFFixture.item(credentials: []), count: 3))
        #expect(throws: CXFError("The CXF file has more than 2 items, over Sesame's limit.")) {
            try CXFReader.read(three, limits: limits)
        }
        let crowded = CXFFixture.document(items: [CXFFixture.item(credentials: Array(repeating: "{}", count: 3))])
        #expect(throws: CXFError("Item 1 of the CXF file has more than 2 credentials, over Sesame's limit.")) {
            try CXFReader.read(crowded, limits: limits)
        }
        let nested = CXFFixture.document(items: [], collections: """
            [{"id": "AA", "title": "a", "items": [], "subCollections": [{"id": "AQ", "title": "b", "items": [],
              "subCollections": [{"id": "Ag", "title": "c", "items": []}]}]}]
            """)
        #expect(throws: CXFError("The CXF file has more than 2 collections, over Sesame's limit.")) {
            try CXFReader.read(nested, limits: limits)
        }
        limits.accounts = 1
        let accounts = Array(#"{"version": {"major": 1, "minor": 0}, "accounts": [{}, {}]}"#.utf8)
        #expect(throws: CXFError("The CXF file has more than 1 accounts, over Sesame's limit.")) {
            try CXFReader.read(accounts, limits: limits)
        }
    }

    /// iOS 26 hands the document over as values: the same counts hold before anything is mapped or written.
    @Test func aDocumentHandedOverAsValuesIsCheckedAgainstTheSameCounts() throws {
        var limits = CXFLimits()
        limits.items = 2
        limits.credentialsPerItem = 2
        limits.collections = 2
        limits.accounts = 1
        limits.depth = 5
        func header(items: Int = 1, credentials: Int = 0, collections: [CXFCollection] = [], accounts: Int = 1) -> CXFHeader {
            let item = CXFItem(id: [1], title: "t", credentials: Array(repeating: .note(.string("n")), count: credentials))
            let account = CXFAccount(id: [2], collections: collections, items: Array(repeating: item, count: items))
            return CXFHeader(exporterRpId: "apple.com", exporterDisplayName: "Passwords", timestamp: 0,
                             accounts: Array(repeating: account, count: accounts))
        }
        try limits.check(header(items: 2, credentials: 2, collections: [CXFCollection(id: [3], title: "a")]))
        #expect(throws: CXFError("The credentials sent hold more than 2 items, over Sesame's limit.")) {
            try limits.check(header(items: 3))
        }
        #expect(throws: CXFError("Item 1 of the credentials sent has more than 2 credentials, over Sesame's limit.")) {
            try limits.check(header(credentials: 3))
        }
        #expect(throws: CXFError("The credentials sent hold more than 1 accounts, over Sesame's limit.")) {
            try limits.check(header(accounts: 2))
        }
        let leaf = CXFCollection(id: [5], title: "c")
        #expect(throws: CXFError("The credentials sent hold more than 2 collections, over Sesame's limit.")) {
            try limits.check(header(collections: [CXFCollection(id: [3], title: "a"), CXFCollection(id: [4], title: "b", subCollections: [leaf])]))
        }
        limits.collections = 100
        let deep = CXFCollection(id: [3], title: "a", subCollections: [CXFCollection(id: [4], title: "b", subCollections: [leaf])])
        #expect(throws: CXFError("The credentials sent nest collections more than 2 deep, over Sesame's limit.")) {
            try limits.check(header(collections: [deep]))
        }
    }

    @Test func detectionTellsCXFFromBitwardensJSONAndOtherJSON() throws {
        #expect(CXFReader.looksLike(try CXFFixture.bytes("bitwarden-example-header.json")))
        #expect(CXFReader.looksLike(try CXFFixture.bytes("1password-account.json")))
        #expect(CXFReader.looksLike(try CXFFixture.bytes("dashlane-account.json")))
        #expect(!CXFReader.looksLike(Array(#"{"encrypted": false, "folders": [], "items": [], "email": ""}"#.utf8)))
        #expect(!CXFReader.looksLike(Array(#"{"items": []}"#.utf8)))
        #expect(!CXFReader.looksLike(Array("name,url\n".utf8)))
    }

    @Test func aWrittenDocumentReadsBackTheSame() throws {
        let header = CXFHeader(
            exporterRpId: "sesame.invalid", exporterDisplayName: "Sesame", timestamp: 1_760_000_000,
            accounts: [CXFAccount(
                id: [1, 2, 3], username: "me", email: "me@example.com",
                collections: [CXFCollection(id: [9], title: "Work", items: [CXFLinkedItem(item: [4])],
                                            subCollections: [CXFCollection(id: [8], title: "Git")])],
                items: [CXFItem(
                    id: [4], creationAt: 1, modifiedAt: 2, title: "Ünïcödé \"quoted\"\n✓", favorite: true,
                    scope: CXFScope(urls: ["https://xn--mnchen-3ya.example:8443/login"],
                                    androidApps: [CXFAndroidApp(bundleId: "com.example.app", certificate: CXFAndroidCertificate(
                                        fingerprint: Array(repeating: 0xAB, count: 32), hashAlgorithm: "sha256"))]),
                    credentials: [
                        .basicAuth(CXFBasicAuth(username: .string("alice"), password: .concealed("p\"w\\"))),
                        .totp(CXFTOTP(secret: [1, 2, 3, 4, 5], period: 60, digits: 8, algorithm: "sha256", username: "alice")),
                        .passkey(CXFPasskey(credentialId: [0, 255], rpId: "example.com", username: "alice",
                                            userDisplayName: "Alice", userHandle: [0xFF, 0xFE, 0x00], key: CXFFixture.p256Key)),
                        .note(.string("日本語\nnote")),
                        .customFields(CXFCustomFields(label: "More", fields: [.concealed("pin", label: "PIN")])),
                        .generatedPassword("generated"),
                    ],
                    tags: ["a", "b"])])])
        let bytes = CXFWriter.write(header)
        let (read, report) = try CXFReader.read(bytes)
        #expect(read == header)
        #expect(report.skippedFields.isEmpty)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("="))
    }
}
