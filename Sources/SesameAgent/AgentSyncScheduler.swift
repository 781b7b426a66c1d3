import Foundation
import SesameAutoFill
import SesameStore
import SesameSync
import SesameSyncTransport

/// The agent's sync: rounds asked for by `sesame sync` (the `sync` operation), and, when the vault says so
/// (`sesame sync auto on`), rounds of its own a few seconds after a change and every interval.
///
/// A round runs on the scheduler's own thread (or the asking connection's) and reaches the vault one short step
/// at a time under the agent's vault lock (``HeldVaultAccess``), never across the transport's I/O: other clients
/// are served while git fetches or pushes. A round never counts as use of the vault, so automatic sync does not
/// keep it unlocked. A failed round changes nothing it had not finished (every step is idempotent); its error is
/// kept for `sesame sync status` and logged, without secrets.
final class AgentSyncScheduler: @unchecked Sendable {
    // @unchecked: `state`, the deadlines and `isStopping` are guarded by `condition`; one round runs at a time
    // under `roundGate`.
    private let core: AgentCore
    private let logger: AgentLogger
    private let debounce: TimeInterval

    private let condition = NSCondition()
    private var state = AutoSyncState()
    /// When to sync after the latest change (nil: no change waiting), and the next timed round.
    private var changeDeadline: Date?
    private var nextTick: Date?
    private var needsRearm = true
    private var isStopping = false

    private let roundGate = NSLock()

    /// - Parameter debounce: seconds after a change before its round starts; later changes push it back.
    init(core: AgentCore, logger: AgentLogger, debounce: TimeInterval) {
        self.core = core
        self.logger = logger
        self.debounce = debounce
    }

    // MARK: - Triggers

    /// After a request on the vault: a round follows `debounce` seconds later if it left unsynced changes.
    func noteActivity() {
        condition.withLock {
            guard state.interval != nil else { return }
            changeDeadline = Date(timeIntervalSinceNow: debounce)
            condition.signal()
        }
    }

    /// Reads the interval again (after an unlock, or `sesame sync auto` changed it).
    func rearm() {
        condition.withLock {
            needsRearm = true
            condition.signal()
        }
    }

    func stop() {
        condition.withLock {
            isStopping = true
            condition.signal()
        }
    }

    // MARK: - Requests

    /// A round now, for `sesame sync`; waits for a round already running, then runs its own.
    func syncNow() throws(ServiceFailure) -> SyncRunReport.Summary {
        try run(trigger: "request")
    }

    /// The status `sesame sync status` shows, with the automatic sync's state.
    func status() throws(ServiceFailure) -> SyncStatusReport {
        rearm()
        let (path, configuration) = try configuredTransport()
        do {
            let names = try configuration.makeTransport(vaultPath: path).listBatches()
            var report = try HeldVaultAccess(core: core, path: path).withVault { vault in
                SyncStatusReport(local: try vault.syncStatus(), published: names, transport: configuration.description)
            }
            let interval = try core.withHeldVault(path: path) { _, vault in try vault.syncInterval() }
            report.autoSync = condition.withLock {
                state.interval = interval
                return state
            }
            return report
        } catch {
            throw ServiceFailure(error)
        }
    }

    // MARK: - The thread

    func runLoop() {
        while true {
            condition.lock()
            while !isStopping && !needsRearm {
                // Foundation on Linux traps on a wait until `distantFuture`: wait without a deadline instead.
                guard let deadline = nextDeadline else {
                    condition.wait()
                    continue
                }
                guard Date() < deadline else { break }
                _ = condition.wait(until: deadline)
            }
            if isStopping {
                condition.unlock()
                return
            }
            let rearming = needsRearm
            needsRearm = false
            let now = Date()
            let changed = changeDeadline.map { $0 <= now } ?? false
            let timed = nextTick.map { $0 <= now } ?? false
            if changed { changeDeadline = nil }
            condition.unlock()

            if rearming { readInterval() }
            if timed {
                runAutomatically(trigger: "timer")
            } else if changed, hasPendingChanges() {
                runAutomatically(trigger: "change")
            }
        }
    }

    /// condition: the earliest of the change deadline and the next tick.
    private var nextDeadline: Date? {
        [changeDeadline, nextTick].compactMap { $0 }.min()
    }

    private func readInterval() {
        let interval = try? core.withHeldVault { _, vault in try vault.isSyncEnabled ? try vault.syncInterval() : nil }
        condition.withLock {
            let previous = state.interval
            state.interval = interval ?? nil
            if state.interval == nil {
                nextTick = nil
                changeDeadline = nil
            } else if nextTick == nil || previous != state.interval {
                nextTick = Date(timeIntervalSinceNow: state.interval!)
            }
        }
    }

    private func hasPendingChanges() -> Bool {
        (try? core.withHeldVault { _, vault in try vault.hasPendingSyncChanges() }) ?? false
    }

    private func runAutomatically(trigger: String) {
        do {
            let summary = try run(trigger: trigger)
            logger.info("Synced", metadata: [
                "sync.trigger": trigger, "sync.merged": "\(summary.appliedBatches)",
                "sync.published": "\(summary.published.count)", "sync.refused": "\(summary.rejected.count)",
            ])
        } catch where error.code == .locked {
            // Locked meanwhile: nothing to sync until the next unlock re-arms the timer.
            condition.withLock { nextTick = nil }
            return
        } catch {
            logger.warning("Automatic sync failed", metadata: ["sync.trigger": trigger, "error": error.message])
        }
        readInterval()
        condition.withLock { if let interval = state.interval { nextTick = Date(timeIntervalSinceNow: interval) } }
    }

    // MARK: - A round

    private func run(trigger: String) throws(ServiceFailure) -> SyncRunReport.Summary {
        roundGate.lock()
        defer { roundGate.unlock() }
        let result = Result { () throws(ServiceFailure) -> SyncRunReport.Summary in
            let (path, configuration) = try configuredTransport()
            let access = HeldVaultAccess(core: core, path: path)
            do {
                let report = try SyncRound.run(access, transport: try configuration.makeTransport(vaultPath: path))
                if report.adoptedNewDeviceID {
                    logger.warning("This vault was restored from an older copy; it now syncs as a new device")
                }
                let summary = report.summary(conflicts: try access.withVault { try $0.syncStatus().conflicts })
                // File names and reasons only (a device id, a sequence number): never an item.
                for rejection in summary.rejected {
                    logger.warning("Sync file refused", metadata: ["sync.file": rejection.file, "error": rejection.reason])
                }
                return summary
            } catch {
                throw ServiceFailure(error)
            }
        }
        condition.withLock {
            state.lastRun = Date()
            state.lastTrigger = trigger
            switch result {
            case .success(let summary):
                state.lastError = summary.rejected.first.map { first in
                    "\(summary.rejected.count) sync file(s) were refused; \(first.file): \(first.reason)"
                } ?? (summary.newPasswordNeeded ? SyncError.newPasswordNeeded.description : nil)
                state.lastSuccess = state.lastRun
            case .failure(let failure):
                state.lastError = failure.message
            }
        }
        return try result.get()
    }

    private func configuredTransport() throws(ServiceFailure) -> (String, SyncTransportConfiguration) {
        do {
            return try core.withHeldVault { path, vault in (path, try SyncTransportConfiguration(storedIn: vault)) }
        } catch SyncError.notConfigured {
            throw ServiceFailure(.invalidInput, SyncError.notConfigured.description)
        } catch {
            throw ServiceFailure(error)
        }
    }
}

/// A sync round's way to the agent's vault: each step under the vault lock, on the vault held for `path`.
struct HeldVaultAccess: SyncVaultAccess {
    let core: AgentCore
    let path: String

    func withVault<T>(_ body: (Vault) throws -> T) throws -> T {
        try core.withHeldVault(path: path) { _, vault in try body(vault) }
    }
}
