/// A named group of items (CXF 1.0 §3.3): a folder or vault of the exporting app. Collections nest; an item may
/// be in several. Sesame's tags are its collections.
public struct CXFCollection: Sendable, Equatable {
    public var id: [UInt8]
    public var creationAt: Int64?
    public var modifiedAt: Int64?
    public var title: String
    public var subtitle: String?
    public var items: [CXFLinkedItem]
    public var subCollections: [CXFCollection]

    public init(id: [UInt8], creationAt: Int64? = nil, modifiedAt: Int64? = nil, title: String, subtitle: String? = nil,
                items: [CXFLinkedItem] = [], subCollections: [CXFCollection] = []) {
        self.id = id
        self.creationAt = creationAt
        self.modifiedAt = modifiedAt
        self.title = title
        self.subtitle = subtitle
        self.items = items
        self.subCollections = subCollections
    }
}

/// An item of a collection, by id; `account` names another account of the exchange when the item is not the
/// collection's own account's.
public struct CXFLinkedItem: Sendable, Equatable {
    public var item: [UInt8]
    public var account: [UInt8]?

    public init(item: [UInt8], account: [UInt8]? = nil) {
        self.item = item
        self.account = account
    }
}
