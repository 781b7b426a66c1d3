/// One address an item belongs to, with an optional match mode that overrides the item's own.
public struct ItemURL: Codable, Sendable, Equatable, Hashable {
    public var url: String
    public var match: MatchMode?

    public init(_ url: String, match: MatchMode? = nil) {
        self.url = url
        self.match = match
    }
}
