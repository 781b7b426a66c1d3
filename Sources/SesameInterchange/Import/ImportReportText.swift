/// The sentences an import ends with, the same wherever it ran (`sesame import`, the iPhone app): the counts, then
/// each rejected row with its reason. Locations and reasons come from the readers, which never quote a secret.
public struct ImportReportText: Sendable, Equatable {
    public var headline: String
    public var rejections: [String]

    public var lines: [String] { [headline] + rejections }

    public init(format: ImportFormat, dryRun: Bool, created: Int, updated: Int, skipped: Int, rejected: [ImportRejection]) {
        let counts = "\(created) created, \(updated) updated, \(skipped) skipped, \(rejected.count) rejected"
        headline = dryRun
            ? "Dry run of an import from a \(format.displayName) file (nothing written): \(counts)."
            : "Imported from a \(format.displayName) file: \(counts)."
        rejections = rejected.map { "Rejected \($0.location): \($0.reason)." }
    }
}
