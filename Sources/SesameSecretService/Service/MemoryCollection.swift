import Foundation
import SesameCrypto

/// The `session` collection: items kept in the service's memory only, gone when it stops (as gnome-keyring's).
/// Never locked.
final class MemoryCollection {
    struct Entry {
        var label: String
        var attributes: [String: String]
        var secret: SecureBytes
        var contentType: String
        var created: Date
        var modified: Date
    }

    private(set) var entries: [String: Entry] = [:]
    private var nextID = 1
    var label = "Session"
    let created = Date()
    private(set) var modified = Date()

    /// The bytes of every secret held, for ``BusBudget/memoryBytes``.
    var secretBytes: Int { entries.values.reduce(0) { $0 + $1.secret.count } }

    /// Whether `entry` fits the budgets in place of the item `replacing` (nil: as a new item).
    func fits(_ entry: Entry, replacing id: String?) -> Bool {
        let kept = id.flatMap { entries[$0]?.secret.count } ?? 0
        guard secretBytes - kept + entry.secret.count <= BusBudget.memoryBytes else { return false }
        return id != nil || entries.count < BusBudget.memoryItems
    }

    /// The id `store(_:replace:)` would overwrite, if any.
    func replaced(by entry: Entry, replace: Bool) -> String? {
        replace ? ids.first { entries[$0]?.attributes == entry.attributes } : nil
    }

    /// Item ids, oldest first.
    var ids: [String] { entries.keys.sorted { Int($0) ?? 0 < Int($1) ?? 0 } }

    func search(_ attributes: [String: String]) -> [String] {
        ids.filter { id in attributes.allSatisfy { entries[id]?.attributes[$0.key] == $0.value } }
    }

    /// Stores an entry; with `replace`, over the one with exactly the same attributes. Returns its id and whether
    /// it is new.
    func store(_ entry: Entry, replace: Bool) -> (id: String, isNew: Bool) {
        modified = Date()
        if let id = replaced(by: entry, replace: replace) {
            var updated = entry
            updated.created = entries[id]!.created
            entries[id] = updated
            return (id, false)
        }
        let id = String(nextID)
        nextID += 1
        entries[id] = entry
        return (id, true)
    }

    func update(_ id: String, _ change: (inout Entry) -> Void) {
        guard var entry = entries[id] else { return }
        change(&entry)
        entry.modified = Date()
        entries[id] = entry
        modified = Date()
    }

    func remove(_ id: String) {
        entries[id] = nil
        modified = Date()
    }

    func removeAll() {
        entries.removeAll()
        modified = Date()
    }
}
