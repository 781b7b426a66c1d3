import Foundation
import SesameAutoFill
import SesameStore

/// An edit to an item on the wire (`update`): the core's `ItemChange`, field for field. `expires` and
/// `oneTimeCode` have three states: absent (keep), `null` (remove), a value (set).
struct WireItemChange: Codable, Sendable, Equatable, CarriesSecrets {
    var title: String?
    var username: String?
    var password: String?
    var urls: [ItemURL]?
    var addURLs: [ItemURL]
    var removeURLs: [String]
    var notes: String?
    var matchMode: String?
    /// In `CustomField`'s JSON form (`name`, `value`, `protected`), as an item's `fields` are.
    var setFields: [CustomField]
    var removeFields: [String]
    var expires: Date??
    var oneTimeCode: String??
    var attributes: [String: String]?
    var removePasskeys: [String]?

    enum CodingKeys: String, CodingKey {
        case title = "title", username = "username", password = "password", urls = "urls", addURLs = "addURLs"
        case removeURLs = "removeURLs", notes = "notes", matchMode = "matchMode", setFields = "setFields"
        case removeFields = "removeFields", expires = "expires", oneTimeCode = "oneTimeCode"
        case attributes = "attributes", removePasskeys = "removePasskeys"
    }

    init(_ change: ItemChange) {
        title = change.title
        username = change.username
        password = change.password
        urls = change.urls
        addURLs = change.addURLs
        removeURLs = change.removeURLs
        notes = change.notes
        matchMode = change.matchMode?.rawValue
        setFields = change.setFields
        removeFields = change.removeFields
        expires = change.expires
        oneTimeCode = change.oneTimeCode
        attributes = change.attributes
        removePasskeys = change.removePasskeys
    }

    func change() throws(ServiceFailure) -> ItemChange {
        var change = ItemChange()
        change.title = title
        change.username = username
        change.password = password
        change.urls = urls
        change.addURLs = addURLs
        change.removeURLs = removeURLs
        change.notes = notes
        if let matchMode {
            guard let mode = MatchMode(rawValue: matchMode) else {
                throw ServiceFailure(.protocolError, "An edit on the wire has an unknown match mode '\(matchMode.prefix(64))'.")
            }
            change.matchMode = mode
        }
        change.setFields = setFields
        change.removeFields = removeFields
        change.expires = expires
        change.oneTimeCode = oneTimeCode
        change.attributes = attributes
        change.removePasskeys = removePasskeys
        return change
    }
}

extension WireItemChange {
    /// `null` in `expires` or `oneTimeCode` is kept as "remove" (`.some(nil)`): the synthesized decoder the core's
    /// `ItemChange` had read it as absent, so `sesame edit --remove-otp` through the agent removed nothing.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func removable<T: Decodable>(_ type: T.Type, _ key: CodingKeys) throws -> T?? {
            guard container.contains(key) else { return nil }
            return .some(try container.decodeNil(forKey: key) ? nil : try container.decode(T.self, forKey: key))
        }
        title = try container.decodeIfPresent(String.self, forKey: .title)
        username = try container.decodeIfPresent(String.self, forKey: .username)
        password = try container.decodeIfPresent(String.self, forKey: .password)
        urls = try container.decodeIfPresent([ItemURL].self, forKey: .urls)
        addURLs = try container.decode([ItemURL].self, forKey: .addURLs)
        removeURLs = try container.decode([String].self, forKey: .removeURLs)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        matchMode = try container.decodeIfPresent(String.self, forKey: .matchMode)
        setFields = try container.decode([CustomField].self, forKey: .setFields)
        removeFields = try container.decode([String].self, forKey: .removeFields)
        expires = try removable(Date.self, .expires)
        oneTimeCode = try removable(String.self, .oneTimeCode)
        attributes = try container.decodeIfPresent([String: String].self, forKey: .attributes)
        removePasskeys = try container.decodeIfPresent([String].self, forKey: .removePasskeys)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(username, forKey: .username)
        try container.encodeIfPresent(password, forKey: .password)
        try container.encodeIfPresent(urls, forKey: .urls)
        try container.encode(addURLs, forKey: .addURLs)
        try container.encode(removeURLs, forKey: .removeURLs)
        try container.encodeIfPresent(notes, forKey: .notes)
        try container.encodeIfPresent(matchMode, forKey: .matchMode)
        try container.encode(setFields, forKey: .setFields)
        try container.encode(removeFields, forKey: .removeFields)
        // `.some(nil)` writes `null`: remove.
        if let expires { try container.encode(expires, forKey: .expires) }
        if let oneTimeCode { try container.encode(oneTimeCode, forKey: .oneTimeCode) }
        try container.encodeIfPresent(attributes, forKey: .attributes)
        try container.encodeIfPresent(removePasskeys, forKey: .removePasskeys)
    }
}

extension WireItemChange: CustomStringConvertible, CustomReflectable {
    var description: String { "WireItemChange(redacted)" }
    var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
