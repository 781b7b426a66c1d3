import Foundation
import SesameAutoFill
import SesameSecretAttributes
import SesameStore

/// An item as Secret Service clients see it, on the wire: its label and lookup attributes, never its secret.
struct WireAttributedItem: Codable, Sendable, Equatable {
    var id: UUID
    var label: String
    var attributes: [String: String]
    var created: Date
    var modified: Date

    enum CodingKeys: String, CodingKey {
        case id = "id", label = "label", attributes = "attributes", created = "created", modified = "modified"
    }

    init(_ item: AttributedItem) {
        id = item.id
        label = item.label
        attributes = item.attributes
        created = item.created
        modified = item.modified
    }

    var attributedItem: AttributedItem {
        // The core makes one only from an item; every field is set again from the wire.
        var item = AttributedItem(Item(id: id, title: label, created: created, modified: modified))
        item.label = label
        item.attributes = attributes
        item.created = created
        item.modified = modified
        return item
    }
}

/// The reply of an operation on one attributed item: `attributedItem` and `storeAttributed`.
struct WireAttributedItemReply: Codable, Sendable, Equatable {
    var attributedItem: WireAttributedItem

    enum CodingKeys: String, CodingKey {
        case attributedItem = "attributedItem"
    }
}
