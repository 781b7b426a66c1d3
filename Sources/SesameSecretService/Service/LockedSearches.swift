import Foundation

/// Searches made while the vault is locked. Its lookup attributes are encrypted, so a locked search cannot tell
/// whether anything matches; answering "nothing" makes `secret-tool lookup` give up without asking for the master
/// password. So each such search gets one stand-in item in `locked`, whatever the vault holds and whatever was
/// asked (it reveals nothing). A client unlocks it like any locked item; once the vault is open, the stand-in
/// serves as the item the same search finds first, the one an unlocked lookup returns.
final class LockedSearches {
    struct Search {
        var owner: String
        var attributes: [String: String]
        /// The item it serves as, fixed at its first use after the unlock, so that a `Delete` after a `GetSecret`
        /// removes the item that was read.
        var resolved: UUID?
    }

    /// Stand-ins kept at once (the oldest go first), and the attributes one may remember: a client's own query,
    /// held in memory until it leaves the bus, so bounded.
    static let capacity = 64
    static let maximumAttributeBytes = 64 * 1024

    private var searches: [Int: Search] = [:]
    private var nextID = 1

    /// The stand-in for `owner`'s search (the same one when it repeats a search); nil when the attributes are too
    /// large to keep.
    func id(for attributes: [String: String], owner: String) -> String? {
        if let existing = searches.first(where: { $0.value.owner == owner && $0.value.attributes == attributes }) {
            return String(existing.key)
        }
        let size = attributes.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        guard size <= Self.maximumAttributeBytes else { return nil }
        if searches.count >= Self.capacity, let oldest = searches.keys.min() { searches[oldest] = nil }
        defer { nextID += 1 }
        searches[nextID] = Search(owner: owner, attributes: attributes)
        return String(nextID)
    }

    subscript(id: String) -> Search? { Self.number(id).flatMap { searches[$0] } }

    func resolve(_ id: String, to item: UUID) {
        guard let number = Self.number(id) else { return }
        searches[number]?.resolved = item
    }

    func removeAll(ownedBy owner: String) {
        searches = searches.filter { $0.value.owner != owner }
    }

    var ids: [String] { searches.keys.sorted().map(String.init) }

    /// Ids are written without leading zeros, so each stand-in has exactly one path.
    private static func number(_ id: String) -> Int? {
        guard let number = Int(id), String(number) == id, number > 0 else { return nil }
        return number
    }
}
