import Foundation
import SesameAutoFill
import SesameStore

/// An item in full on the wire, secrets included: what `add`, `importItems` and `storeAttributed` send and
/// `reveal`, `export` and `conflictVersions` answer. Its fields are spelled out here, so renaming a property of
/// the core's `Item` cannot change protocol v2; the bytes are those `Item`'s own `Codable` form wrote
/// (`WireTypesTests`). URLs and passkeys keep their own spelled-out forms (`ItemURL`, `Passkey`), as in
/// ``WireItemView``.
struct WireItem: Codable, Sendable, Equatable, CarriesSecrets {
    /// A custom field with its value (protected or not).
    struct Field: Codable, Sendable, Equatable {
        var name: String
        var value: String
        var isProtected: Bool

        enum CodingKeys: String, CodingKey {
            case name = "name", value = "value", isProtected = "protected"
        }
    }

    /// An earlier password and when it was replaced.
    struct HistoryEntry: Codable, Sendable, Equatable {
        var password: String
        var replaced: Date

        enum CodingKeys: String, CodingKey {
            case password = "password", replaced = "replaced"
        }
    }

    struct Attachment: Codable, Sendable, Equatable {
        var name: String
        var data: Data

        enum CodingKeys: String, CodingKey {
            case name = "name", data = "data"
        }
    }

    var id: UUID
    var title: String
    var username: String
    var password: String
    var urls: [ItemURL]
    var notes: String
    var fields: [Field]
    var tags: [String]
    var matchMode: String
    var created: Date
    var modified: Date
    var expires: Date?
    var passwordHistory: [HistoryEntry]
    var oneTimeCode: String?
    var attachments: [Attachment]
    var attributes: [String: String]
    var keePassExtras: String?
    /// Absent when the item has none, so items without passkeys keep the bytes they had before passkeys.
    var passkeys: [Passkey]?
    /// Payload fields the sender's version did not know, by tag, kept verbatim.
    var unknownFields: [UInt64: [[UInt8]]]

    enum CodingKeys: String, CodingKey {
        case id = "id", title = "title", username = "username", password = "password", urls = "urls"
        case notes = "notes", fields = "fields", tags = "tags", matchMode = "matchMode", created = "created"
        case modified = "modified", expires = "expires", passwordHistory = "passwordHistory"
        case oneTimeCode = "oneTimeCode", attachments = "attachments", attributes = "attributes"
        case keePassExtras = "keePassExtras", passkeys = "passkeys", unknownFields = "unknownFields"
    }

    init(_ item: Item) {
        id = item.id
        title = item.title
        username = item.username
        password = item.password
        urls = item.urls
        notes = item.notes
        fields = item.fields.map { Field(name: $0.name, value: $0.value, isProtected: $0.isProtected) }
        tags = item.tags
        matchMode = item.matchMode.rawValue
        created = item.created
        modified = item.modified
        expires = item.expires
        passwordHistory = item.passwordHistory.map { HistoryEntry(password: $0.password, replaced: $0.replaced) }
        oneTimeCode = item.oneTimeCode
        attachments = item.attachments.map { Attachment(name: $0.name, data: $0.data) }
        attributes = item.attributes
        keePassExtras = item.keePassExtras
        passkeys = item.passkeys.isEmpty ? nil : item.passkeys
        unknownFields = item.unknownFields
    }

    func item() throws(ServiceFailure) -> Item {
        guard let mode = MatchMode(rawValue: matchMode) else {
            throw ServiceFailure(.protocolError, "An item on the wire has an unknown match mode '\(matchMode.prefix(64))'.")
        }
        return Item(
            id: id, title: title, username: username, password: password, urls: urls, notes: notes,
            fields: fields.map { CustomField(name: $0.name, value: $0.value, isProtected: $0.isProtected) },
            tags: tags, matchMode: mode, created: created, modified: modified, expires: expires,
            passwordHistory: passwordHistory.map { PasswordHistoryEntry(password: $0.password, replaced: $0.replaced) },
            oneTimeCode: oneTimeCode, attachments: attachments.map { ItemAttachment(name: $0.name, data: $0.data) },
            attributes: attributes, keePassExtras: keePassExtras, passkeys: passkeys ?? [], unknownFields: unknownFields)
    }
}

// Written out: the optional fields are left out when absent, as `Item`'s form does (the synthesized coder would
// write the same, but spelling it out keeps the bytes a decision of this file).
extension WireItem {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        username = try container.decode(String.self, forKey: .username)
        password = try container.decode(String.self, forKey: .password)
        urls = try container.decode([ItemURL].self, forKey: .urls)
        notes = try container.decode(String.self, forKey: .notes)
        fields = try container.decode([Field].self, forKey: .fields)
        tags = try container.decode([String].self, forKey: .tags)
        matchMode = try container.decode(String.self, forKey: .matchMode)
        created = try container.decode(Date.self, forKey: .created)
        modified = try container.decode(Date.self, forKey: .modified)
        expires = try container.decodeIfPresent(Date.self, forKey: .expires)
        passwordHistory = try container.decode([HistoryEntry].self, forKey: .passwordHistory)
        oneTimeCode = try container.decodeIfPresent(String.self, forKey: .oneTimeCode)
        attachments = try container.decode([Attachment].self, forKey: .attachments)
        attributes = try container.decode([String: String].self, forKey: .attributes)
        keePassExtras = try container.decodeIfPresent(String.self, forKey: .keePassExtras)
        passkeys = try container.decodeIfPresent([Passkey].self, forKey: .passkeys)
        if passkeys?.isEmpty == true { passkeys = nil }
        unknownFields = try container.decode([UInt64: [[UInt8]]].self, forKey: .unknownFields)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(username, forKey: .username)
        try container.encode(password, forKey: .password)
        try container.encode(urls, forKey: .urls)
        try container.encode(notes, forKey: .notes)
        try container.encode(fields, forKey: .fields)
        try container.encode(tags, forKey: .tags)
        try container.encode(matchMode, forKey: .matchMode)
        try container.encode(created, forKey: .created)
        try container.encode(modified, forKey: .modified)
        try container.encodeIfPresent(expires, forKey: .expires)
        try container.encode(passwordHistory, forKey: .passwordHistory)
        try container.encodeIfPresent(oneTimeCode, forKey: .oneTimeCode)
        try container.encode(attachments, forKey: .attachments)
        try container.encode(attributes, forKey: .attributes)
        try container.encodeIfPresent(keePassExtras, forKey: .keePassExtras)
        try container.encodeIfPresent(passkeys, forKey: .passkeys)
        try container.encode(unknownFields, forKey: .unknownFields)
    }
}

extension WireItem: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Names the item by id only, as `Item` does: descriptions end up in logs and test output.
    var description: String { "WireItem(\(id.uuidString.lowercased()), redacted)" }
    var debugDescription: String { description }
    var customMirror: Mirror { Mirror(self, children: ["id": id], displayStyle: .struct) }
}

extension [WireItem] {
    /// The core's items, in order.
    func items() throws(ServiceFailure) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(count)
        for item in self { items.append(try item.item()) }
        return items
    }
}
