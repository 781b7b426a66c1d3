import Foundation
import SesameCrypto
import SesameStore
import Testing
@testable import SesameKeePass

@Suite struct KeePassRoundTripTests {
    let credentials = KeePassCredentials.password("round trip")

    static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    /// Every field of an item comes back equal (KeePass keeps whole seconds, so the dates are whole seconds).
    static let fullItem = Item(
        title: "Bücher 📚 & <co>", username: "ünïcode@example.org", password: "p\"ss\nword\r\n ✓",
        urls: [ItemURL("https://a.example/x"), ItemURL("b.example:8443", match: .exact), ItemURL("https://c.example/")],
        notes: "line 1\r\nline 2\n\ttabbed ]]> end",
        fields: [CustomField(name: "PIN", value: "1234", isProtected: true), CustomField(name: "empty", value: ""),
                 CustomField(name: "Security question", value: "What?")],
        tags: ["work", "Personal/Banking"], matchMode: .host,
        created: date(1_600_000_000), modified: date(1_700_000_000), expires: date(2_000_000_000),
        passwordHistory: [PasswordHistoryEntry(password: "oldest", replaced: date(1_650_000_000)),
                          PasswordHistoryEntry(password: "older ✓", replaced: date(1_660_000_000))],
        oneTimeCode: "otpauth://totp/Example:alice?secret=JBSWY3DPEHPK3PXP&issuer=Example&algorithm=SHA256",
        attachments: [ItemAttachment(name: "key.pem", data: Data([0, 1, 255])), ItemAttachment(name: "empty", data: Data()),
                      ItemAttachment(name: "copy.pem", data: Data([0, 1, 255]))],
        attributes: ["service": "gh", "user": ""],
        unknownFields: [200: [[9, 9]], 7_000_000: [[]]])

    @Test func sesameToKeePassToSesameLosesNothing() throws {
        let minimal = Item(title: "", created: Self.date(1_000_000_000))
        let items = [Self.fullItem, minimal]
        let file = try KeePassFile.file(from: items, credentials: credentials, options: .fast)
        #expect(try KeePassFile.items(from: file, credentials: credentials) == items)
    }

    @Test(arguments: [
        KeePassExportOptions(cipher: .chaCha20, keyDerivation: .argon2d(memoryKiB: 1024, iterations: 2, parallelism: 2)),
        KeePassExportOptions(cipher: .aes256, keyDerivation: .aesKDF(rounds: 1000)),
    ])
    func everyCipherAndKeyDerivationRoundTrips(options: KeePassExportOptions) throws {
        let file = try KeePassFile.file(from: [Self.fullItem], credentials: credentials, options: options)
        #expect(try KeePassFile.items(from: file, credentials: credentials) == [Self.fullItem])
    }

    /// Entry elements Sesame has no field for (icon, auto-type, unknown elements, custom data) and the group an
    /// entry sat in survive KeePass → Sesame → KeePass.
    @Test func unknownKeePassDataSurvivesARoundTrip() throws {
        let future = XMLNode("FutureThing", attributes: [("Version", "9")], children: [XMLNode("Inner", text: "kept")])
        let autoType = XMLNode("AutoType", children: [
            XMLNode("Enabled", text: "False"), XMLNode("DataTransferObfuscation", text: "1"),
            XMLNode("Association", children: [XMLNode("Window", text: "Login*"), XMLNode("KeystrokeSequence", text: "{USERNAME}")]),
        ])
        let customData = XMLNode("CustomData", children: [
            XMLNode("Item", children: [XMLNode("Key", text: "KPXC_BROWSER"), XMLNode("Value", text: "{\"x\":1}")]),
        ])
        var pool = AttachmentPool()
        var entry = KeePassExport.entry(from: Item(title: "Deep", password: "pw", created: Self.date(1_600_000_000)),
                                        tags: [], extras: KeePassExtras(), pool: &pool)
        entry.children.removeAll { $0.name == "IconID" || $0.name == "AutoType" }
        entry.children += [XMLNode("IconID", text: "12"), autoType, future, customData]
        func uuid(_ byte: UInt8) -> XMLNode { XMLNode("UUID", text: Data(repeating: byte, count: 16).base64EncodedString()) }
        let inner = XMLNode("Group", children: [uuid(2), XMLNode("Name", text: "B"), XMLNode("Notes", text: "kept"), entry])
        let document = KDBXDocument(root: XMLNode("KeePassFile", children: [
            XMLNode("Meta"), XMLNode("Root", children: [XMLNode("Group", children: [
                uuid(0xFF), XMLNode("Name", text: "Root"), XMLNode("Group", children: [uuid(1), XMLNode("Name", text: "A"), inner]),
            ])]),
        ]), binaries: [])
        let imported = try KeePassImport.items(from: document)
        #expect(imported.count == 1)
        #expect(imported[0].tags == ["A/B"])
        let file = try KeePassFile.file(from: imported, credentials: credentials, options: .fast)
        let reread = try KDBXReader.read(file, credentials: credentials)
        let top = try #require(reread.root.child("Root")?.child("Group"))
        let written = try #require(top.child("Group")?.child("Group")?.child("Entry"))
        #expect(top.child("Group")?[text: "Name"] == "A" && top.child("Group")?.child("Group")?[text: "Name"] == "B")
        #expect(top.child("Group")?.child("Group")?.child("UUID") == uuid(2))
        #expect(top.child("Group")?.child("Group")?[text: "Notes"] == "kept")
        #expect(written[text: "IconID"] == "12")
        #expect(written.child("AutoType") == autoType)
        #expect(written.child("FutureThing") == future)
        #expect(written.child("CustomData") == customData)
        #expect(written[text: "Tags"] == "")
        #expect(try KeePassImport.items(from: reread) == imported)
    }

    /// libxml2 stops `XMLParser(data:)` near 10 MB; the reader streams, so a bigger document (one long note) reads.
    @Test func documentsOverTenMegabytesRead() throws {
        let note = String(repeating: "0123456789abcdef", count: 700_000)
        let item = Item(title: "big", notes: note, created: Self.date(1))
        let file = try KeePassFile.file(from: [item], credentials: credentials, options: .fast)
        #expect(try KeePassFile.items(from: file, credentials: credentials).first?.notes.count == note.count)
    }

    @Test func kdbx3DatesAreISO8601() {
        #expect(KeePassTime.parse("2020-01-02T03:04:05Z") == Date(timeIntervalSince1970: 1_577_934_245))
        #expect(KeePassTime.parse(KeePassTime.format(Self.date(1_577_934_245))) == Self.date(1_577_934_245))
    }

    /// XML 1.0 forbids most control characters; KeePass apps reject files that contain them.
    @Test func invalidXMLCharactersAreDroppedNotWritten() throws {
        let item = Item(title: "ctl\u{2}", notes: "a\u{0}b\u{1B}c\u{FFFF}", created: Self.date(1))
        let file = try KeePassFile.file(from: [item], credentials: credentials, options: .fast)
        let read = try KeePassFile.items(from: file, credentials: credentials)
        #expect(read.first?.title == "ctl" && read.first?.notes == "abc")
    }

    /// Found by Fuzz/KDBXXML: a byte that is not UTF-8 inside an element name trapped inside FoundationXML.
    @Test func xmlThatIsNotUTF8IsRefused() {
        let xml: [UInt8] = Array("<KeePassFile><Meta><MasterKeyChangeRe".utf8) + [0xE3] + Array(">-1</MasterKeyChangeRe".utf8)
            + [0xE3] + Array("></Meta></KeePassFile>".utf8)
        #expect(throws: KeePassError.damaged("its XML is not valid UTF-8")) { try XMLTreeReader.parse(xml) }
    }

    /// Found by Fuzz/KDBXXML: FoundationXML called strlen on NULL for a processing instruction without data.
    @Test func processingInstructionsAreRefused() throws {
        let xml = Array("<?xml version=\"1.0\"?>\n<KeePassFile><Meta><?nf6o?></Meta></KeePassFile>".utf8)
        #expect(throws: KeePassError.damaged("its XML has a processing instruction")) { try XMLTreeReader.parse(xml) }
        #expect(try XMLTreeReader.parse(Array("\u{FEFF}<?xml version=\"1.0\"?><A>x</A>".utf8)) == XMLNode("A", text: "x"))
    }

    @Test func wrongPasswordAndDamageAreDistinct() throws {
        let file = try KeePassFile.file(from: [Self.fullItem], credentials: credentials, options: .fast)
        #expect(throws: KeePassError.wrongCredentials) {
            try KeePassFile.items(from: file, credentials: .password("round trap"))
        }
        // An empty password is a password: it is not the same key as no password at all.
        let empty = try KeePassFile.file(from: [], credentials: .password(""), options: .fast)
        #expect(throws: KeePassError.missingCredentials) { try KeePassFile.items(from: empty, credentials: KeePassCredentials()) }
        #expect(try KeePassFile.items(from: empty, credentials: .password("")).isEmpty)

        var body = file
        body[body.count - 100] ^= 0x01
        #expect { try KeePassFile.items(from: body, credentials: credentials) } throws: { error in
            guard case KeePassError.damaged(let reason) = error else { return false }
            return reason.contains("authentication")
        }
        var header = file
        header[50] ^= 0x01  // inside the master seed
        #expect { try KeePassFile.items(from: header, credentials: credentials) } throws: { error in
            guard case KeePassError.damaged(let reason) = error else { return false }
            return reason.contains("checksum")
        }
        #expect(throws: KeePassError.damaged("the block stream is truncated")) {
            try KeePassFile.items(from: Array(file.dropLast(10)), credentials: credentials)
        }
        #expect(throws: KeePassError.notKeePassFile) {
            try KeePassFile.items(from: Array("<?xml version=\"1.0\"?>".utf8), credentials: credentials)
        }
    }

    @Test func twofishIsRefusedByName() throws {
        var file = try KeePassFile.file(from: [], credentials: credentials, options: .fast)
        let aes = OuterHeader.Cipher.aes256UUID
        let start = try #require((0...file.count - 16).first { Array(file[$0..<$0 + 16]) == aes })
        file.replaceSubrange(start..<start + 16, with: OuterHeader.Cipher.twofishUUID)
        #expect(throws: KeePassError.unsupportedCipher("Twofish")) { try KeePassFile.items(from: file, credentials: credentials) }
        #expect(KeePassError.unsupportedCipher("Twofish").description.contains("Twofish"))
    }

    /// A hostile header asking for 64 GiB of Argon2 memory is refused before anything is allocated.
    @Test func excessiveKeyDerivationIsRefused() throws {
        let kdf = KeyDerivation.argon2(.id, salt: Array(repeating: 1, count: 32), memoryBytes: 64 << 30, iterations: 1,
                                       parallelism: 1, version: 0x13)
        #expect(throws: KeePassError.self) { try kdf.transform(Array(repeating: 0, count: 32)) }
        do { _ = try kdf.transform(Array(repeating: 0, count: 32)) } catch let error as KeePassError {
            guard case .keyDerivationTooExpensive = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    @Test func blockStreamSpansManyBlocksAndRejectsReordering() throws {
        let key = Array(repeating: UInt8(7), count: 64)
        let data = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 * 31) }
        let stream = HMACBlockStream.write(data, baseKey: key, blockSize: 1000)
        #expect(try HMACBlockStream.read(stream, from: 0, baseKey: key) == data)
        // Swap the first two (equal-sized) blocks: each block's MAC binds its index.
        let blockLength = 32 + 4 + 1000
        var swapped = stream
        swapped.replaceSubrange(0..<blockLength, with: stream[blockLength..<2 * blockLength])
        swapped.replaceSubrange(blockLength..<2 * blockLength, with: stream[0..<blockLength])
        #expect(throws: KeePassError.self) { try HMACBlockStream.read(swapped, from: 0, baseKey: key) }
        // Dropping the final empty block is truncation, not a shorter valid file.
        #expect(throws: KeePassError.self) { try HMACBlockStream.read(Array(stream.dropLast(36)), from: 0, baseKey: key) }
    }

    @Test func variantDictionaryRoundTripsAndRejectsMalformedInput() throws {
        var dictionary = VariantDictionary()
        dictionary["u32"] = .uint32(7)
        dictionary["u64"] = .uint64(1 << 40)
        dictionary["bool"] = .bool(true)
        dictionary["i32"] = .int32(-5)
        dictionary["i64"] = .int64(-1 << 40)
        dictionary["string"] = .string("ünï")
        dictionary["bytes"] = .bytes([0, 1, 2])
        let bytes = dictionary.serialized()
        #expect(try VariantDictionary(parsing: bytes) == dictionary)
        var newer = bytes
        newer[1] = 0x02
        #expect(throws: KeePassError.self) { try VariantDictionary(parsing: newer) }
        #expect(throws: KeePassError.self) { try VariantDictionary(parsing: Array(bytes.dropLast())) }
        // A UInt32 whose value is 3 bytes long.
        #expect(throws: KeePassError.self) { try VariantDictionary(parsing: [0, 1, 0x04, 1, 0, 0, 0, 0x41, 3, 0, 0, 0, 1, 2, 3, 0]) }
    }

    /// The four other one-time-code forms KeePass apps use become otpauth URIs, and their fields are not kept twice.
    @Test func otherOneTimeCodeFormsBecomeURIs() {
        let keeOtp = KeePassOneTimeCode.read(strings: ["otp": "key=JBSWY3DPEHPK3PXP&step=60&size=8&otpHashMode=SHA256"], title: "A")
        #expect(keeOtp?.uri == "otpauth://totp/A?secret=JBSWY3DPEHPK3PXP&period=60&digits=8&algorithm=SHA256")
        let tray = KeePassOneTimeCode.read(strings: ["TOTP Seed": "jbsw y3dp", "TOTP Settings": "30;S"], title: "Steam")
        #expect(tray?.uri == "otpauth://totp/Steam?secret=JBSWY3DP&period=30&digits=5&encoder=steam")
        #expect(tray?.consumed == ["TOTP Seed", "TOTP Settings"])
        let native = KeePassOneTimeCode.read(strings: ["TimeOtp-Secret-Base32": "JBSWY3DP", "TimeOtp-Algorithm": "HMAC-SHA-512",
                                                      "TimeOtp-Length": "7"], title: "K")
        #expect(native?.uri == "otpauth://totp/K?secret=JBSWY3DP&digits=7&algorithm=SHA512")
    }
}
