import Foundation
import Testing
@testable import SesameStore

@Suite struct ItemPayloadTests {
    func roundTrip(_ item: Item) throws -> Item {
        let bytes = ItemPayload.encode(item)
        return try bytes.withUnsafeBytes { try ItemPayload.decode($0, id: item.id) }
    }

    @Test func everyFieldRoundTripsExactly() throws {
        let item = Item(
            title: "Bücher 📚", username: "ünïcode@example.org", password: "p\u{0}ss\nword",
            urls: [ItemURL("https://a.example/x"), ItemURL("b.example:8443", match: .exact)],
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
        #expect(try roundTrip(item) == item)
    }

    /// What a full identity sync reads of an item is what the whole item says, and what the whole decoder refuses
    /// for missing title or times it refuses too.
    @Test func aLoginDecodesAsTheWholeItemSaysIt() throws {
        let items = [
            Item(title: "Bücher 📚", username: "ü@example.org", password: "p\u{0}w",
                 urls: [ItemURL("https://a.example/x"), ItemURL("b.example:8443", match: .exact), ItemURL("c", match: .never)],
                 notes: "n", fields: [CustomField(name: "PIN", value: "1", isProtected: true)], tags: ["t"], matchMode: .host,
                 passwordHistory: [PasswordHistoryEntry(password: "old", replaced: Date())], oneTimeCode: "otpauth://totp/x?secret=A",
                 attachments: [ItemAttachment(name: "k", data: Data([1]))], attributes: ["a": "b"], unknownFields: [200: [[9]]]),
            Item(title: "", created: Date(timeIntervalSinceReferenceDate: 1)),
            Item(title: "Code only", oneTimeCode: ""), Item(title: "Never", password: "x", matchMode: .never),
        ]
        for item in items {
            let bytes = ItemPayload.encode(item)
            let login = try bytes.withUnsafeBytes { try ItemPayload.decodeLogin($0, id: item.id) }
            #expect(login == ItemLogin(item), "\(item.title)")
        }
        var writer = PayloadWriter()
        writer.string(ItemPayload.Tag.title.rawValue, "no times", keepEmpty: true)
        let untimed = writer.output
        #expect(throws: ItemPayload.Malformed.self) { try untimed.withUnsafeBytes { try ItemPayload.decode($0, id: UUID()) } }
        #expect(throws: ItemPayload.Malformed.self) { try untimed.withUnsafeBytes { try ItemPayload.decodeLogin($0, id: UUID()) } }
    }

    /// Tag 16 carries the KeePass extras; an empty fragment is still "present", distinct from none.
    @Test func keePassExtrasKeepTheirTagAndEmptiness() throws {
        var item = Item(title: "x", created: Date(timeIntervalSinceReferenceDate: 1))
        item.keePassExtras = ""
        #expect(try roundTrip(item).keePassExtras == "")
        item.keePassExtras = "<Entry/>"
        let bytes = ItemPayload.encode(item)
        let tags: [UInt64] = try bytes.withUnsafeBytes { buffer in
            var reader = PayloadReader(buffer)
            var tags: [UInt64] = []
            while let (tag, _) = try reader.next() { tags.append(tag) }
            return tags
        }
        #expect(ItemPayload.Tag.keePassExtras.rawValue == 16 && tags.contains(16))
    }

    @Test func minimalItemRoundTrips() throws {
        let item = Item(title: "x", created: Date(timeIntervalSinceReferenceDate: 1))
        #expect(try roundTrip(item) == item)
    }

    /// Found by Fuzz/ItemPayload: the writer left an empty title out and the reader then rejected the payload as
    /// malformed, so an item without a title (an import, the core API) became unreadable once saved.
    @Test func emptyTitleRoundTrips() throws {
        let item = Item(title: "", created: Date(timeIntervalSinceReferenceDate: 1))
        #expect(try roundTrip(item) == item)
    }

    @Test func unknownMatchModeNeverWidensMatching() throws {
        var writer = PayloadWriter()
        writer.string(ItemPayload.Tag.title.rawValue, "t")
        writer.string(ItemPayload.Tag.match.rawValue, "fuzzy-future-mode")
        writer.date(ItemPayload.Tag.created.rawValue, Date())
        writer.date(ItemPayload.Tag.modified.rawValue, Date())
        let item = try writer.output.withUnsafeBytes { try ItemPayload.decode($0, id: UUID()) }
        #expect(item.matchMode == .never)
    }

    @Test func malformedPayloadsAreRejected() {
        let good = ItemPayload.encode(Item(title: "x"))
        // Truncations cut a field in half; a varint that never ends; a length beyond the buffer.
        for bad in [Array(good.prefix(good.count - 3)), [0x81, 0x81, 0x81], [0x01, 0x7f, 0x41], []] {
            #expect(throws: (any Error).self) { try bad.withUnsafeBytes { try ItemPayload.decode($0, id: UUID()) } }
        }
    }
}
