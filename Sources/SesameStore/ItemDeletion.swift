import Foundation

/// When an item was deleted, as the vault recorded it: what a KeePass export writes as a `DeletedObject`, so a
/// merge into the file the item came from deletes the entry there too.
public struct ItemDeletion: Sendable, Equatable, Codable {
    public var id: UUID
    public var deleted: Date

    public init(id: UUID, deleted: Date) {
        self.id = id
        self.deleted = deleted
    }
}
