import Foundation
import SesameAutoFill
import SesameAutoTypeRules

/// An item Auto-Type could type into a window, on the wire, and why (the rule or the site that chose it); no
/// secrets.
struct WireAutoTypeCandidate: Codable, Sendable, Equatable {
    var itemID: UUID
    var title: String
    var username: String
    var ruleID: UUID?
    var site: String?
    var sequence: String?

    enum CodingKeys: String, CodingKey {
        case itemID = "itemID", title = "title", username = "username", ruleID = "ruleID", site = "site"
        case sequence = "sequence"
    }

    init(_ candidate: AutoTypeCandidate) {
        itemID = candidate.itemID
        title = candidate.title
        username = candidate.username
        ruleID = candidate.ruleID
        site = candidate.site
        sequence = candidate.sequence
    }

    var candidate: AutoTypeCandidate {
        AutoTypeCandidate(itemID: itemID, title: title, username: username, ruleID: ruleID, site: site, sequence: sequence)
    }
}
