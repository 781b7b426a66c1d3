import Foundation
import SesameAutoFill
import SesameStore

extension AgentClient: SyncConflictService {
    public func syncConflicts() throws(ServiceFailure) -> [ConflictSummary] {
        try call(SyncConflictsOperation.self, NoFields()).conflicts.map(\.summary)
    }

    public func conflictVersions(_ itemID: UUID) throws(ServiceFailure) -> [Item] {
        try call(ConflictVersionsOperation.self, WireItemID(itemID: itemID)).conflictVersions.map(\.item)
    }

    public func resolveConflict(_ choice: ConflictChoice) throws(ServiceFailure) {
        _ = try call(ResolveConflictOperation.self, .init(conflictChoice: .init(itemID: choice.itemID, device: choice.device, counter: choice.counter)))
    }

    /// The audit, run in the agent: the report names items and reasons, never passwords.
    public func audit(twoFactorSites: Set<String>?) throws(ServiceFailure) -> AuditReport {
        try call(AuditOperation.self, .init(twoFactorSites: twoFactorSites?.sorted())).auditReport.report
    }
}
