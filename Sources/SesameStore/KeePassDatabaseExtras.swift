import Foundation

/// What a KeePass database held at database level that Sesame has no model for (its settings, group tree, custom
/// icons, deletion records), as an XML fragment owned by SesameKeePass; written back on a KeePass export. One per
/// database imported, by the database's own id; kept sealed in the vault like a setting.
public struct KeePassDatabaseExtras: Sendable, Equatable, Codable {
    /// Stable across saves of the same database (its top group's UUID).
    public var id: String
    public var fragment: String
    /// When it was imported: the newest database's settings win on export.
    public var imported: Date

    public init(id: String, fragment: String, imported: Date) {
        self.id = id
        self.fragment = fragment
        self.imported = imported
    }
}
