import Foundation
import SesameStore

/// An item without its secrets: what `show` (without `--reveal`), `edit` and `rm` see. The password and the
/// values of protected fields are absent, the password history is only counted, passkeys come without their keys
/// (the fields `ItemField` describes as secret); round-trip data (attachments, attributes, KeePass's extras, unknown
/// fields) is left out.
public struct ItemView: Sendable, Equatable {
    /// A custom field; `value` is nil for a protected one (and then left out of its JSON). Its JSON is
    /// `CustomField`'s, the key `protected` included: the agent's `WireItemView` and the CLI's `ItemJSON` both write it.
    public struct Field: Codable, Sendable, Equatable {
        public var name: String
        public var value: String?
        public var isProtected: Bool

        public init(name: String, value: String?, isProtected: Bool) {
            self.name = name
            self.value = value
            self.isProtected = isProtected
        }

        enum CodingKeys: String, CodingKey {
            case name, value
            case isProtected = "protected"
        }
    }

    public var id: UUID
    public var title: String
    public var username: String
    public var hasPassword: Bool
    public var urls: [ItemURL]
    public var notes: String
    public var fields: [Field]
    public var tags: [String]
    public var matchMode: MatchMode
    public var created: Date
    public var modified: Date
    public var expires: Date?
    public var passwordHistoryCount: Int
    public var passkeys: [PasskeySummary]
    /// Whether the item has a one-time code setting (its secret stays out of the view).
    public var hasOneTimeCode: Bool

    public init(
        id: UUID, title: String, username: String, hasPassword: Bool, urls: [ItemURL], notes: String,
        fields: [Field], tags: [String], matchMode: MatchMode, created: Date, modified: Date, expires: Date?,
        passwordHistoryCount: Int, passkeys: [PasskeySummary] = [], hasOneTimeCode: Bool = false
    ) {
        self.id = id
        self.title = title
        self.username = username
        self.hasPassword = hasPassword
        self.urls = urls
        self.notes = notes
        self.fields = fields
        self.tags = tags
        self.matchMode = matchMode
        self.created = created
        self.modified = modified
        self.expires = expires
        self.passwordHistoryCount = passwordHistoryCount
        self.passkeys = passkeys
        self.hasOneTimeCode = hasOneTimeCode
    }

    /// The view of `item`: everything but its secrets.
    public init(_ item: Item) {
        self.init(
            id: item.id, title: item.title, username: item.username, hasPassword: !item.password.isEmpty,
            urls: item.urls, notes: item.notes,
            fields: item.fields.map { Field(name: $0.name, value: $0.isProtected ? nil : $0.value, isProtected: $0.isProtected) },
            tags: item.tags, matchMode: item.matchMode, created: item.created, modified: item.modified,
            expires: item.expires, passwordHistoryCount: item.passwordHistory.count,
            passkeys: item.passkeys.map(PasskeySummary.init),
            hasOneTimeCode: !(item.oneTimeCode ?? "").isEmpty)
    }

    /// The match mode that applies to one of the item's URLs (as `Item.matchMode(for:)`).
    public func matchMode(for url: ItemURL) -> MatchMode {
        matchMode == .never ? .never : (url.match ?? matchMode)
    }
}
