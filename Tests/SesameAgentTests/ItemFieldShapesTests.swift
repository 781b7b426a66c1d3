import Foundation
@testable import SesameAgent
import SesameAutoFill
import SesameStore
import Testing

/// Every shape of an item against the one description of its fields (`ItemField`, issue 23): the full form (the
/// backup's items and `WireItem`) writes every field under its key, and the view (`ItemView`, on the wire
/// `WireItemView`) shows each field its own way or leaves it out on purpose. The switches below have no default,
/// so a field added to `ItemField` stops this file compiling until the view's treatment of it is decided here.
@Suite struct ItemFieldShapesTests {
    /// The keys of `WireItemView` that show `field`; none where the view leaves it out on purpose.
    static func viewKeys(_ field: ItemField) -> [String] {
        switch field {
        case .id, .title, .username, .urls, .notes, .fields, .tags, .created, .modified, .expires, .passkeys:
            // `fields` without protected values, `passkeys` without private keys (`ItemView`).
            [field.stringValue]
        // Named `match` since protocol v1.
        case .matchMode: ["match"]
        // Secrets: only that they are there, or how many.
        case .password: ["hasPassword"]
        case .passwordHistory: ["passwordHistoryCount"]
        case .oneTimeCode: ["hasOneTimeCode"]
        // Kept for round trips (KeePass, Secret Service, other versions), shown only by asking for the item whole.
        case .attachments, .attributes, .keePassExtras, .unknownFields: []
        }
    }

    /// Secret values in ``full``, none of which a view may show.
    static let secrets = ["s3cret", "pin-1234", "old-pw", "JBSWY3DPEHPK3PXP", "BwcHBwcHBwc", "AAH/"]

    /// An item with every field set, its secrets from ``secrets``.
    static func full() throws -> Item {
        let passkey = try WireCoding.decode(Passkey.self, from: Array(#"{"backedUp":true,"backupEligible":true,"created":1,"credentialID":"AAECAwQFBgcICQoLDA0ODw","lastUsed":2,"privateKey":"BwcHBwcHBwc","relyingParty":"github.com","signCount":3,"userDisplayName":"Alice","userHandle":"dXNlcg","userName":"alice"}"#.utf8))
        return Item(
            title: "GitHub", username: "alice", password: "s3cret", urls: [ItemURL("https://github.com", match: .host)],
            notes: "n", fields: [CustomField(name: "pin", value: "pin-1234", isProtected: true), CustomField(name: "team", value: "x")],
            tags: ["work"], matchMode: .exact, created: Date(timeIntervalSinceReferenceDate: 3),
            modified: Date(timeIntervalSinceReferenceDate: 4), expires: Date(timeIntervalSinceReferenceDate: 5),
            passwordHistory: [PasswordHistoryEntry(password: "old-pw", replaced: Date(timeIntervalSinceReferenceDate: 6))],
            oneTimeCode: "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP", attachments: [ItemAttachment(name: "a", data: Data([0, 1, 255]))],
            attributes: ["service": "demo"], keePassExtras: "<Extras/>", passkeys: [passkey], unknownFields: [99: [[1, 2]]])
    }

    static func keys<T: Encodable>(_ value: T) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: try WireCoding.encode(value)) as? [String: Any]
        return Set(try #require(object).keys)
    }

    @Test func theFullFormWritesEveryFieldUnderItsKey() throws {
        let full = try Self.full()
        #expect(try Self.keys(full) == Set(ItemField.allCases.map(\.stringValue)))
        #expect(try WireCoding.encode(WireItem(full)) == (try WireCoding.encode(full)))
        #expect(try WireCoding.decode(WireItem.self, from: Array(WireCoding.encode(full))).item == full)
        // An empty item leaves out exactly the fields described as left out when empty.
        let bare = Item(title: "Bare")
        #expect(try Self.keys(bare) == Set(ItemField.allCases.filter { !$0.isLeftOutWhenEmpty }.map(\.stringValue)))
    }

    @Test func theViewShowsEveryFieldItDoesNotLeaveOutAndNoSecret() throws {
        let full = try Self.full()
        let view = WireItemView(ItemView(full))
        #expect(try Self.keys(view) == Set(ItemField.allCases.flatMap(Self.viewKeys)))
        let text = String(decoding: try WireCoding.encode(view), as: UTF8.self)
        for secret in Self.secrets { #expect(!text.contains(secret), "the view shows a secret: \(secret)") }
        // A field the view shows as it is keeps its value there, and comes back.
        #expect(try view.itemView() == ItemView(full))
    }

    /// The description's secrecy is what the view does: every field that is secret in whole or in part, or opaque,
    /// is left out or shown without its secret (the view test above proves the values absent).
    @Test func theSecretFieldsAreTheOnesTheViewReshapes() {
        for field in ItemField.allCases where field.secrecy == .whole {
            #expect(Self.viewKeys(field).allSatisfy { $0 != field.stringValue }, "\(field) is shown as it is")
        }
        for field in ItemField.allCases where field.secrecy == .opaque {
            #expect(Self.viewKeys(field).isEmpty, "\(field) is shown")
        }
    }
}
