import Foundation
import SesameSync

/// What a sync round did, as `sync` answers: counts and file names, never contents. The wire's own names, so
/// SesameSync's `SyncRunReport.Summary` can change without changing protocol v2.
struct WireSyncRunSummary: Codable, Sendable, Equatable {
    var appliedBatches: Int
    var changedItems: Int
    var published: [String]
    var rejected: [Rejection]
    var waiting: [String]
    var conflicts: Int
    var newDevice: Bool
    var header: String?
    var newPasswordNeeded: Bool
    var held: [String]
    var newerKey: [String]

    enum CodingKeys: String, CodingKey {
        case appliedBatches = "appliedBatches", changedItems = "changedItems", published = "published"
        case rejected = "rejected", waiting = "waiting", conflicts = "conflicts", newDevice = "newDevice"
        case header = "header", newPasswordNeeded = "newPasswordNeeded", held = "held", newerKey = "newerKey"
    }

    struct Rejection: Codable, Sendable, Equatable {
        var file: String
        var reason: String

        enum CodingKeys: String, CodingKey {
            case file = "file", reason = "reason"
        }
    }

    init(_ summary: SyncRunReport.Summary) {
        appliedBatches = summary.appliedBatches
        changedItems = summary.changedItems
        published = summary.published
        rejected = summary.rejected.map { Rejection(file: $0.file, reason: $0.reason) }
        waiting = summary.waiting
        conflicts = summary.conflicts
        newDevice = summary.newDevice
        header = summary.header
        newPasswordNeeded = summary.newPasswordNeeded
        held = summary.held
        newerKey = summary.newerKey
    }

    var summary: SyncRunReport.Summary {
        SyncRunReport.Summary(
            appliedBatches: appliedBatches, changedItems: changedItems, published: published,
            rejected: rejected.map { .init(file: $0.file, reason: $0.reason) }, waiting: waiting, conflicts: conflicts,
            newDevice: newDevice, header: header, newPasswordNeeded: newPasswordNeeded, held: held, newerKey: newerKey)
    }
}
