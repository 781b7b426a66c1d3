import Foundation
import SesameAutoFill
import SesameStore
import SesameSync

extension AgentClient {
    /// A sync round run by the agent, with the keys it holds: no master password.
    public func sync() throws(ServiceFailure) -> SyncRunReport.Summary {
        try call(SyncOperation.self, NoFields()).syncRun.summary
    }

    /// The sync status as the agent sees it, with its automatic sync's last round.
    public func syncStatus() throws(ServiceFailure) -> SyncStatusReport {
        try call(SyncStatusOperation.self, NoFields()).syncStatus.report
    }
}
