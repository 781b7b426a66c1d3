import Foundation

/// What `sesame list QUERY --tag T --sort KEY` keeps and in which order: the search runs over what a list
/// shows (titles, user names, URLs, tags), never over secrets or notes.
public struct ItemListQuery: Sendable, Equatable {
    public enum Order: String, CaseIterable, Sendable {
        case title, username, modified, created
    }

    /// Words that must each appear (case ignored) in the title, user name, a URL or a tag.
    public var words: [String]
    /// Tags every item kept must have (case ignored).
    public var tags: [String]
    public var order: Order

    public init(text: String? = nil, tags: [String] = [], order: Order = .title) {
        words = (text ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        self.tags = tags.map { $0.lowercased() }
        self.order = order
    }

    public func matches(_ item: ItemSummary) -> Bool {
        let itemTags = Set(item.tags.map { $0.lowercased() })
        guard tags.allSatisfy(itemTags.contains) else { return false }
        let haystack = ([item.title, item.username] + item.urls + item.tags).map { $0.lowercased() }
        return words.allSatisfy { word in haystack.contains { $0.contains(word) } }
    }

    /// The items kept, in order: by title (the list's own order), by user name then title, or newest first.
    public func apply(_ items: [ItemSummary]) -> [ItemSummary] {
        let kept = items.filter(matches)
        switch order {
        case .title: return kept
        case .username: return kept.enumerated().sorted { ($0.element.username.lowercased(), $0.offset) < ($1.element.username.lowercased(), $1.offset) }.map(\.element)
        case .modified: return kept.enumerated().sorted { ($1.element.modified, $0.offset) < ($0.element.modified, $1.offset) }.map(\.element)
        case .created: return kept.enumerated().sorted { ($1.element.created, $0.offset) < ($0.element.created, $1.offset) }.map(\.element)
        }
    }
}
