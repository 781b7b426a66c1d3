import Foundation
import SesameCrypto
import SesameSync

/// A synced vault in memory: items are byte strings, the op log and the ledger are arrays and dictionaries.
/// Everything a round decides (what to read, write, acknowledge, compact, report) and every merge, flush,
/// snapshot and header decision comes from SesameSync; this holds only what a store holds, which is what
/// `SyncStore` and `SyncTransaction` ask for. A transaction is a copy of the tables put back when a step throws.
final class MemorySyncStore: SyncStore, SyncVaultAccess, SyncTransaction {
    private struct Applied {
        var hash: [UInt8]
        var lastCounter: UInt64
        var file: [UInt8]?
    }

    /// Everything a step may change, so a step that throws leaves none of it changed.
    private struct Tables {
        /// The merged view: each item's shown value (nil once deleted).
        var items: [UUID: [UInt8]] = [:]
        var shown: [UUID: OpID] = [:]
        var conflicts: Set<UUID> = []
        var ops: [SyncOp] = []
        /// The batch that carried each op (0 for a snapshot); absent for this device's pending ops.
        var batches: [OpID: UInt64] = [:]
        var superseded: [UUID: Set<OpID>] = [:]
        var applied: [UUID: [UInt64: Applied]] = [:]
        var epochs: [UUID: UInt32] = [:]
        var seen: [UUID: UInt64] = [:]
        var counter: UInt64 = 0
        var clock = HybridTimestamp.zero
        var observed = HybridTimestamp.zero
        var verified: [BatchName: [UInt8]] = [:]
        var equivocations: Set<BatchName> = []
        var snapshotEpoch: UInt32 = 0
        var header: SyncHeader?
        var pendingHeader: SyncHeader?
    }

    private(set) var deviceID = UUID()
    let vaultID: UUID
    private(set) var keyring: SyncKeyring
    private var tables = Tables()
    /// Items whose versions this store cannot read (a newer format, in a real vault): it keeps what it shows.
    let unreadablePrefix = Array("unreadable:".utf8)

    /// The first copy of a synced vault.
    init() {
        vaultID = UUID()
        keyring = SyncKeyring(root: SymmetricKey())
        tables.header = Self.header(vault: vaultID, keyring: keyring, generation: 0)
    }

    /// Another copy of the same synced vault (what joining with the password gives).
    init(joining other: MemorySyncStore) {
        vaultID = other.vaultID
        keyring = other.keyring
        tables.header = other.tables.header
    }

    /// This copy as it was at this moment, for a restored backup.
    func copy() -> MemorySyncStore {
        let copy = MemorySyncStore(joining: self)
        copy.deviceID = deviceID
        copy.tables = tables
        return copy
    }

    /// A `vault.hdr` wrapping `keyring` (under a throwaway password key: these tests never join with a password).
    static func header(vault: UUID, keyring: SyncKeyring, generation: UInt64) -> SyncHeader {
        SyncHeader(vault: vault, kdf: KDFParameters(passes: 2, memoryBytes: 19 << 20, salt: Array(repeating: 7, count: 16)),
                   keyring: keyring, passwordKey: SymmetricKey(), generation: generation)
    }

    /// Runs one step as a transaction: all of it, or (when it throws) none of it.
    private func transaction<T>(_ body: () throws -> T) throws -> T {
        let before = tables
        do { return try body() } catch {
            tables = before
            throw error
        }
    }

    // MARK: What tests do and look at

    func put(_ item: UUID, _ value: String) { record(item, .put(state: 0, payload: Array(value.utf8))) }
    func delete(_ item: UUID) { record(item, .delete) }

    var items: [UUID: [UInt8]] { tables.items }
    var equivocations: Set<BatchName> { tables.equivocations }
    var conflicts: Set<UUID> { tables.conflicts }
    var seenElsewhere: [UUID: UInt64] { tables.seen }
    var localHeader: SyncHeader? { tables.header }
    var keptAsideHeader: SyncHeader? { tables.pendingHeader }
    var pendingCount: Int { tables.ops.filter { $0.id.device == deviceID && tables.batches[$0.id] == nil }.count }

    func value(of item: UUID) -> String? { tables.items[item].map { String(decoding: $0, as: UTF8.self) } }

    func siblings(of item: UUID) -> Int { (try? SyncMerge.resolution(of: item, in: self).siblings.count) ?? 0 }

    /// Takes in a root another device made (what the new master password gives).
    func takeIn(_ other: SyncKeyring) { keyring = keyring.merged(with: other) }

    /// Seals a batch of this store's vault as `device` would, for files other devices never wrote.
    func sealedBatch(_ batch: Batch) -> [UInt8] {
        batch.sealed(vault: vaultID, key: keyring.current.keys.batch, epoch: keyring.newestEpoch)
    }

    /// A local write: the item's row, then its op, as a vault writes both in one transaction.
    private func record(_ item: UUID, _ kind: SyncOp.Kind) {
        switch kind {
        case .put(_, let payload): tables.items[item] = payload
        case .delete: tables.items[item] = nil
        }
        _ = try? transaction {
            try SyncLocalSeries.record(kind, of: item, now: UInt64(Date().timeIntervalSince1970 * 1000), in: self)
        }
    }

    // MARK: SyncVaultAccess

    func withVault<T>(_ body: (MemorySyncStore) throws -> T) throws -> T { try body(self) }

    // MARK: SyncStore: each engine step in one transaction

    func reloadDeviceID() {}
    func syncKeyring() -> (vault: UUID, keyring: SyncKeyring) { (vaultID, keyring) }
    func setting(named name: String) -> [UInt8]? { nil }
    var needsNewSyncPassword: Bool { get throws { try needsNewPassword() } }

    func reconcileSyncHeader(published bytes: [UInt8]?) throws -> SyncHeaderStep {
        try transaction { try SyncHeaderReconciliation.reconcile(published: bytes, in: self) }
    }

    func ingestSyncBatches(_ files: [(name: BatchName, file: [UInt8])], fingerprints: [BatchName: [UInt8]]) throws
        -> SyncIngestReport
    {
        try transaction { try SyncMerge.ingest(files, fingerprints: fingerprints, into: self) }
    }

    func flushSyncBatch() throws -> BatchName? { try transaction { try SyncFlush.nextBatch(in: self) } }

    func ownSyncBatches(after seq: UInt64) -> [(name: BatchName, file: [UInt8])] {
        (tables.applied[deviceID] ?? [:]).filter { $0.key > seq }.sorted { $0.key < $1.key }.compactMap { entry in
            entry.value.file.map { (BatchName(device: deviceID, seq: entry.key), $0) }
        }
    }

    func adoptNewDeviceID() throws {
        try transaction { _ = try SyncLocalSeries.adoptNewDeviceID(in: self) }
    }

    func verifiedBatchFingerprints() -> [BatchName: [UInt8]] { tables.verified }

    func forgetBatchesNoLongerListed(_ listed: Set<BatchName>) {
        tables.verified = tables.verified.filter { listed.contains($0.key) }
        tables.equivocations = tables.equivocations.filter(listed.contains)
    }

    func makeSyncSnapshot() throws -> (path: String, file: [UInt8], seq: UInt64, epoch: UInt32)? {
        try transaction { try SyncSnapshotting.make(in: self) }
    }

    func ownSnapshotEpoch() -> UInt32 { tables.snapshotEpoch }
    func noteOwnSnapshotEpoch(_ epoch: UInt32) { tables.snapshotEpoch = epoch }

    func startFromSyncSnapshot(_ file: [UInt8], device: UUID, seq: UInt64) throws -> Bool {
        try transaction { try SyncSnapshotting.start(from: file, device: device, seq: seq, in: self) }
    }

    func forgetOwnSyncBatches(through seq: UInt64) {
        for own in (tables.applied[deviceID] ?? [:]).keys where own <= seq { tables.applied[deviceID]?[own]?.file = nil }
    }

    // MARK: SyncTransaction

    func storedHeader(pending: Bool) -> SyncHeader? { pending ? tables.pendingHeader : tables.header }
    func storeHeader(_ header: SyncHeader, pending: Bool) {
        if pending { tables.pendingHeader = header } else { tables.header = header }
    }
    func forgetPendingHeader() { tables.pendingHeader = nil }

    func appliedSeqs() -> [UUID: UInt64] { tables.applied.mapValues { $0.keys.max() ?? 0 } }
    func appliedSeq(of device: UUID) -> UInt64 { tables.applied[device]?.keys.max() ?? 0 }
    func appliedHash(of device: UUID, seq: UInt64) -> [UInt8]? { tables.applied[device]?[seq]?.hash }
    func lastCounter(of device: UUID) -> UInt64 { tables.applied[device]?[appliedSeq(of: device)]?.lastCounter ?? 0 }
    func appliedEpoch(of device: UUID) -> UInt32 { tables.epochs[device] ?? 0 }

    func recordAppliedBatch(device: UUID, seq: UInt64, hash: [UInt8], lastCounter: UInt64, epoch: UInt32,
                            file: [UInt8]?) {
        tables.applied[device, default: [:]][seq] = Applied(hash: hash, lastCounter: lastCounter, file: file)
        if epoch > 0 { tables.epochs[device] = max(tables.epochs[device] ?? 0, epoch) }
    }

    func recordSeen(_ seq: UInt64, of device: UUID) { tables.seen[device] = max(tables.seen[device] ?? 0, seq) }
    func recordEquivocation(at name: BatchName) { tables.equivocations.insert(name) }
    func forgetEquivocation(at name: BatchName) { tables.equivocations.remove(name) }
    func recordVerifiedFingerprints(_ fingerprints: [BatchName: [UInt8]]) {
        tables.verified.merge(fingerprints) { $1 }
    }
    func observedTime() -> HybridTimestamp { tables.observed }
    func setObservedTime(_ time: HybridTimestamp) { tables.observed = time }

    func insertOp(_ op: SyncOp, batch: UInt64?) {
        guard !tables.ops.contains(where: { $0.id == op.id }) else { return }
        tables.ops.append(op)
        if let batch { tables.batches[op.id] = batch }
    }

    func ops(ofItem item: UUID, withPayloads: Bool) -> [SyncOp] { tables.ops.filter { $0.item == item } }
    func pendingOps() -> [SyncOp] {
        tables.ops.filter { $0.id.device == deviceID && tables.batches[$0.id] == nil }.sorted { $0.id < $1.id }
    }
    func forgetPendingOps() {
        let pending = Set(pendingOps().map(\.id))
        tables.ops.removeAll { pending.contains($0.id) }
    }
    func markFlushed(through counter: UInt64, batch seq: UInt64) {
        for op in pendingOps() where op.id.counter <= counter { tables.batches[op.id] = seq }
    }
    func appliedOps() -> [SyncOp] { tables.ops.filter { tables.batches[$0.id] != nil } }
    func supersededIDs() -> [UUID: Set<OpID>] { tables.superseded }
    func supersededIDs(ofItem item: UUID) -> Set<OpID> { tables.superseded[item] ?? [] }
    func recordSuperseded(_ ids: Set<OpID>, ofItem item: UUID) { tables.superseded[item, default: []].formUnion(ids) }

    func shownOp(of item: UUID) -> OpID? { tables.shown[item] }
    func recordShown(_ op: OpID, of item: UUID) { tables.shown[item] = op }
    func showSetting(_ winner: SyncOp, of item: UUID) -> Bool? { nil }

    func show(_ winner: SyncOp, of item: UUID) -> Bool {
        switch winner.kind {
        case .put(_, let payload):
            if payload.starts(with: unreadablePrefix) { return false }
            tables.items[item] = payload
        case .delete:
            tables.items[item] = nil
        }
        tables.shown[item] = winner.id
        return true
    }

    func setConflict(_ conflicted: Bool, item: UUID) {
        if conflicted { tables.conflicts.insert(item) } else { tables.conflicts.remove(item) }
    }

    func localCounter() -> UInt64 { tables.counter }
    func setLocalCounter(_ counter: UInt64) { tables.counter = counter }
    func localClock() -> HybridTimestamp { tables.clock }
    func setLocalClock(_ time: HybridTimestamp) { tables.clock = time }
    func setDeviceID(_ device: UUID) { deviceID = device }
}
