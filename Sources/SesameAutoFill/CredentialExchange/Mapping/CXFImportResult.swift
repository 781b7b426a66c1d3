import SesameStore

/// What a CXF document becomes: items to import, what was left out of them by kind, and items that became
/// nothing. Locations are `item N` (counted over every account, from 1) with the item's title, and `, login K` for
/// the second and later logins of one CXF item; the messages never quote a secret.
public struct CXFImportResult: Sendable, Equatable {
    public struct Record: Sendable, Equatable {
        public var item: Item
        public var location: String

        public init(item: Item, location: String) {
            self.item = item
            self.location = location
        }
    }

    /// Credentials of one kind left out of one item (or, with location `the file`, members the reader skipped).
    public struct Skip: Sendable, Equatable, Codable {
        public var location: String
        /// The CXF kind (`credit-card`, `passkey`, `totp`), or `member item.extensions` for skipped members.
        public var kind: String
        public var count: Int
        public var reason: String

        public init(location: String, kind: String, count: Int, reason: String) {
            self.location = location
            self.kind = kind
            self.count = count
            self.reason = reason
        }
    }

    public struct Rejection: Sendable, Equatable {
        public var location: String
        public var reason: String

        public init(location: String, reason: String) {
            self.location = location
            self.reason = reason
        }
    }

    public var records: [Record] = []
    public var skipped: [Skip] = []
    public var rejected: [Rejection] = []

    /// How many credentials of each kind were left out, over the whole document.
    public var skippedKinds: [String: Int] {
        skipped.reduce(into: [:]) { counts, skip in counts[skip.kind, default: 0] += skip.count }
    }
}
