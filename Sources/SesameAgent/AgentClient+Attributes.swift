import Foundation
import SesameAutoFill
import SesameSecretAttributes
import SesameStore

extension AgentClient {
    public func searchAttributes(_ attributes: [String: String]) throws(ServiceFailure) -> [AttributedItem] {
        try call(SearchAttributesOperation.self, .init(attributes: attributes)).attributedItems.map(\.attributedItem)
    }

    public func attributedItem(_ id: UUID) throws(ServiceFailure) -> AttributedItem {
        try call(AttributedItemOperation.self, WireItemID(itemID: id)).attributedItem.attributedItem
    }

    @discardableResult
    public func storeAttributed(_ item: Item, replace: Bool) throws(ServiceFailure) -> AttributedItem {
        try call(StoreAttributedOperation.self, .init(item: WireItem(item), replace: replace)).attributedItem.attributedItem
    }
}
