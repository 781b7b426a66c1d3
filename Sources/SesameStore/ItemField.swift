/// The one description of an item's fields (issue 23): each case is one of ``Item``'s fields, its raw value the key
/// it has in the item's JSON form (the backup's items and the agent's `WireItem`, both written by `Item`'s one
/// `Codable` routine, keyed by this type), with whether it holds a secret and whether it is left out when empty.
///
/// Adding a field to `Item` adds its case here; every shape that shows an item differently (`ItemView`, the agent's
/// `WireItemView`, the CLI's `ItemJSON`) then says what it does with it, and the shape tests, which switch over
/// `allCases` without a default, stop compiling until it does. The sealed payload (`ItemPayload`, tags) is the vault's
/// file format and is described there, not here.
public enum ItemField: String, CaseIterable, CodingKey, Sendable {
    case id, title, username, password, urls, notes, fields, tags, matchMode, created, modified, expires
    case passwordHistory, oneTimeCode, attachments, attributes, keePassExtras, passkeys, unknownFields

    /// What of a field a view without secrets may show.
    public enum Secrecy: Sendable {
        /// Nothing secret: views show it as it is, or leave it out for other reasons.
        case none
        /// The whole value is a secret: views show at most that it is there (or how many).
        case whole
        /// Parts are secret: protected custom fields' values, passkeys' private keys.
        case parts
        /// Kept for round trips (attachments, KeePass's extras, another version's fields), never shown without
        /// asking for the item whole: what it holds is not known to be harmless.
        case opaque
    }

    public var secrecy: Secrecy {
        switch self {
        case .id, .title, .username, .urls, .notes, .tags, .matchMode, .created, .modified, .expires, .attributes: .none
        case .password, .passwordHistory, .oneTimeCode: .whole
        case .fields, .passkeys: .parts
        // KeePass's extras may hold auto-type sequences that type a secret.
        case .attachments, .keePassExtras, .unknownFields: .opaque
        }
    }

    /// Left out of the JSON when it has no value: the optional fields, and `passkeys` when there are none, so an item
    /// without them keeps the bytes it had before they existed.
    public var isLeftOutWhenEmpty: Bool {
        switch self {
        case .expires, .oneTimeCode, .keePassExtras, .passkeys: true
        default: false
        }
    }
}
