import Foundation
import SesameStore

/// When an item was deleted, on the wire (`export`'s reply). Bulk vault history, sent only with an export, so it
/// counts as secret-bearing.
struct WireItemDeletion: Codable, Sendable, Equatable, CarriesSecrets {
    var id: UUID
    var deleted: Date

    enum CodingKeys: String, CodingKey {
        case id = "id", deleted = "deleted"
    }

    init(_ deletion: ItemDeletion) {
        id = deletion.id
        deleted = deletion.deleted
    }

    var deletion: ItemDeletion { ItemDeletion(id: id, deleted: deleted) }
}
