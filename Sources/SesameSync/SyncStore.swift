import Foundation

/// What a sync round needs from the vault it syncs: the device's identity and keys, what it has applied, its op
/// log turned into batches and merged from them, and the bookkeeping of verification and compaction. The round
/// (``SyncRound``), acknowledgements, snapshot reading and every decision about files live in SesameSync;
/// SesameStore's `Vault` implements this on its SQLite tables, and tests implement it in memory. Each member
/// is one short step (one transaction at most): a round never holds the store across the transport's I/O.
public protocol SyncStore {
    /// This copy's device id, as of the last ``reloadDeviceID()``.
    var deviceID: UUID { get }
    /// Takes the device id another process may have given this copy since the store was opened.
    func reloadDeviceID() throws
    /// The synced vault's id and its keyring (every root this copy holds).
    ///
    /// - Throws: `SyncError.notConfigured` when sync is not set up.
    func syncKeyring() throws -> (vault: UUID, keyring: SyncKeyring)
    /// A sealed setting of the vault (where it syncs: `sync.transport`), nil when absent.
    func setting(named name: String) throws -> [UInt8]?
    /// Whether another device changed the master password and this copy lacks the new root.
    var needsNewSyncPassword: Bool { get throws }

    /// Compares the transport's `vault.hdr` with this copy's, adopting or keeping it aside (see ``SyncHeaderStep``).
    func reconcileSyncHeader(published bytes: [UInt8]?) throws -> SyncHeaderStep

    /// The highest sequence number applied per device (this one included).
    func appliedSeqs() throws -> [UUID: UInt64]
    /// Merges batch files into the store in one transaction (only the next authenticated, chained file of each
    /// device applies) and records the fingerprints of files found to be the applied ones.
    ///
    /// - Throws: `SyncError.deviceRestoredFromBackup` when the files hold batches of this device it never wrote.
    func ingestSyncBatches(_ files: [(name: BatchName, file: [UInt8])], fingerprints: [BatchName: [UInt8]]) throws
        -> SyncIngestReport
    /// Seals this device's pending ops into its next batch (nil when nothing is pending).
    func flushSyncBatch() throws -> BatchName?
    /// Every batch this device flushed after `seq` whose bytes it still holds.
    func ownSyncBatches(after seq: UInt64) throws -> [(name: BatchName, file: [UInt8])]
    /// Gives this copy a new device id (its unflushed ops move to it).
    func adoptNewDeviceID() throws

    /// The fingerprint of each applied batch file when it was last found to be the one applied.
    func verifiedBatchFingerprints() throws -> [BatchName: [UInt8]]
    /// Forgets fingerprints and equivocations of names the transport no longer lists.
    func forgetBatchesNoLongerListed(_ listed: Set<BatchName>) throws

    /// A snapshot of this device's merged state, sealed, named after its latest batch (nil before its first, or
    /// while behind a newer key epoch).
    func makeSyncSnapshot() throws -> (path: String, file: [UInt8], seq: UInt64, epoch: UInt32)?
    /// The key epoch of the snapshot this device last published (0 for none).
    func ownSnapshotEpoch() throws -> UInt32
    func noteOwnSnapshotEpoch(_ epoch: UInt32) throws
    /// Starts a copy that applied nothing from a snapshot file; false (nothing changed) when it cannot.
    func startFromSyncSnapshot(_ file: [UInt8], device: UUID, seq: UInt64) throws -> Bool
    /// Forgets the bytes of own batches up to `seq` once pruned from the transport (their ops stay).
    func forgetOwnSyncBatches(through seq: UInt64) throws
}

extension SyncStore {
    /// This device's acknowledgement: how far it has applied every series, sealed under the newest root.
    public func syncAcknowledgement() throws -> (path: String, file: [UInt8], value: Acknowledgement) {
        let (vault, keyring) = try syncKeyring()
        let acknowledgement = Acknowledgement(device: deviceID, applied: try appliedSeqs())
        return (acknowledgement.path, acknowledgement.sealed(vault: vault, key: keyring.current.keys.batch),
                acknowledgement)
    }

    /// Reads another device's acknowledgement file; nil when it does not authenticate under the newest epoch.
    public func openAcknowledgement(_ file: [UInt8], of device: UUID) throws -> Acknowledgement? {
        let (vault, keyring) = try syncKeyring()
        return keyring.openUnderNewestEpoch { keys throws(SyncError) in
            try Acknowledgement.open(file, vault: vault, device: device, key: keys.batch)
        }
    }

    /// Opens snapshot files read from the transport; those that do not authenticate are left out.
    public func openSyncSnapshots(_ files: [(device: UUID, seq: UInt64, file: [UInt8])]) throws -> [Snapshot] {
        let (vault, keyring) = try syncKeyring()
        return files.compactMap { entry in
            keyring.openUnderNewestEpoch { keys throws(SyncError) in
                try Snapshot.open(entry.file, vault: vault, device: entry.device, seq: entry.seq, key: keys.batch)
            }
        }
    }

    /// Whether this device's published snapshot is sealed under an older key epoch than its newest.
    public var ownSnapshotIsUnderRetiredKey: Bool {
        get throws { try ownSnapshotEpoch() < syncKeyring().keyring.newestEpoch }
    }
}
