import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

/// `audit`: the audit of every login, run where the key is (`sesame audit`): only titles, reasons and counts come
/// back, never passwords.
enum AuditOperation: AgentOperation {
    static let name = "audit"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        /// Registrable domains of sites that offer one-time codes (absent: no list given).
        var twoFactorSites: [String]?

        enum CodingKeys: String, CodingKey {
            case twoFactorSites = "twoFactorSites"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var auditReport: WireAuditReport

        enum CodingKeys: String, CodingKey {
            case auditReport = "auditReport"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        guard let local = vault as? LocalVaultService else {
            throw ServiceFailure(.unavailable, "This vault service does not audit.")
        }
        // Never revealing: the report leaves the agent with titles, reasons and counts only.
        let report = try local.audit(VaultAudit(
            equivalents: EquivalentDomains(), twoFactorSites: request.twoFactorSites.map(Set.init),
            publicSuffixList: local.vault.publicSuffixList, revealing: false))
        return Reply(auditReport: WireAuditReport(report))
    }
}
