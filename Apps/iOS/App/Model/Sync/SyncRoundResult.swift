#if canImport(UIKit)
import SesameStore
import SesameSync

/// What one round in the app did, read on its own vault handle before it closed: the summary `sesame sync` prints,
/// and the conflicts and key state the sync screen shows.
struct SyncRoundResult: Sendable {
    let summary: SyncRunReport.Summary
    let conflicts: [SyncConflictRow]
    let newPasswordNeeded: Bool

    /// Whether merged changes reached the vault, so the list and the suggestions above the keyboard must follow.
    var merged: Bool { summary.changedItems > 0 || summary.appliedBatches > 0 }
}
#endif
