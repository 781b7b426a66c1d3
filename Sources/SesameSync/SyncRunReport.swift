import Foundation

/// What one `sync` did, for `sesame sync` and its `--json`.
public struct SyncRunReport: Sendable {
    public var ingest = SyncIngestReport()
    /// The batch this run flushed, if any.
    public var flushed: BatchName?
    /// Own batch files written to the transport (the new one, and any lost earlier).
    public var written: [BatchName] = []
    /// The snapshot this copy started from (a new device in a compacted sync root).
    public var startedFromSnapshot: String?
    /// The snapshot this run wrote, and how many own batches it pruned.
    public var snapshotWritten: String?
    public var pruned = 0
    /// The sync root held batches of this device that it never wrote (restored from an older copy): it now
    /// syncs under a new device id.
    public var adoptedNewDeviceID = false
    /// This run published this device's newer `vault.hdr` (after `sesame passwd`), or adopted a newer one.
    public var headerPublished = false
    public var headerAdopted = false
    /// See `Summary.newPasswordNeeded`.
    public var newPasswordNeeded = false
    /// Files and folders the transport refused (links, pipes, devices, above their budget): skipped, nothing
    /// written through them.
    public var refused: [SyncFileRefusal] = []

    /// Records a refusal once per path.
    mutating func note(_ refusal: SyncFileRefusal) {
        if !refused.contains(where: { $0.path == refusal.path }) { refused.append(refusal) }
    }

    /// What `sesame sync` prints and the agent sends: counts and file names, never contents.
    public struct Summary: Codable, Sendable, Equatable {
        public struct Rejection: Codable, Sendable, Equatable {
            public let file: String
            public let reason: String

            public init(file: String, reason: String) {
                self.file = file
                self.reason = reason
            }
        }

        public let appliedBatches: Int
        public let changedItems: Int
        public let published: [String]
        public let rejected: [Rejection]
        public let waiting: [String]
        public let conflicts: Int
        /// This copy was found restored from an older one and now syncs as a new device.
        public let newDevice: Bool
        /// `published` or `adopted` when `vault.hdr` changed (a master password change).
        public let header: String?
        /// The master password was changed on another device: this copy's changes wait unpublished, and files
        /// sealed under the new key unread, until `sesame sync password`.
        public let newPasswordNeeded: Bool
        /// Of `waiting`: files sealed under a retired key, held until their device moves to the newest one.
        public let held: [String]
        /// Of `waiting`: files sealed under a key this copy lacks (until `sesame sync password`).
        public let newerKey: [String]

        public init(
            appliedBatches: Int, changedItems: Int, published: [String], rejected: [Rejection], waiting: [String],
            conflicts: Int, newDevice: Bool, header: String?, newPasswordNeeded: Bool, held: [String],
            newerKey: [String]
        ) {
            self.appliedBatches = appliedBatches
            self.changedItems = changedItems
            self.published = published
            self.rejected = rejected
            self.waiting = waiting
            self.conflicts = conflicts
            self.newDevice = newDevice
            self.header = header
            self.newPasswordNeeded = newPasswordNeeded
            self.held = held
            self.newerKey = newerKey
        }
    }

    public func summary(conflicts: Int) -> Summary {
        Summary(
            appliedBatches: ingest.appliedBatches, changedItems: ingest.changedItems, published: written.map(\.path),
            rejected: ingest.rejected.map { Summary.Rejection(file: $0.name.path, reason: $0.reason.description) }
                + refused.map { Summary.Rejection(file: $0.path, reason: $0.reason.description) },
            waiting: ingest.waiting.map(\.path), conflicts: conflicts, newDevice: adoptedNewDeviceID,
            header: headerPublished ? "published" : headerAdopted ? "adopted" : nil,
            newPasswordNeeded: newPasswordNeeded || ingest.newPasswordNeeded,
            held: ingest.heldUnderRetiredKey.map(\.path), newerKey: ingest.sealedUnderMissingKey.map(\.path))
    }
}
