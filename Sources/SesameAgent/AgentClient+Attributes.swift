import Foundation
import SesameAutoFill
import SesameStore

extension AgentClient {
    public func searchAttributes(_ attributes: [String: String]) throws(ServiceFailure) -> [AttributedItem] {
        var request = WireRequest(.searchAttributes)
        request.attributes = attributes
        return try required(vaultCall(request).attributedItems)
    }

    public func attributedItem(_ id: UUID) throws(ServiceFailure) -> AttributedItem {
        try required(vaultCall(itemRequest(.attributedItem, id)).attributedItem)
    }

    @discardableResult
    public func storeAttributed(_ item: Item, replace: Bool) throws(ServiceFailure) -> AttributedItem {
        var request = WireRequest(.storeAttributed)
        request.item = item
        request.replace = replace
        return try required(vaultCall(request).attributedItem)
    }
}
