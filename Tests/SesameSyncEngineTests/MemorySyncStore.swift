import Foundation
import SesameCrypto
import SesameSync

/// A synced vault in memory: items are byte strings, the op log and the ledger are arrays and dictionaries.
/// Everything a round decides (what to read, write, acknowledge, compact, report) comes from SesameSync; this
/// holds only what a store holds, which is what `SyncStore` asks for.
final class MemorySyncStore: SyncStore, SyncVaultAccess, BatchLedger {
    private struct Applied {
        var hash: [UInt8]
        var lastCounter: UInt64
        var epoch: UInt32
        var file: [UInt8]?
    }

    private(set) var deviceID = UUID()
    private let vault: UUID
    private let keyring: SyncKeyring
    private let header: [UInt8]
    /// The merged view: each item's shown value (nil once deleted).
    private(set) var items: [UUID: [UInt8]] = [:]
    private var ops: [SyncOp] = []
    private var flushed: Set<OpID> = []
    private var superseded: [UUID: Set<OpID>] = [:]
    private var applied: [UUID: [UInt64: Applied]] = [:]
    private var counter: UInt64 = 0
    private var clock = HybridTimestamp.zero
    private var verified: [BatchName: [UInt8]] = [:]
    private(set) var equivocations: Set<BatchName> = []
    private var snapshotEpoch: UInt32 = 0

    /// The first copy of a synced vault.
    init() {
        vault = UUID()
        keyring = SyncKeyring(root: SymmetricKey())
        header = Array("memory header \(vault)".utf8)
    }

    /// Another copy of the same synced vault (what joining with the password gives).
    init(joining other: MemorySyncStore) {
        vault = other.vault
        keyring = other.keyring
        header = other.header
    }

    /// This copy as it was at this moment, for a restored backup.
    func copy() -> MemorySyncStore {
        let copy = MemorySyncStore(joining: self)
        copy.deviceID = deviceID
        copy.items = items
        copy.ops = ops
        copy.flushed = flushed
        copy.superseded = superseded
        copy.applied = applied
        copy.counter = counter
        copy.clock = clock
        return copy
    }

    // MARK: Local writes

    func put(_ item: UUID, _ value: String) { record(item, .put(state: 0, payload: Array(value.utf8))) }
    func delete(_ item: UUID) { record(item, .delete) }

    func value(of item: UUID) -> String? { items[item].map { String(decoding: $0, as: UTF8.self) } }

    func siblings(of item: UUID) -> Int { resolution(of: item).siblings.count }

    private func record(_ item: UUID, _ kind: SyncOp.Kind) {
        counter += 1
        clock = clock.tick(now: UInt64(Date().timeIntervalSince1970 * 1000))
        let op = SyncOp(id: OpID(device: deviceID, counter: counter), item: item, kind: kind,
                        parents: resolution(of: item).heads, time: clock)
        ops.append(op)
        materialize(item)
    }

    private func resolution(of item: UUID) -> ItemResolution {
        ItemResolution(ops: ops.filter { $0.item == item }, superseded: superseded[item] ?? [])
    }

    @discardableResult
    private func materialize(_ item: UUID) -> Bool {
        let before = items[item]
        if case .put(_, let payload) = resolution(of: item).winner?.kind { items[item] = payload } else { items[item] = nil }
        return items[item] != before
    }

    // MARK: SyncVaultAccess

    func withVault<T>(_ body: (MemorySyncStore) throws -> T) throws -> T { try body(self) }

    // MARK: BatchLedger

    func appliedSeq(of device: UUID) -> UInt64 { applied[device]?.keys.max() ?? 0 }
    func appliedHash(of device: UUID, seq: UInt64) -> [UInt8]? { applied[device]?[seq]?.hash }
    func lastCounter(of device: UUID) -> UInt64 { applied[device]?[appliedSeq(of: device)]?.lastCounter ?? 0 }
    func appliedEpoch(of device: UUID) -> UInt32 { applied[device]?[appliedSeq(of: device)]?.epoch ?? 0 }

    // MARK: SyncStore

    func reloadDeviceID() {}
    func syncKeyring() -> (vault: UUID, keyring: SyncKeyring) { (vault, keyring) }
    func setting(named name: String) -> [UInt8]? { nil }
    var needsNewSyncPassword: Bool { false }

    func reconcileSyncHeader(published bytes: [UInt8]?) -> SyncHeaderStep {
        bytes == nil ? .publish(header) : .unchanged
    }

    func appliedSeqs() -> [UUID: UInt64] { applied.mapValues { $0.keys.max() ?? 0 } }

    func ingestSyncBatches(_ files: [(name: BatchName, file: [UInt8])], fingerprints: [BatchName: [UInt8]]) throws
        -> SyncIngestReport
    {
        if files.contains(where: { $0.name.device == deviceID && $0.name.seq > appliedSeq(of: deviceID) }) {
            throw SyncError.deviceRestoredFromBackup
        }
        var report = SyncIngestReport()
        var touched: Set<UUID> = []
        for series in Dictionary(grouping: files, by: \.name.device).values {
            for (name, verdict) in try BatchIngest.examineSeries(series, vault: vault, keyring: keyring, ledger: self) {
                switch verdict {
                case .apply(let batch, let hash, let epoch):
                    ops += batch.ops.filter { op in !ops.contains { $0.id == op.id } }
                    touched.formUnion(batch.ops.map(\.item))
                    applied[batch.device, default: [:]][batch.seq] = Applied(
                        hash: hash, lastCounter: batch.ops.last?.id.counter ?? lastCounter(of: batch.device), epoch: epoch)
                    report.appliedBatches += 1
                    report.applied.append(name)
                case .alreadyApplied:
                    report.unchanged.append(name)
                    equivocations.remove(name)
                case .waiting, .missingKey, .heldUnderRetiredKey:
                    report.waiting.append(name)
                case .rejected(let error):
                    report.rejected.append(SyncIngestReport.Rejection(name: name, reason: error))
                    if case .equivocation = error { equivocations.insert(name) }
                }
            }
        }
        for name in report.applied + report.unchanged { verified[name] = fingerprints[name] }
        report.changedItems = touched.filter(materialize).count
        return report
    }

    func flushSyncBatch() -> BatchName? {
        let pending = ops.filter { $0.id.device == deviceID && !flushed.contains($0.id) }
        guard !pending.isEmpty else { return nil }
        let seq = appliedSeq(of: deviceID) + 1
        var seen = appliedSeqs()
        seen[deviceID] = nil
        let file = Batch(
            device: deviceID, seq: seq, previousHash: appliedHash(of: deviceID, seq: seq - 1) ?? Batch.noPreviousHash,
            seen: seen, ops: pending
        ).sealed(vault: vault, key: keyring.current.keys.batch, epoch: keyring.newestEpoch)
        applied[deviceID, default: [:]][seq] = Applied(
            hash: Batch.hash(ofFile: file), lastCounter: pending.last!.id.counter, epoch: keyring.newestEpoch, file: file)
        flushed.formUnion(pending.map(\.id))
        return BatchName(device: deviceID, seq: seq)
    }

    func ownSyncBatches(after seq: UInt64) -> [(name: BatchName, file: [UInt8])] {
        (applied[deviceID] ?? [:]).filter { $0.key > seq }.sorted { $0.key < $1.key }.compactMap { entry in
            entry.value.file.map { (BatchName(device: deviceID, seq: entry.key), $0) }
        }
    }

    func adoptNewDeviceID() {
        let newDevice = UUID()
        var renamed: [OpID: OpID] = [:]
        for op in ops where op.id.device == deviceID && !flushed.contains(op.id) {
            renamed[op.id] = OpID(device: newDevice, counter: UInt64(renamed.count + 1))
        }
        ops = ops.map { op in
            var moved = op
            moved.id = renamed[op.id] ?? op.id
            moved.parents = op.parents.map { renamed[$0] ?? $0 }.sorted()
            return moved
        }
        counter = UInt64(renamed.count)
        deviceID = newDevice
    }

    func verifiedBatchFingerprints() -> [BatchName: [UInt8]] { verified }

    func forgetBatchesNoLongerListed(_ listed: Set<BatchName>) {
        verified = verified.filter { listed.contains($0.key) }
        equivocations = equivocations.filter(listed.contains)
    }

    func makeSyncSnapshot() -> (path: String, file: [UInt8], seq: UInt64, epoch: UInt32)? {
        let own = appliedSeq(of: deviceID)
        guard own > 0 else { return nil }
        var progress: [UUID: Snapshot.Progress] = [:]
        for (device, seq) in appliedSeqs() {
            progress[device] = Snapshot.Progress(
                seq: seq, hash: appliedHash(of: device, seq: seq) ?? [], lastCounter: lastCounter(of: device))
        }
        let compacted = Snapshot.compact(ops.filter { $0.id.device != deviceID || flushed.contains($0.id) },
                                         superseded: superseded)
        let snapshot = Snapshot(device: deviceID, seq: own, progress: progress, ops: compacted.ops,
                                superseded: compacted.superseded)
        return (snapshot.path, snapshot.sealed(vault: vault, key: keyring.current.keys.batch), own, keyring.newestEpoch)
    }

    func ownSnapshotEpoch() -> UInt32 { snapshotEpoch }
    func noteOwnSnapshotEpoch(_ epoch: UInt32) { snapshotEpoch = epoch }

    func startFromSyncSnapshot(_ file: [UInt8], device: UUID, seq: UInt64) -> Bool {
        guard applied.isEmpty,
            let snapshot = keyring.openUnderNewestEpoch({ keys throws(SyncError) in
                try Snapshot.open(file, vault: vault, device: device, seq: seq, key: keys.batch)
            }),
            snapshot.progress[deviceID] == nil
        else { return false }
        ops += snapshot.ops
        superseded.merge(snapshot.superseded) { $0.union($1) }
        for (other, entry) in snapshot.progress {
            applied[other, default: [:]][entry.seq] = Applied(hash: entry.hash, lastCounter: entry.lastCounter, epoch: 0)
        }
        for item in Set(snapshot.ops.map(\.item)) { materialize(item) }
        return true
    }

    func forgetOwnSyncBatches(through seq: UInt64) {
        for own in (applied[deviceID] ?? [:]).keys where own <= seq { applied[deviceID]?[own]?.file = nil }
    }
}
