import Foundation
import SesameStore
import SesameSync

/// An item edited on two devices at once, as `sesame conflicts` lists it: each live version with what people
/// recognise it by and the fields in which it differs from version 1 (the one shown), but no secret value.
public struct ConflictSummary: Codable, Sendable, Equatable {
    public struct Version: Codable, Sendable, Equatable {
        /// 1 is the version shown; the others wait.
        public var number: Int
        /// The version's sync operation: its device and counter (what `keep` names).
        public var device: UUID
        public var counter: UInt64
        public var time: Date
        public var title: String
        public var username: String
        public var urls: [String]
        public var notes: String
        public var tags: [String]
        public var trashed: Bool
        /// Where it differs from version 1 (empty for version 1 itself).
        public var differences: [ItemDifference]
        /// This version's value of every field in which some version differs, secret fields left out.
        public var values: [String: String]

        public init(number: Int, device: UUID, counter: UInt64, time: Date, title: String, username: String,
                    urls: [String], notes: String, tags: [String], trashed: Bool, differences: [ItemDifference],
                    values: [String: String]) {
            self.number = number
            self.device = device
            self.counter = counter
            self.time = time
            self.title = title
            self.username = username
            self.urls = urls
            self.notes = notes
            self.tags = tags
            self.trashed = trashed
            self.differences = differences
            self.values = values
        }
    }

    public var itemID: UUID
    public var versions: [Version]

    /// A summary from its parts, as a client rebuilds one it received.
    public init(itemID: UUID, versions: [Version]) {
        self.itemID = itemID
        self.versions = versions
    }

    public init(_ conflict: SyncConflict) {
        itemID = conflict.itemID
        let first = conflict.versions.first
        let differences = conflict.versions.map { version in
            var differences = first.map { version.item.differences(from: $0.item) } ?? []
            if let first, first.state != version.state { differences.append(ItemDifference(field: "state", isSecret: false)) }
            return differences
        }
        var shown: [ItemDifference] = []
        for difference in differences.joined() where !difference.isSecret && !shown.contains(difference) { shown.append(difference) }
        versions = conflict.versions.enumerated().map { index, version in
            var values: [String: String] = [:]
            for difference in shown {
                values[difference.field] = difference.field == "state"
                    ? (version.state == .trashed ? "in the trash" : "active") : version.item.displayValue(of: difference.field)
            }
            return Version(
                number: index + 1, device: version.id.device, counter: version.id.counter, time: version.time,
                title: version.item.title, username: version.item.username, urls: version.item.urls.map(\.url),
                notes: version.item.notes, tags: version.item.tags, trashed: version.state == .trashed,
                differences: differences[index], values: values)
        }
    }

    /// Every field in which some version differs from version 1, in the order first met.
    public var differences: [ItemDifference] {
        var all: [ItemDifference] = []
        for version in versions { for difference in version.differences where !all.contains(difference) { all.append(difference) } }
        return all
    }
}

/// Which version of an item in conflict to keep: its sync operation.
public struct ConflictChoice: Codable, Sendable, Equatable {
    public var itemID: UUID
    public var device: UUID
    public var counter: UInt64

    public init(itemID: UUID, device: UUID, counter: UInt64) {
        self.itemID = itemID
        self.device = device
        self.counter = counter
    }
}

/// Sync conflicts of an unlocked vault: listed without secrets, one item's versions in full on request, and a
/// version kept. `LocalVaultService` reads its own vault; `AgentClient` asks the agent.
public protocol SyncConflictService: AnyObject {
    func syncConflicts() throws(ServiceFailure) -> [ConflictSummary]
    /// The versions of one item in conflict, secrets included, in the listed order: `conflicts show --reveal`.
    func conflictVersions(_ itemID: UUID) throws(ServiceFailure) -> [Item]
    func resolveConflict(_ choice: ConflictChoice) throws(ServiceFailure)
}

extension LocalVaultService: SyncConflictService {
    public func syncConflicts() throws(ServiceFailure) -> [ConflictSummary] {
        do { return try vault.syncConflicts().map(ConflictSummary.init) } catch { throw ServiceFailure(error) }
    }

    public func conflictVersions(_ itemID: UUID) throws(ServiceFailure) -> [Item] {
        do {
            guard let conflict = try vault.syncConflicts().first(where: { $0.itemID == itemID }) else {
                throw ServiceFailure(.notFound, "That item has no conflicting versions.")
            }
            return conflict.versions.map(\.item)
        } catch {
            throw ServiceFailure(error)
        }
    }

    public func resolveConflict(_ choice: ConflictChoice) throws(ServiceFailure) {
        do {
            try vault.resolveConflict(itemID: choice.itemID, keeping: OpID(device: choice.device, counter: choice.counter))
        } catch {
            throw ServiceFailure(error)
        }
    }
}
