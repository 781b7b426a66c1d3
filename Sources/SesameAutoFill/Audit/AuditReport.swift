import Foundation

/// What `VaultAudit` found: titles, sites and counts, and passwords only when asked for (`revealing`).
public struct AuditReport: Codable, Sendable, Equatable {
    /// An item as the report names it.
    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        /// Only in a revealing report.
        public var password: String?

        public init(id: String, title: String, password: String? = nil) {
            self.id = id
            self.title = title
            self.password = password
        }
    }

    public struct Weak: Codable, Sendable, Equatable {
        public var item: Entry
        public var reason: String
        public var bits: Double

        public init(item: Entry, reason: String, bits: Double) {
            self.item = item
            self.reason = reason
            self.bits = bits
        }
    }

    public struct Reused: Codable, Sendable, Equatable {
        public var items: [Entry]

        public init(items: [Entry]) { self.items = items }
    }

    public struct Old: Codable, Sendable, Equatable {
        public var item: Entry
        public var passwordChanged: Date

        public init(item: Entry, passwordChanged: Date) {
            self.item = item
            self.passwordChanged = passwordChanged
        }
    }

    public struct MissingOneTimeCode: Codable, Sendable, Equatable {
        public var item: Entry
        public var site: String

        public init(item: Entry, site: String) {
            self.item = item
            self.site = site
        }
    }

    public struct SharedCredentialMismatch: Codable, Sendable, Equatable {
        /// The group's sites.
        public var sites: [String]
        public var items: [Entry]

        public init(sites: [String], items: [Entry]) {
            self.sites = sites
            self.items = items
        }
    }

    public var itemsChecked: Int
    public var weak: [Weak] = []
    public var reused: [Reused] = []
    public var old: [Old] = []
    /// nil when no list of sites that offer one-time codes was given.
    public var missingOneTimeCode: [MissingOneTimeCode]?
    public var sharedCredentialMismatch: [SharedCredentialMismatch] = []

    public init(
        itemsChecked: Int, weak: [Weak] = [], reused: [Reused] = [], old: [Old] = [],
        missingOneTimeCode: [MissingOneTimeCode]? = nil, sharedCredentialMismatch: [SharedCredentialMismatch] = []
    ) {
        self.itemsChecked = itemsChecked
        self.weak = weak
        self.reused = reused
        self.old = old
        self.missingOneTimeCode = missingOneTimeCode
        self.sharedCredentialMismatch = sharedCredentialMismatch
    }

    /// Whether any entry carries its password (a revealing report): never sent by the agent.
    public var showsPasswords: Bool {
        let entries = weak.map(\.item) + reused.flatMap(\.items) + old.map(\.item)
            + (missingOneTimeCode ?? []).map(\.item) + sharedCredentialMismatch.flatMap(\.items)
        return entries.contains { $0.password != nil }
    }

    public var problemCount: Int {
        weak.count + reused.count + old.count + (missingOneTimeCode?.count ?? 0) + sharedCredentialMismatch.count
    }
}
