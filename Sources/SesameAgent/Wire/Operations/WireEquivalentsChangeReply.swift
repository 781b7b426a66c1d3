import Foundation
import SesameAutoFill

/// What a change to the equivalent domains did, on the wire: the reply of `addEquivalents`, `removeEquivalents`
/// and `importEquivalents` (`{"equivalentsChange": {...}}`).
struct WireEquivalentsChangeReply: Codable, Sendable, Equatable {
    var equivalentsChange: Change

    enum CodingKeys: String, CodingKey {
        case equivalentsChange = "equivalentsChange"
    }

    struct Change: Codable, Sendable, Equatable {
        var added: [WireEquivalentGroup]
        var removed: [WireEquivalentGroup]
        var unchanged: Int
        var skipped: [String]

        enum CodingKeys: String, CodingKey {
            case added = "added", removed = "removed", unchanged = "unchanged", skipped = "skipped"
        }
    }

    init(_ change: EquivalentsChange) {
        equivalentsChange = Change(
            added: change.added.map(WireEquivalentGroup.init), removed: change.removed.map(WireEquivalentGroup.init),
            unchanged: change.unchanged, skipped: change.skipped)
    }

    var change: EquivalentsChange {
        EquivalentsChange(
            added: equivalentsChange.added.map(\.group), removed: equivalentsChange.removed.map(\.group),
            unchanged: equivalentsChange.unchanged, skipped: equivalentsChange.skipped)
    }
}
