import Foundation

/// A login and everything that belongs to it. The whole value is encrypted as one payload.
///
/// The fields follow what KeePass keeps (title, user name, password, URLs, notes, custom fields, history, times,
/// tags, attachments) so that an interchange round trip loses nothing. Fields a newer Sesame adds (passkeys)
/// survive in `unknownFields` when this version edits the item.
public struct Item: Sendable, Equatable, Codable {
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
    /// Payload fields this version does not know, by tag, kept verbatim and written back on edit.
    public var unknownFields: [UInt64: [[UInt8]]]

    public init(
        id: UUID = UUID(), title: String, username: String = "", password: String = "", urls: [ItemURL] = [],
        notes: String = "", fields: [CustomField] = [], tags: [String] = [], matchMode: MatchMode = .domain,
        created: Date = Date(), modified: Date? = nil, expires: Date? = nil,
        passwordHistory: [PasswordHistoryEntry] = [], oneTimeCode: String? = nil, attachments: [ItemAttachment] = [],
        attributes: [String: String] = [:], keePassExtras: String? = nil, unknownFields: [UInt64: [[UInt8]]] = [:]
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
