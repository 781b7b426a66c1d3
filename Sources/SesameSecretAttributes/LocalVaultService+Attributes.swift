import Foundation
import SesameAutoFill
import SesameStore

extension LocalVaultService: AttributedItems {
    public func searchAttributes(_ attributes: [String: String]) throws(ServiceFailure) -> [AttributedItem] {
        do {
            return try vault.items(withAttributes: attributes).items
                .sorted { ($0.created, $0.id.uuidString) < ($1.created, $1.id.uuidString) }
                .map(AttributedItem.init)
        } catch {
            throw ServiceFailure(error)
        }
    }

    /// Only an active item: one in the trash is gone for clients (deleting it again answers "no such object").
    public func attributedItem(_ id: UUID) throws(ServiceFailure) -> AttributedItem {
        do {
            let stored = try vault.item(withID: id)
            guard stored.state == .active else { throw VaultError.itemNotFound(id) }
            return AttributedItem(stored.item)
        } catch {
            throw ServiceFailure(error)
        }
    }

    @discardableResult
    public func storeAttributed(_ item: Item, replace: Bool) throws(ServiceFailure) -> AttributedItem {
        if replace, let existing = try searchAttributes(item.attributes).first(where: { $0.attributes == item.attributes }) {
            var change = ItemChange()
            change.title = item.title
            change.password = item.password
            try update(existing.id, change)
            return try attributedItem(existing.id)
        }
        let view = try add(item)
        return try attributedItem(view.id)
    }
}
