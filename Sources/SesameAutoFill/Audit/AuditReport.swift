import Foundation

/// What `VaultAudit` found: titles, sites and counts, and passwords only when asked for (`revealing`).
public struct AuditReport: Codable, Sendable, Equatable {
    /// An item as the report names it.
    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        /// Only in a revealing report.
        public var password: String?
    }

    public struct Weak: Codable, Sendable, Equatable {
        public var item: Entry
        public var reason: String
        public var bits: Double
    }

    public struct Reused: Codable, Sendable, Equatable {
        public var items: [Entry]
    }

    public struct Old: Codable, Sendable, Equatable {
        public var item: Entry
        public var passwordChanged: Date
    }

    public struct MissingOneTimeCode: Codable, Sendable, Equatable {
        public var item: Entry
        public var site: String
    }

    public struct SharedCredentialMismatch: Codable, Sendable, Equatable {
        /// The group's sites.
        public var sites: [String]
        public var items: [Entry]
    }

    public var itemsChecked: Int
    public var weak: [Weak] = []
    public var reused: [Reused] = []
    public var old: [Old] = []
    /// nil when no list of sites that offer one-time codes was given.
    public var missingOneTimeCode: [MissingOneTimeCode]?
    public var sharedCredentialMismatch: [SharedCredentialMismatch] = []

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
