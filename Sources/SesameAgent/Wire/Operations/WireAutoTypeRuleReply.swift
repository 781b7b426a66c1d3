/// The reply of an operation on one Auto-Type rule: the rule as stored, or as it was before its removal.
struct WireAutoTypeRuleReply: Codable, Sendable, Equatable {
    var autoTypeRule: WireAutoTypeRule

    enum CodingKeys: String, CodingKey {
        case autoTypeRule = "autoTypeRule"
    }
}
