import SesameStore

/// An item read from another manager's file, with where it came from (`line 12`, `item 3`), for the summary.
public struct ImportRecord: Sendable, Equatable {
    public var item: Item
    public var location: String

    public init(item: Item, location: String) {
        self.item = item
        self.location = location
    }
}

/// A row or entry that could not become an item: where it is and why, in words that never quote a secret.
public struct ImportRejection: Sendable, Equatable, Codable {
    public var location: String
    public var reason: String

    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }
}

/// What a reader made of a file: the items to import, in file order, the rows it had to leave out, the
/// credentials it left out of items it read (CXF), and (from a KeePass file or a backup) the KeePass databases'
/// own parts to keep with them.
public struct ImportBatch: Sendable, Equatable {
    public var records: [ImportRecord]
    public var rejected: [ImportRejection]
    public var skipped: [ImportSkip]
    public var keePassDatabases: [KeePassDatabaseExtras]

    public init(records: [ImportRecord] = [], rejected: [ImportRejection] = [], skipped: [ImportSkip] = [],
                keePassDatabases: [KeePassDatabaseExtras] = []) {
        self.records = records
        self.rejected = rejected
        self.skipped = skipped
        self.keePassDatabases = keePassDatabases
    }
}
