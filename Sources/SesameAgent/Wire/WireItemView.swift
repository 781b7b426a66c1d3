import Foundation
import SesameAutoFill
import SesameStore

/// `ItemView` on the wire: an item without its secrets. Unlike the item's one JSON form (`WireItem`, keyed by
/// `ItemField`) on purpose: `hasPassword`, `passwordHistoryCount` and `hasOneTimeCode` stand for the secrets,
/// `matchMode` is `match` (its name since protocol v1), round-trip data is left out. `ItemFieldShapesTests` holds its
/// decision for each `ItemField` (docs/design.md, "One item-field description").
struct WireItemView: Codable, Sendable, Equatable {
    var id: UUID
    var title: String
    var username: String
    var hasPassword: Bool
    var urls: [ItemURL]
    var notes: String
    var fields: [ItemView.Field]
    var tags: [String]
    var matchMode: String
    var created: Date
    var modified: Date
    var expires: Date?
    var passwordHistoryCount: Int
    /// Absent when the item has none, so views of items without passkeys keep their bytes.
    var passkeys: [WirePasskeySummary]?
    /// Present (true) only when the item has a one-time code, so views of other items keep their bytes.
    var hasOneTimeCode: Bool?

    enum CodingKeys: String, CodingKey {
        case id = "id", title = "title", username = "username", hasPassword = "hasPassword", urls = "urls"
        case notes = "notes", fields = "fields", tags = "tags", matchMode = "match", created = "created"
        case modified = "modified", expires = "expires", passwordHistoryCount = "passwordHistoryCount"
        case passkeys = "passkeys"
        case hasOneTimeCode = "hasOneTimeCode"
    }

    init(_ view: ItemView) {
        id = view.id
        title = view.title
        username = view.username
        hasPassword = view.hasPassword
        urls = view.urls
        notes = view.notes
        fields = view.fields
        tags = view.tags
        matchMode = view.matchMode.rawValue
        created = view.created
        modified = view.modified
        expires = view.expires
        passwordHistoryCount = view.passwordHistoryCount
        passkeys = view.passkeys.isEmpty ? nil : view.passkeys.map(WirePasskeySummary.init)
        hasOneTimeCode = view.hasOneTimeCode ? true : nil
    }

    func itemView() throws(ServiceFailure) -> ItemView {
        guard let mode = MatchMode(rawValue: matchMode) else {
            throw ServiceFailure(.protocolError, "The agent sent an unknown match mode '\(matchMode)'.")
        }
        var summaries: [PasskeySummary] = []
        for passkey in passkeys ?? [] { summaries.append(try passkey.summary()) }
        return ItemView(
            id: id, title: title, username: username, hasPassword: hasPassword, urls: urls, notes: notes,
            fields: fields,
            tags: tags, matchMode: mode, created: created, modified: modified, expires: expires,
            passwordHistoryCount: passwordHistoryCount, passkeys: summaries,
            hasOneTimeCode: hasOneTimeCode ?? false)
    }
}
