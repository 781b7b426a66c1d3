import Foundation

/// An item Auto-Type could type into a window, and why; no secrets.
public struct AutoTypeCandidate: Codable, Sendable, Equatable {
    public var itemID: UUID
    public var title: String
    public var username: String
    /// The rule that chose it, when a rule did.
    public var ruleID: UUID?
    /// The site named in the window's title (or handed in) that its URL matched, when no rule did.
    public var site: String?
    /// The rule's own sequence, typed instead of the item's.
    public var sequence: String?

    public init(itemID: UUID, title: String, username: String, ruleID: UUID? = nil, site: String? = nil,
                sequence: String? = nil) {
        self.itemID = itemID
        self.title = title
        self.username = username
        self.ruleID = ruleID
        self.site = site
        self.sequence = sequence
    }
}
