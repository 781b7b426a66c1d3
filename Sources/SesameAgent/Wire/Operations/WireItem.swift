import Foundation
import SesameStore

/// An item in full on the wire, secrets included: what `add`, `importItems` and `storeAttributed` send and
/// `reveal`, `export` and `conflictVersions` answer. Its bytes are the item's one JSON form, which `Item`'s `Codable`
/// writes keyed by `ItemField` (the backup's items are the same): a property of `Item` renamed leaves them as they
/// are, a key or an encoding changed there changes protocol v2 and the backup together, and fails `WirePinTests`.
/// It is a type of its own so that the reply guard knows it by its type (`CarriesSecrets`) and its description
/// stays redacted.
struct WireItem: Codable, Sendable, Equatable, CarriesSecrets {
    var item: Item

    init(_ item: Item) {
        self.item = item
    }

    init(from decoder: any Decoder) throws {
        item = try Item(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
    }
}

extension WireItem: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Names the item by id only, as `Item` does: descriptions end up in logs and test output.
    var description: String { "WireItem(\(item.id.uuidString.lowercased()), redacted)" }
    var debugDescription: String { description }
    var customMirror: Mirror { Mirror(self, children: ["id": item.id], displayStyle: .struct) }
}
