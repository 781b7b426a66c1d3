import Foundation

/// One field in which two versions of an item differ, named as `sesame conflicts` shows it; `isSecret` says
/// whether its values are shown only on request (the password, the one-time code, a protected field).
public struct ItemDifference: Codable, Sendable, Equatable, Hashable {
    /// `title`, `username`, `password`, `urls`, `notes`, `tags`, `oneTimeCode`, `match`, `expires`,
    /// `attachments`, `attributes`, `passkeys`, `state`, or `field:NAME` for a custom field.
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
    /// The fields in which `other` differs from this item, in a fixed order; times and history are left out (a
    /// version is newer by its nature, and history follows the password). Passkeys differ when one was added,
    /// removed or changed in anything but when it was last used (a sign-in on each device is not an edit).
    public func differences(from other: Item) -> [ItemDifference] {
        var found: [ItemDifference] = []
        func note(_ field: String, secret: Bool = false, _ differs: Bool) {
            if differs { found.append(ItemDifference(field: field, isSecret: secret)) }
        }
        note("title", title != other.title)
        note("username", username != other.username)
        note("password", secret: true, password != other.password)
        note("urls", urls != other.urls)
        note("notes", notes != other.notes)
        note("tags", tags != other.tags)
        note("oneTimeCode", secret: true, oneTimeCode != other.oneTimeCode)
        note("match", matchMode != other.matchMode)
        note("expires", expires != other.expires)
        note("attachments", attachments != other.attachments)
        note("attributes", attributes != other.attributes)
        note("passkeys", passkeys.map(\.ignoringUse) != other.passkeys.map(\.ignoringUse))
        var names: [String] = []
        for field in fields + other.fields where !names.contains(field.name) { names.append(field.name) }
        for name in names {
            let mine = fields.first { $0.name == name }, theirs = other.fields.first { $0.name == name }
            note("field:\(name)", secret: (mine?.isProtected ?? false) || (theirs?.isProtected ?? false), mine != theirs)
        }
        return found
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
