import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// `importItems`: the whole import in one request (or, with `dryRun`, what it would do), with the KeePass
/// database records kept beside the items.
enum ImportItemsOperation: AgentOperation {
    static let name = "importItems"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var items: [WireItem]
        /// Absent when there are none.
        var keePassDatabases: [WireKeePassDatabase]?
        /// Absent unless true.
        var dryRun: Bool?

        enum CodingKeys: String, CodingKey {
            case items = "items", keePassDatabases = "keePassDatabases", dryRun = "dryRun"
        }

        init(items: [WireItem], keePassDatabases: [WireKeePassDatabase], dryRun: Bool) {
            self.items = items
            self.keePassDatabases = keePassDatabases.isEmpty ? nil : keePassDatabases
            self.dryRun = dryRun ? true : nil
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var importSummary: WireImportSummary

        enum CodingKeys: String, CodingKey {
            case importSummary = "importSummary"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let summary = try vault.importItems(
            request.items.map(\.item), keePassDatabases: (request.keePassDatabases ?? []).map(\.database), dryRun: request.dryRun ?? false,
            progress: { _ in })
        return Reply(importSummary: WireImportSummary(summary))
    }
}
