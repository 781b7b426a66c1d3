#if canImport(UIKit)
import SesameAutoFill
import SesameInterchange

/// What an import did, as `sesame import` says it: the counts, then each row left out with its reason.
public struct ImportOutcome: Sendable, Equatable {
    public let format: ImportFormat
    public let created: Int
    public let updated: Int
    public let skipped: Int
    public let rejected: [ImportRejection]
    /// The CLI's own sentences (``ImportReportText``).
    public let lines: [String]

    init(format: ImportFormat, batch: ImportBatch, summary: ImportSummary) {
        self.format = format
        created = summary.count(.created)
        updated = summary.count(.updated)
        skipped = summary.count(.skipped)
        rejected = batch.rejected
        lines = ImportReportText(
            format: format, dryRun: false, created: created, updated: updated, skipped: skipped, rejected: rejected
        ).lines
    }
}
#endif
