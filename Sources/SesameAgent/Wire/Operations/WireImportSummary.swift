import Foundation
import SesameAutoFill

/// What an import did with each item, on the wire (`importItems`' reply).
struct WireImportSummary: Codable, Sendable, Equatable {
    struct Entry: Codable, Sendable, Equatable {
        /// `created`, `updated` or `skipped`.
        var outcome: String
        var itemID: UUID

        enum CodingKeys: String, CodingKey {
            case outcome = "outcome", itemID = "itemID"
        }
    }

    var entries: [Entry]

    enum CodingKeys: String, CodingKey {
        case entries = "entries"
    }

    init(_ summary: ImportSummary) {
        entries = summary.entries.map { Entry(outcome: $0.outcome.rawValue, itemID: $0.itemID) }
    }

    func summary() throws(ServiceFailure) -> ImportSummary {
        var entries: [ImportSummary.Entry] = []
        for entry in self.entries {
            guard let outcome = ImportSummary.Outcome(rawValue: entry.outcome) else {
                throw ServiceFailure(.protocolError, "The agent sent an unknown import outcome '\(entry.outcome.prefix(64))'.")
            }
            entries.append(ImportSummary.Entry(outcome, entry.itemID))
        }
        return ImportSummary(entries: entries)
    }
}
