/// What one ingest of batch files did: applied, refused (and why), and held back behind a gap.
public struct SyncIngestReport: Sendable {
    public struct Rejection: Sendable {
        public let name: BatchName
        public let reason: SyncError

        public init(name: BatchName, reason: SyncError) {
            self.name = name
            self.reason = reason
        }
    }

    public init() {}

    public var appliedBatches = 0
    public var appliedOps = 0
    public var changedItems = 0
    public var rejected: [Rejection] = []
    /// Files applied now.
    public var applied: [BatchName] = []
    /// Files at names applied before that were found identical to what was applied.
    public var unchanged: [BatchName] = []
    /// Files that wait for an earlier file of their device (missing, partial, or refused).
    public var waiting: [BatchName] = []
    /// Some files are sealed under a root this copy lacks: the master password was changed on another device.
    public var newPasswordNeeded: Bool { !sealedUnderMissingKey.isEmpty }
    /// Of `waiting`: files sealed under a root this copy lacks.
    public var sealedUnderMissingKey: [BatchName] = []
    /// Files sealed under a retired key epoch, held until their device vouches for them under the newest one.
    public var heldUnderRetiredKey: [BatchName] = []
}
