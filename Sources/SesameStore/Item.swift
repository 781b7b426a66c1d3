import Foundation

/// A login and everything that belongs to it. The whole value is encrypted as one payload.
///
/// The fields follow what KeePass keeps (title, user name, password, URLs, notes, custom fields, history, times,
/// tags, attachments) so that an interchange round trip loses nothing. Fields a newer Sesame adds survive in
/// `unknownFields` when this version edits the item.
public struct Item: Sendable, Equatable {
    public var id: UUID
    public var title: String
    public var username: String
    public var password: String
    public var urls: [ItemURL]
    public var notes: String
    public var fields: [CustomField]
    public var tags: [String]
    /// The match mode for URLs that do not set their own.
    public var matchMode: MatchMode
    public var created: Date
    public var modified: Date
    /// When the password stops being valid (git's `password_expiry_utc`, KeePass's expiry time).
    public var expires: Date?
    /// Earlier passwords, oldest first.
    public var passwordHistory: [PasswordHistoryEntry]
    /// The one-time-code secret as an `otpauth://` URI, kept verbatim; the generator of codes parses it.
    public var oneTimeCode: String?
    /// Files kept with the item, in order.
    public var attachments: [ItemAttachment]
    /// Lookup attributes a client program gave the item (Secret Service), kept encrypted like everything else.
    public var attributes: [String: String]
    /// What a KeePass file held for this entry that Sesame has no field for (icon, auto-type, custom data, its group),
    /// as an XML fragment owned by SesameKeePass; written back when the item is exported to KeePass again.
    public var keePassExtras: String?
    /// The item's passkeys, in the order they were added.
    public var passkeys: [Passkey]
    /// Payload fields this version does not know, by tag, kept verbatim and written back on edit.
    public var unknownFields: [UInt64: [[UInt8]]]

    public init(
        id: UUID = UUID(), title: String, username: String = "", password: String = "", urls: [ItemURL] = [],
        notes: String = "", fields: [CustomField] = [], tags: [String] = [], matchMode: MatchMode = .domain,
        created: Date = Date(), modified: Date? = nil, expires: Date? = nil,
        passwordHistory: [PasswordHistoryEntry] = [], oneTimeCode: String? = nil, attachments: [ItemAttachment] = [],
        attributes: [String: String] = [:], keePassExtras: String? = nil, passkeys: [Passkey] = [],
        unknownFields: [UInt64: [[UInt8]]] = [:]
    ) {
        self.id = id
        self.title = title
        self.username = username
        self.password = password
        self.urls = urls
        self.notes = notes
        self.fields = fields
        self.tags = tags
        self.matchMode = matchMode
        self.created = created
        self.modified = modified ?? created
        self.expires = expires
        self.passwordHistory = passwordHistory
        self.oneTimeCode = oneTimeCode
        self.attachments = attachments
        self.attributes = attributes
        self.keePassExtras = keePassExtras
        self.passkeys = passkeys
        self.unknownFields = unknownFields
    }

    /// The match mode that applies to one of the item's URLs.
    public func matchMode(for url: ItemURL) -> MatchMode {
        matchMode == .never ? .never : (url.match ?? matchMode)
    }
}

extension Item: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Names the item by id only: descriptions end up in logs and test output, which must never show secrets.
    public var description: String { "Item(\(id.uuidString.lowercased()), redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["id": id], displayStyle: .struct) }
}

extension Item: Codable {
    /// The same JSON as before passkeys (the agent protocol and the backup format show it byte for byte), with
    /// `passkeys` present only when there are some: a backup or a message without them reads as an item without.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ItemField.self)
        self.init(
            id: try container.decode(UUID.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            username: try container.decode(String.self, forKey: .username),
            password: try container.decode(String.self, forKey: .password),
            urls: try container.decode([ItemURL].self, forKey: .urls),
            notes: try container.decode(String.self, forKey: .notes),
            fields: try container.decode([CustomField].self, forKey: .fields),
            tags: try container.decode([String].self, forKey: .tags),
            matchMode: try container.decode(MatchMode.self, forKey: .matchMode),
            created: try container.decode(Date.self, forKey: .created),
            modified: try container.decode(Date.self, forKey: .modified),
            expires: try container.decodeIfPresent(Date.self, forKey: .expires),
            passwordHistory: try container.decode([PasswordHistoryEntry].self, forKey: .passwordHistory),
            oneTimeCode: try container.decodeIfPresent(String.self, forKey: .oneTimeCode),
            attachments: try container.decode([ItemAttachment].self, forKey: .attachments),
            attributes: try container.decode([String: String].self, forKey: .attributes),
            keePassExtras: try container.decodeIfPresent(String.self, forKey: .keePassExtras),
            passkeys: try container.decodeIfPresent([Passkey].self, forKey: .passkeys) ?? [],
            unknownFields: try container.decode([UInt64: [[UInt8]]].self, forKey: .unknownFields))
    }

    /// Every field of ``ItemField``, in its order (the backup's encoder does not sort keys): the switch has no
    /// default, so a field added there is written here or the module does not compile.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ItemField.self)
        for field in ItemField.allCases {
            switch field {
            case .id: try container.encode(id, forKey: field)
            case .title: try container.encode(title, forKey: field)
            case .username: try container.encode(username, forKey: field)
            case .password: try container.encode(password, forKey: field)
            case .urls: try container.encode(urls, forKey: field)
            case .notes: try container.encode(notes, forKey: field)
            case .fields: try container.encode(fields, forKey: field)
            case .tags: try container.encode(tags, forKey: field)
            case .matchMode: try container.encode(matchMode, forKey: field)
            case .created: try container.encode(created, forKey: field)
            case .modified: try container.encode(modified, forKey: field)
            case .expires: try container.encodeIfPresent(expires, forKey: field)
            case .passwordHistory: try container.encode(passwordHistory, forKey: field)
            case .oneTimeCode: try container.encodeIfPresent(oneTimeCode, forKey: field)
            case .attachments: try container.encode(attachments, forKey: field)
            case .attributes: try container.encode(attributes, forKey: field)
            case .keePassExtras: try container.encodeIfPresent(keePassExtras, forKey: field)
            case .passkeys: if !passkeys.isEmpty { try container.encode(passkeys, forKey: field) }
            case .unknownFields: try container.encode(unknownFields, forKey: field)
            }
        }
    }
}

extension Item {
    /// The item as this version reads it: fields an older Sesame kept verbatim in ``unknownFields`` under a tag
    /// this version knows (passkeys, tag 17) become typed fields; truly unknown ones stay. Throws when such a field
    /// is damaged.
    public func readingKnownFields() throws -> Item {
        guard !unknownFields.isEmpty else { return self }
        return try ItemPayload.encode(self).withUnsafeBytes { try ItemPayload.decode($0, id: id) }
    }
}
