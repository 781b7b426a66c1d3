import Foundation
import SesameAutoFill
import SesameAutoTypeRules

/// An Auto-Type rule on the wire: a window title pattern or class, the item, and optionally its own sequence.
struct WireAutoTypeRule: Codable, Sendable, Equatable {
    var id: UUID
    var titlePattern: String?
    var windowClass: String?
    var itemID: UUID
    var sequence: String?
    var created: Date

    enum CodingKeys: String, CodingKey {
        case id = "id", titlePattern = "titlePattern", windowClass = "windowClass", itemID = "itemID"
        case sequence = "sequence", created = "created"
    }

    init(_ rule: AutoTypeRule) {
        id = rule.id
        titlePattern = rule.titlePattern
        windowClass = rule.windowClass
        itemID = rule.itemID
        sequence = rule.sequence
        created = rule.created
    }

    var rule: AutoTypeRule {
        AutoTypeRule(id: id, titlePattern: titlePattern, windowClass: windowClass, itemID: itemID, sequence: sequence,
                     created: created)
    }
}
