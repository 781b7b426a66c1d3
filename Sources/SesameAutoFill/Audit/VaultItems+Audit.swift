import Foundation
import SesameStore

extension VaultItems where Self: EquivalentsService {
    /// Audits every active login. Reads every password, so it runs where the vault is unlocked: in the agent (its
    /// `audit` operation, whose report never reveals a password), or in a shell that unlocked the vault with the
    /// master password itself (a revealing report is bulk plaintext, docs/agent-protocol.md §5).
    public func audit(_ audit: VaultAudit) throws(ServiceFailure) -> AuditReport {
        var items: [Item] = []
        for summary in try list().items { items.append(try reveal(summary.id)) }
        var audit = audit
        audit.equivalents = try equivalents()
        return audit.run(items)
    }
}
