import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// `export`: every active item in full, the KeePass database records and the deletion records, for
/// `sesame export`: bulk secrets, only after the master password is proved again.
enum ExportOperation: AgentOperation {
    static let name = "export"
    static let policy = OperationPolicy(secretsOut: .bulk, secretFrames: 1, needsMasterPassword: true)

    struct Reply: Codable, Sendable, Equatable {
        var exported: [WireItem]
        /// Absent when there are none.
        var keePassDatabases: [WireKeePassDatabase]?
        /// Absent when no deletion was recorded.
        var deletions: [WireItemDeletion]?

        enum CodingKeys: String, CodingKey {
            case exported = "exported", keePassDatabases = "keePassDatabases", deletions = "deletions"
        }

        init(_ export: VaultExport) {
            exported = export.items.map(WireItem.init)
            keePassDatabases = export.keePassDatabases.isEmpty ? nil : export.keePassDatabases.map(WireKeePassDatabase.init)
            deletions = export.deletions.isEmpty ? nil : export.deletions.map(WireItemDeletion.init)
        }

        func export() throws(ServiceFailure) -> VaultExport {
            VaultExport(
                items: exported.map(\.item), keePassDatabases: (keePassDatabases ?? []).map(\.database),
                deletions: (deletions ?? []).map(\.deletion))
        }
    }

    static func perform(_ request: NoFields, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        Reply(try vault.export(masterPassword: secrets[0]))
    }
}
