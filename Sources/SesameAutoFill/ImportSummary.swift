import Foundation

/// What an import did (or, in a dry run, would do) with each item it was given, in the order given.
public struct ImportSummary: Codable, Sendable, Equatable {
    public enum Outcome: String, Codable, Sendable {
        /// A new item.
        case created
        /// An item for the same site and user name got the imported password (its old one is in its history), or
        /// imported passkeys it did not hold.
        case updated
        /// The vault (or an earlier row of the same import) already holds this site, user name and password.
        case skipped
    }

    public struct Entry: Codable, Sendable, Equatable {
        public var outcome: Outcome
        /// The item created, updated or already holding the login.
        public var itemID: UUID

        public init(_ outcome: Outcome, _ itemID: UUID) {
            self.outcome = outcome
            self.itemID = itemID
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    public func count(_ outcome: Outcome) -> Int {
        entries.reduce(0) { $0 + ($1.outcome == outcome ? 1 : 0) }
    }
}
