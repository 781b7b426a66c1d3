/// The reply of an operation that answers one item without its secrets.
struct WireItemViewReply: Codable, Sendable, Equatable {
    var view: WireItemView

    enum CodingKeys: String, CodingKey {
        case view = "view"
    }
}
