import Foundation
import SesameStore

/// What lists show of an item: everything but its secrets.
public struct ItemSummary: Codable, Sendable, Equatable {
    public var id: UUID
    public var title: String
    public var username: String
    public var urls: [String]
    public var tags: [String]
    public var created: Date
    public var modified: Date

    public init(_ item: Item) {
        id = item.id
        title = item.title
        username = item.username
        urls = item.urls.map(\.url)
        tags = item.tags
        created = item.created
        modified = item.modified
    }
}
