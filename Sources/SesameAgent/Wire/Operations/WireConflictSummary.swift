import Foundation
import SesameAutoFill
import SesameStore

/// One item in conflict as `syncConflicts` answers: each version with what people recognise it by and the fields
/// in which it differs, never a secret value. The wire's own names, so the core's `ConflictSummary` can change
/// without changing protocol v2.
struct WireConflictSummary: Codable, Sendable, Equatable {
    var itemID: UUID
    var versions: [Version]

    enum CodingKeys: String, CodingKey {
        case itemID = "itemID", versions = "versions"
    }

    struct Version: Codable, Sendable, Equatable {
        var number: Int
        var device: UUID
        var counter: UInt64
        var time: Date
        var title: String
        var username: String
        var urls: [String]
        var notes: String
        var tags: [String]
        var trashed: Bool
        var differences: [Difference]
        var values: [String: String]

        enum CodingKeys: String, CodingKey {
            case number = "number", device = "device", counter = "counter", time = "time", title = "title"
            case username = "username", urls = "urls", notes = "notes", tags = "tags", trashed = "trashed"
            case differences = "differences", values = "values"
        }
    }

    /// A field in which a version differs, and whether its values are secret (then never sent).
    struct Difference: Codable, Sendable, Equatable {
        var field: String
        var secret: Bool

        enum CodingKeys: String, CodingKey {
            case field = "field", secret = "secret"
        }
    }

    init(_ summary: ConflictSummary) {
        itemID = summary.itemID
        versions = summary.versions.map { version in
            Version(number: version.number, device: version.device, counter: version.counter, time: version.time,
                    title: version.title, username: version.username, urls: version.urls, notes: version.notes,
                    tags: version.tags, trashed: version.trashed,
                    differences: version.differences.map { Difference(field: $0.field, secret: $0.isSecret) },
                    values: version.values)
        }
    }

    var summary: ConflictSummary {
        ConflictSummary(itemID: itemID, versions: versions.map { version in
            ConflictSummary.Version(
                number: version.number, device: version.device, counter: version.counter, time: version.time,
                title: version.title, username: version.username, urls: version.urls, notes: version.notes,
                tags: version.tags, trashed: version.trashed,
                differences: version.differences.map { ItemDifference(field: $0.field, isSecret: $0.secret) },
                values: version.values)
        })
    }
}
