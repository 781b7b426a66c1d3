import Foundation

/// One field in which two versions of an item differ, named as `sesame conflicts` shows it; `isSecret` says
/// whether its values are shown only on request (the password, the one-time code, a protected field).
public struct ItemDifference: Codable, Sendable, Equatable, Hashable {
    /// `title`, `username`, `password`, `urls`, `notes`, `tags`, `oneTimeCode`, `match`, `expires`,
    /// `attachments`, `attributes`, `keePassExtras`, `passkeys`, `state`, or `field:NAME` for a custom field.
    public var field: String
    public var isSecret: Bool

    public init(field: String, isSecret: Bool) {
        self.field = field
        self.isSecret = isSecret
    }

    enum CodingKeys: String, CodingKey {
        case field
        case isSecret = "secret"
    }
}

extension Item {
    /// The fields in which `other` differs from this item, in ``ItemField``'s order with custom fields last; times,
    /// history and unknown fields are left out (a version is newer by its nature, history follows the password, and
    /// what a newer Sesame wrote cannot be named). Passkeys differ when one was added, removed or changed in anything
    /// but when it was last used (a sign-in on each device is not an edit). The switch has no default: a field added
    /// to `ItemField` must say here whether a conflict names it.
    public func differences(from other: Item) -> [ItemDifference] {
        var found: [ItemDifference] = []
        for field in ItemField.allCases {
            let differs: Bool
            switch field {
            case .id, .created, .modified, .passwordHistory, .unknownFields, .fields: continue
            case .title: differs = title != other.title
            case .username: differs = username != other.username
            case .password: differs = password != other.password
            case .urls: differs = urls != other.urls
            case .notes: differs = notes != other.notes
            case .tags: differs = tags != other.tags
            case .oneTimeCode: differs = oneTimeCode != other.oneTimeCode
            case .matchMode: differs = matchMode != other.matchMode
            case .expires: differs = expires != other.expires
            case .attachments: differs = attachments != other.attachments
            case .attributes: differs = attributes != other.attributes
            case .keePassExtras: differs = keePassExtras != other.keePassExtras
            case .passkeys: differs = passkeys.map(\.ignoringUse) != other.passkeys.map(\.ignoringUse)
            }
            if differs { found.append(ItemDifference(field: Self.differenceName(of: field), isSecret: field.secrecy == .whole)) }
        }
        var names: [String] = []
        for field in fields + other.fields where !names.contains(field.name) { names.append(field.name) }
        for name in names {
            let mine = fields.first { $0.name == name }, theirs = other.fields.first { $0.name == name }
            if mine != theirs {
                found.append(ItemDifference(
                    field: "field:\(name)", isSecret: (mine?.isProtected ?? false) || (theirs?.isProtected ?? false)))
            }
        }
        return found
    }

    /// The name `sesame conflicts` gives a field: its JSON key, but `match` for the match mode, as the CLI calls it.
    static func differenceName(of field: ItemField) -> String {
        field == .matchMode ? "match" : field.rawValue
    }
}

extension Item {
    /// One field's value as text for people, by the names of ``ItemDifference/field``: URLs and tags joined,
    /// dates in ISO 8601, `(none)` for an absent value. Secret fields give their secret: callers decide.
    public func displayValue(of field: String) -> String {
        switch field {
        case "title": return title
        case "username": return username
        case "password": return password
        case "urls": return urls.map(\.url).joined(separator: " ")
        case "notes": return notes
        case "tags": return tags.joined(separator: ", ")
        case "oneTimeCode": return oneTimeCode ?? "(none)"
        case "match": return matchMode.rawValue
        case "expires": return expires.map { $0.formatted(.iso8601) } ?? "(none)"
        case "attachments": return attachments.map(\.name).joined(separator: ", ")
        // What KeePass kept beside the entry (auto-type sequences among it) is never shown, only whether it is there.
        case "keePassExtras": return keePassExtras.map { "(\($0.utf8.count) bytes of KeePass data)" } ?? "(none)"
        case "attributes": return attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        // What people recognise a passkey by; never its key.
        case "passkeys": return passkeys.map { "\($0.relyingPartyID) \($0.userName) (\($0.credentialIDText))" }.joined(separator: ", ")
        default:
            guard field.hasPrefix("field:") else { return "" }
            let name = field.dropFirst("field:".count)
            return fields.first { $0.name == name }?.value ?? "(none)"
        }
    }
}

extension Passkey {
    /// The passkey without the time of its last use, for comparing versions.
    fileprivate var ignoringUse: Passkey {
        var passkey = self
        passkey.lastUsed = nil
        return passkey
    }
}
