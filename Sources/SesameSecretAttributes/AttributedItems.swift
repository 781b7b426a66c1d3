import Foundation
import SesameAutoFill
import SesameStore

/// Items as programs that name them by lookup attributes see them (the Secret Service): search by attributes,
/// and store a client's secret under its attributes. Nothing here hands out a secret: reading one is
/// ``VaultItems/reveal(_:)``, one item per call.
public protocol AttributedItems: AnyObject {
    /// The active items whose lookup attributes include every pair of `attributes` (all when empty), found
    /// through the vault's keyed index, not by decrypting every item.
    func searchAttributes(_ attributes: [String: String]) throws(ServiceFailure) -> [AttributedItem]
    /// One active item by id, as clients see it.
    func attributedItem(_ id: UUID) throws(ServiceFailure) -> AttributedItem
    /// Stores a client's item (title, password, attributes). With `replace`, the active item whose lookup
    /// attributes are exactly `item.attributes` gets the new title and password instead (the first, when the
    /// vault holds several).
    @discardableResult
    func storeAttributed(_ item: Item, replace: Bool) throws(ServiceFailure) -> AttributedItem
}

/// An item without its secrets, with the attributes clients see (`Item.lookupAttributes`).
public struct AttributedItem: Codable, Sendable, Equatable {
    public var id: UUID
    public var label: String
    public var attributes: [String: String]
    public var created: Date
    public var modified: Date

    public init(_ item: Item) {
        id = item.id
        label = item.title
        attributes = item.lookupAttributes
        created = item.created
        modified = item.modified
    }
}
