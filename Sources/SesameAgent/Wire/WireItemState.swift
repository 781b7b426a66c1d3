import SesameAutoFill
import SesameStore

/// Item states by name on the wire (the store's raw values are its own business).
enum WireItemState {
    static func name(_ state: ItemState) -> String {
        switch state {
        case .active: "active"
        case .trashed: "trashed"
        case .deleted: "deleted"
        }
    }

    static func parse(_ name: String?) throws(ServiceFailure) -> ItemState {
        switch name {
        case "active": .active
        case "trashed": .trashed
        default: throw ServiceFailure(.protocolError, "Unknown item state '\(name ?? "")'.")
        }
    }
}
