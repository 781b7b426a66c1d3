import Foundation

/// When an item was last filled, and how often: the tie-breaker of ranking. Kept apart from the item's payload,
/// so that using a login neither creates a new item version nor conflicts with concurrent edits.
public struct ItemUsage: Codable, Sendable, Equatable {
    public var lastUsed: Date
    public var count: Int

    public init(lastUsed: Date, count: Int) {
        self.lastUsed = lastUsed
        self.count = count
    }
}
