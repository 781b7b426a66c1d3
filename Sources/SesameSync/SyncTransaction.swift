import Foundation

/// What the engine's decisions read and write inside one store transaction: the ledger of applied batches, the op
/// log, the merged view, this device's series and the stored headers. The store holds the data and knows how to
/// show a version; SesameSync decides what to apply, what is a conflict (``SyncMerge``), what forms the next batch
/// (``SyncFlush``), what a snapshot holds (``SyncSnapshotting``), what to do with `vault.hdr`
/// (``SyncHeaderReconciliation``) and what a local change supersedes (``SyncLocalSeries``). A store hands one
/// transaction to each of those calls and commits it whole, so a crash at any moment leaves the store as it was
/// before the call or after it.
public protocol SyncTransaction: BatchLedger {
    /// This copy's device id.
    var deviceID: UUID { get }
    /// The synced vault's id.
    var vaultID: UUID { get }
    /// Every root this copy holds.
    var keyring: SyncKeyring { get }
    /// This copy's `vault.hdr` (`pending`: false), or one another device made at the same time and that names a
    /// root this copy lacks, kept aside for the new password (`pending`: true); nil when absent or unreadable.
    func storedHeader(pending: Bool) throws -> SyncHeader?
    func storeHeader(_ header: SyncHeader, pending: Bool) throws
    func forgetPendingHeader() throws

    /// The highest sequence number applied per device (this one included).
    func appliedSeqs() throws -> [UUID: UInt64]
    /// Records an applied batch (its bytes too, for this device's own) and raises the device's key epoch to
    /// `epoch` (0 leaves it: a batch known from a snapshot).
    func recordAppliedBatch(device: UUID, seq: UInt64, hash: [UInt8], lastCounter: UInt64, epoch: UInt32,
                            file: [UInt8]?) throws
    /// Raises the highest batch of `device` that some device said it had applied.
    func recordSeen(_ seq: UInt64, of device: UUID) throws
    func recordEquivocation(at name: BatchName) throws
    func forgetEquivocation(at name: BatchName) throws
    /// Records the transport fingerprints of files found to be the ones applied.
    func recordVerifiedFingerprints(_ fingerprints: [BatchName: [UInt8]]) throws
    /// The latest clock reading among merged ops, which the next local op's reading follows.
    func observedTime() throws -> HybridTimestamp
    func setObservedTime(_ time: HybridTimestamp) throws

    /// Adds an op to the log (nothing when its id is there): `batch` is the batch that carried it, 0 for a
    /// snapshot, nil for this device's op not yet flushed.
    func insertOp(_ op: SyncOp, batch: UInt64?) throws
    /// The ops of one item; without payloads, puts carry empty ones (enough for heads and the winner).
    func ops(ofItem item: UUID, withPayloads: Bool) throws -> [SyncOp]
    /// This device's ops not yet flushed, oldest first.
    func pendingOps() throws -> [SyncOp]
    /// Removes this device's ops not yet flushed (they are about to move to a new device id).
    func forgetPendingOps() throws
    /// Marks this device's pending ops up to `counter` as carried by its batch `seq`.
    func markFlushed(through counter: UInt64, batch seq: UInt64) throws
    /// Every op applied from a batch or a snapshot (pending ones left out), payloads included.
    func appliedOps() throws -> [SyncOp]
    /// Ids known to be superseded by ops this copy does not hold (a snapshot dropped them), per item.
    func supersededIDs() throws -> [UUID: Set<OpID>]
    func supersededIDs(ofItem item: UUID) throws -> Set<OpID>
    func recordSuperseded(_ ids: Set<OpID>, ofItem item: UUID) throws

    /// The op whose version the item's row shows (nil when none does).
    func shownOp(of item: UUID) throws -> OpID?
    /// Records that the item's row shows `op`'s version (written there by the caller).
    func recordShown(_ op: OpID, of item: UUID) throws
    /// When `item` is not an item but a synced setting (whose live versions whoever reads it merges, so never a
    /// conflict): shows `winner` as the setting's value and returns whether it changed; nil for an item.
    func showSetting(_ winner: SyncOp, of item: UUID) throws -> Bool?
    /// Makes the item's row show `winner` and records it as shown. False (nothing changed) when the store cannot
    /// read the version (a newer format): the row keeps what it shows.
    func show(_ winner: SyncOp, of item: UUID) throws -> Bool
    /// Records whether the item has live concurrent versions the user should see.
    func setConflict(_ conflicted: Bool, item: UUID) throws

    /// The counter of this device's last op (0 for none).
    func localCounter() throws -> UInt64
    func setLocalCounter(_ counter: UInt64) throws
    /// The clock reading of this device's last op.
    func localClock() throws -> HybridTimestamp
    func setLocalClock(_ time: HybridTimestamp) throws
    /// Gives this copy another device id (see ``SyncLocalSeries/adoptNewDeviceID(in:)``).
    func setDeviceID(_ device: UUID) throws
}

extension SyncTransaction {
    /// Whether this copy's `vault.hdr` is of a newer key epoch than any root it holds: another device changed the
    /// master password, and this copy must seal nothing until it takes in the new root.
    public func isBehindNewestEpoch() throws -> Bool {
        (try storedHeader(pending: false)?.epoch ?? 0) > keyring.newestEpoch
    }

    /// Whether another device changed the master password and this copy lacks the new root: its changes then wait
    /// unpublished, and files sealed under the new root wait unread, until it takes in the new password.
    public func needsNewPassword() throws -> Bool {
        try [storedHeader(pending: true), storedHeader(pending: false)]
            .contains { $0?.namesRootsMissing(from: keyring) ?? false }
    }
}
