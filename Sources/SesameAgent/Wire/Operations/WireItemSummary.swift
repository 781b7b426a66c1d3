import Foundation
import SesameAutoFill
import SesameStore

/// One row of `list` on the wire: an item without its secrets, its URLs as text.
struct WireItemSummary: Codable, Sendable, Equatable {
    var id: UUID
    var title: String
    var username: String
    var urls: [String]
    var tags: [String]
    var created: Date
    var modified: Date

    enum CodingKeys: String, CodingKey {
        case id = "id", title = "title", username = "username", urls = "urls", tags = "tags", created = "created"
        case modified = "modified"
    }

    init(_ summary: ItemSummary) {
        id = summary.id
        title = summary.title
        username = summary.username
        urls = summary.urls
        tags = summary.tags
        created = summary.created
        modified = summary.modified
    }

    /// The core makes a summary only from an item: one with exactly these fields.
    var summary: ItemSummary {
        ItemSummary(Item(
            id: id, title: title, username: username, urls: urls.map { ItemURL($0) }, tags: tags, created: created,
            modified: modified))
    }
}
