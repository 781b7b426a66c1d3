import Foundation

/// The request of an operation on one item, named by its id.
struct WireItemID: Codable, Sendable, Equatable {
    var itemID: UUID

    enum CodingKeys: String, CodingKey {
        case itemID = "itemID"
    }
}
