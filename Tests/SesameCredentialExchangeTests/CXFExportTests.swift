import Foundation
import Testing
import SesameAutoFill
import SesameStore

/// Sesame items into CXF, and back: what each item becomes, what is counted as left out, and a round trip that
/// keeps every login, code, note, field, tag and (through the mapping) passkey.
@Suite struct CXFExportTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private var fullItem: Item {
        Item(
            title: "Ünïcödé login", username: "alice", password: "pa\"ss\\word",
            urls: [ItemURL("https://münchen.example:8443/login", match: .host), ItemURL("xn--bcher-kva.example"),
                   ItemURL("android://" + CXFBase64URL.encode([UInt8](repeating: 0xCD, count: 32)) + "@com.example.app"),
                   ItemURL("androidapp://org.example.plain")],
            notes: "日本語\nnotes 😀", fields: [CustomField(name: "PIN", value: "1234", isProtected: true),
                                            CustomField(name: "Colour", value: "blue")],
            tags: ["Work", "Favorite", "Work/Git"], created: Date(timeIntervalSince1970: 1_700_000_000.9),
            modified: Date(timeIntervalSince1970: 1_700_000_500), expires: Date(timeIntervalSince1970: 1_900_000_000),
            passwordHistory: [PasswordHistoryEntry(password: "old", replaced: Date(timeIntervalSince1970: 1_600_000_000))],
            oneTimeCode: "otpauth://totp/Example:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA256&digits=8&period=60",
            attachments: [ItemAttachment(name: "a.txt", data: Data("x".utf8))])
    }

    @Test func anItemBecomesOneCXFItemWithEveryCredentialItHolds() throws {
        let item = fullItem
        let (header, summary) = CXFExport.header(for: [item], now: now, accountID: [7])
        #expect(header.exporterRpId == "sesame.invalid")
        #expect(header.timestamp == 1_800_000_000)
        let account = try #require(header.accounts.first)
        #expect(account.id == [7])
        let exported = try #require(account.items.first)
        #expect(exported.id == withUnsafeBytes(of: item.id.uuid) { Array($0) })
        #expect(exported.title == "Ünïcödé login")
        #expect((exported.creationAt, exported.modifiedAt) == (1_700_000_000, 1_700_000_500))
        #expect(exported.favorite == true)
        #expect(exported.tags == ["Work", "Work/Git"])
        #expect(exported.scope == CXFScope(
            urls: ["https://münchen.example:8443/login", "xn--bcher-kva.example"],
            androidApps: [
                CXFAndroidApp(bundleId: "com.example.app", certificate: CXFAndroidCertificate(
                    fingerprint: [UInt8](repeating: 0xCD, count: 32), hashAlgorithm: "sha256")),
                CXFAndroidApp(bundleId: "org.example.plain"),
            ]))
        #expect(exported.credentials == [
            .basicAuth(CXFBasicAuth(username: .string("alice"), password: .concealed("pa\"ss\\word"))),
            .totp(CXFTOTP(secret: Array("12345678901234567890".utf8), period: 60, digits: 8, algorithm: "sha256",
                          username: "alice", issuer: "Example")),
            .note(.string("日本語\nnotes 😀")),
            .customFields(CXFCustomFields(fields: [.concealed("1234", label: "PIN"), .string("blue", label: "Colour")])),
        ])
        #expect(account.collections.map(\.title) == ["Work", "Work/Git"])
        #expect(account.collections.allSatisfy { $0.items == [CXFLinkedItem(item: exported.id)] })
        #expect(summary.items == 1 && summary.logins == 1 && summary.codes == 1 && summary.notes == 1 && summary.fields == 2)
        #expect(summary.leftOut == [
            "password-history entries": 1, "attachments": 1, "match modes": 1, "expiry dates": 1,
        ])
    }

    @Test func aCodeCXFCannotDescribeTravelsAsAFieldAndComesBackAsTheCode() throws {
        let steam = "otpauth://totp/Steam:me?secret=JBSWY3DPEHPK3PXP&digits=5&encoder=steam"
        let item = Item(title: "Steam", username: "me", password: "pw", oneTimeCode: steam)
        let (header, summary) = CXFExport.header(for: [item], now: now)
        #expect(summary.codes == 0 && summary.codesAsFields == 1)
        let back = CXFImport.result(from: try CXFReader.read(CXFWriter.write(header)).header, now: now)
        let imported = try #require(back.records.first).item
        #expect(imported.oneTimeCode == steam)
        #expect(imported.fields.isEmpty)
    }

    @Test func anItemWithNothingButATitleStillTravels() throws {
        let (header, summary) = CXFExport.header(for: [Item(title: "Bookmark")], now: now)
        #expect(header.accounts[0].items[0].credentials == [.basicAuth(CXFBasicAuth(username: .string(""), password: .concealed("")))])
        #expect(summary.logins == 1)
        let back = CXFImport.result(from: try CXFReader.read(CXFWriter.write(header)).header, now: now)
        #expect(back.records.map(\.item.title) == ["Bookmark"])
    }

    @Test func aRoundTripKeepsEveryLoginCodeNoteFieldTagAndPasskey() throws {
        var withPasskey = Item(title: "Passkey site", username: "bob", password: "", urls: [ItemURL("https://passkeys.example")],
                               created: Date(timeIntervalSince1970: 1_650_000_000))
        withPasskey = try RecordingPasskeys().adding(CXFPasskey(
            credentialId: [9, 9], rpId: "passkeys.example", username: "bob", userDisplayName: "Bob",
            userHandle: [0xFF, 0x80, 0x00], key: CXFFixture.p256Key), to: withPasskey)
        let items = [fullItem, withPasskey, Item(title: "Note only", notes: "just a note", created: Date(timeIntervalSince1970: 1_600_000_000))]
        let (header, summary) = CXFExport.header(for: items, passkeys: RecordingPasskeys(), now: now)
        #expect(summary.passkeys == 1)
        let bytes = CXFWriter.write(header)
        let (read, report) = try CXFReader.read(bytes)
        #expect(report.skippedFields.isEmpty)
        let back = CXFImport.result(from: read, report: report, passkeys: RecordingPasskeys(), now: now)
        #expect(back.skipped.isEmpty && back.rejected.isEmpty)
        #expect(back.records.count == items.count)
        for (original, record) in zip(items, back.records) {
            let imported = record.item
            #expect(imported.title == original.title)
            #expect(imported.username == original.username)
            #expect(imported.password == original.password)
            #expect(imported.notes == original.notes)
            #expect(imported.fields == original.fields)
            #expect(Set(imported.tags) == Set(original.tags))
            #expect(imported.created == Date(timeIntervalSince1970: original.created.timeIntervalSince1970.rounded(.down)))
            #expect(imported.modified == Date(timeIntervalSince1970: original.modified.timeIntervalSince1970.rounded(.down)))
            #expect(RecordingPasskeys().passkeys(of: imported).passkeys == RecordingPasskeys().passkeys(of: original).passkeys)
            if let code = original.oneTimeCode {
                #expect(try OneTimeCodeSettings(parsing: try #require(imported.oneTimeCode)) == OneTimeCodeSettings(parsing: code))
            } else {
                #expect(imported.oneTimeCode == nil)
            }
        }
        // Addresses come back as written, Android apps in Sesame's forms.
        #expect(back.records[0].item.urls.map(\.url) == fullItem.urls.map(\.url))
    }
}
