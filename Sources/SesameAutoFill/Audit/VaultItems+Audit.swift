import Foundation
import SesameStore

extension VaultItems where Self: EquivalentsService {
    /// Audits every active login. Reads every password, so a shell should call it only on a vault it unlocked with
    /// the master password itself (bulk plaintext, docs/agent-protocol.md §5), never through the agent.
    public func audit(_ audit: VaultAudit) throws(ServiceFailure) -> AuditReport {
        var items: [Item] = []
        for summary in try list().items { items.append(try reveal(summary.id)) }
        var audit = audit
        audit.equivalents = try equivalents()
        return audit.run(items)
    }
}
