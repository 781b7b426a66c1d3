import Foundation
import Testing
@testable import SesameStore

/// The compact encoding (payload format 3, the items table's): every item reads back exactly, as the full
/// encoding reads it, in fewer bytes.
@Suite struct CompactPayloadTests {
    func compactRoundTrip(_ item: Item) throws -> Item {
        try ItemPayload.encodeCompact(item).withUnsafeBytes { try ItemPayload.decodeCompact($0, id: item.id) }
    }

    static let everyField = Item(
        title: "Bücher 📚", username: "ünïcode@example.org", password: "p\u{0}ss\nword",
        urls: [ItemURL("https://a.example/x"), ItemURL("http://b.example:8443", match: .exact),
               ItemURL("c.example", match: .never), ItemURL("HTTPS://upper.example"), ItemURL("https://"), ItemURL(""),
               ItemURL("https://m.example", match: .host)],
        notes: String(repeating: "long note ", count: 200),
        fields: [CustomField(name: "PIN", value: "1234", isProtected: true), CustomField(name: "empty", value: "")],
        tags: ["work", ""], matchMode: .host,
        created: Date(timeIntervalSinceReferenceDate: 123.456789),
        modified: Date(timeIntervalSinceReferenceDate: 987_654_321.000_001),
        expires: Date(timeIntervalSince1970: 2_000_000_000),
        passwordHistory: [PasswordHistoryEntry(password: "old", replaced: Date(timeIntervalSinceReferenceDate: 5))],
        oneTimeCode: "otpauth://totp/Example:alice?secret=JBSWY3DPEHPK3PXP&issuer=Example",
        attachments: [ItemAttachment(name: "key.pem", data: Data([0, 1, 255])), ItemAttachment(name: "", data: Data())],
        attributes: ["service": "gh", "": "empty name", "user": ""],
        keePassExtras: "<Entry><IconID>12</IconID></Entry>",
        unknownFields: [200: [[9, 9]], 7_000_000: [[]]])

    @Test func everyFieldRoundTripsExactly() throws {
        #expect(try compactRoundTrip(Self.everyField) == Self.everyField)
        let sparse = Item(title: "", created: Date(timeIntervalSinceReferenceDate: -0.0))
        #expect(try compactRoundTrip(sparse) == sparse)
    }

    /// The modification time is left out only while its bits are the creation time's: an item edited later, or
    /// whose times differ only in the sign of zero, keeps both.
    @Test func theModificationTimeIsLeftOutOnlyWhileItIsTheCreationTime() throws {
        let created = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456)
        let fresh = Item(title: "t", created: created)
        let edited = Item(title: "t", created: created, modified: created.addingTimeInterval(1e-6))
        #expect(ItemPayload.encodeCompact(edited).count == ItemPayload.encodeCompact(fresh).count + 10)
        #expect(try compactRoundTrip(edited).modified == edited.modified)
        #expect(try compactRoundTrip(fresh).modified == created)
        let signed = Item(title: "t", created: Date(timeIntervalSinceReferenceDate: 0), modified: Date(timeIntervalSinceReferenceDate: -0.0))
        let read = try compactRoundTrip(signed)
        #expect(read.modified.timeIntervalSinceReferenceDate.sign == .minus && read.created.timeIntervalSinceReferenceDate.sign == .plus)
    }

    /// A typical login (the benchmark's fixture) takes about 25 bytes less than in the full encoding.
    @Test func aLoginIsSmallerThanInTheFullEncoding() {
        let login = Item(
            title: "Account 5000 at site1666-example.com", username: "user5000@mail.example", password: "pw-5000-3F2A9C1B",
            urls: [ItemURL("https://www.site1666-example.com/login")], created: Date())
        #expect(ItemPayload.encode(login).count - ItemPayload.encodeCompact(login).count == 24)
    }

    /// Both encodings hold the same items: what one reads, the other writes and reads the same.
    @Test func bothEncodingsReadTheSameItem() throws {
        let full = try ItemPayload.encode(Self.everyField).withUnsafeBytes { try ItemPayload.decode($0, id: Self.everyField.id) }
        #expect(try compactRoundTrip(full) == full)
        for format: UInt8 in [1, 2, 3] {
            let bytes = ItemPayload.encode(Self.everyField, format: format)
            #expect(try bytes.withUnsafeBytes { try ItemPayload.decode($0, id: Self.everyField.id, format: format) } == Self.everyField)
        }
        #expect(ItemPayload.encode(Self.everyField, format: 2) == ItemPayload.encode(Self.everyField))
        #expect(ItemPayload.encode(Self.everyField, format: 3) == ItemPayload.encodeCompact(Self.everyField))
    }

    @Test func aLoginDecodesAsTheWholeItemSaysIt() throws {
        for item in [Self.everyField, Item(title: "", created: Date(timeIntervalSinceReferenceDate: 1)),
                     Item(title: "Code only", oneTimeCode: ""), Item(title: "Never", password: "x", matchMode: .never)] {
            let bytes = ItemPayload.encodeCompact(item)
            let login = try bytes.withUnsafeBytes { try ItemPayload.decodeLogin($0, id: item.id, format: 3) }
            #expect(login == ItemLogin(item), "\(item.title)")
        }
    }

    /// The bytes on disk, pinned: head (lengths and the creation time's bits), the URL's flag byte (1: `https://`)
    /// and the rest of it, then the notes as a tagged field.
    @Test func theEncodingIsPinned() {
        let item = Item(
            title: "Mail", username: "ann", password: "two", urls: [ItemURL("https://mail.example.com/login")], notes: "note",
            created: Date(timeIntervalSinceReferenceDate: 786_000_000.25))
        let hex = ItemPayload.encodeCompact(item).map { String(format: "%02x", $0) }.joined()
        #expect(hex == "044d61696c03616e6e0374776f00002040b46cc7410417016d61696c2e6578616d706c652e636f6d2f6c6f67696e05046e6f7465")
    }

    @Test func malformedPayloadsAreRejected() {
        let good = ItemPayload.encodeCompact(Item(title: "x", urls: [ItemURL("https://a.example", match: .exact)]))
        var badFlags = PayloadWriter(), badScheme = PayloadWriter(), shortMatch = PayloadWriter()
        let head = Array(ItemPayload.encodeCompact(Item(title: "x")))
        badFlags.bytes(ItemPayload.Tag.url.rawValue, [0x08] + Array("a.example".utf8))
        badScheme.bytes(ItemPayload.Tag.url.rawValue, [0x03] + Array("a.example".utf8))
        shortMatch.bytes(ItemPayload.Tag.url.rawValue, [0x05, 0x7f] + Array("a.example".utf8))
        let cases: [[UInt8]] = [
            [], Array(head.prefix(head.count - 1)), [0x05, 0x41], [0x01, 0x41, 0x00, 0x00] + [UInt8](repeating: 0, count: 7),
            Array(good.prefix(good.count - 2)), head + badFlags.output, head + badScheme.output, head + shortMatch.output,
            head + [0x04, 0x00],  // a URL record without its flag byte
        ]
        for bad in cases {
            #expect(throws: ItemPayload.Malformed.self) { try bad.withUnsafeBytes { try ItemPayload.decodeCompact($0, id: UUID()) } }
            #expect(throws: ItemPayload.Malformed.self) { try bad.withUnsafeBytes { try ItemPayload.decodeLogin($0, id: UUID(), format: 3) } }
        }
    }
}
