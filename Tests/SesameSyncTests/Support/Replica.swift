import Foundation
import SesameCrypto
@testable import SesameSync

/// One device's copy of a vault, in memory: the same rules as the SQLite store (`BatchIngest`, `ItemResolution`,
/// `HybridTimestamp`), with dictionaries in place of tables, so schedules of thousands of steps run in milliseconds.
final class Replica: BatchLedger {
    let device: UUID
    let vault: UUID
    /// The vault's sync root, and its one-root keyring: batches are sealed under the root's batch key.
    let key: SymmetricKey
    let keyring: SyncKeyring
    /// The wall clock this device believes, in milliseconds; tests skew it and run it backwards.
    var wallClock: UInt64 = 1_700_000_000_000

    private(set) var ops: [OpID: SyncOp] = [:]
    private var opsByItem: [UUID: Set<OpID>] = [:]
    private var supersededByItem: [UUID: Set<OpID>] = [:]
    private var applied: [UUID: UInt64] = [:]
    private var hashes: [UUID: [UInt64: [UInt8]]] = [:]
    private var counters: [UUID: UInt64] = [:]
    private(set) var clock = HybridTimestamp.zero
    private var observed = HybridTimestamp.zero
    private var pending: [SyncOp] = []
    private var counter: UInt64 = 0
    private(set) var seq: UInt64 = 0
    private(set) var rejections: [SyncError] = []

    init(device: UUID = UUID(), vault: UUID, key: SymmetricKey) {
        self.device = device
        self.vault = vault
        self.key = key
        keyring = SyncKeyring(root: key)
    }

    // MARK: Local writes

    /// A new version of `item` (or a deletion when `payload` is nil), superseding every head it has.
    @discardableResult
    func write(_ item: UUID, payload: [UInt8]?, state: UInt8 = 0) -> SyncOp {
        counter += 1
        clock = clock.tick(now: wallClock, observed: observed)
        let op = SyncOp(
            id: OpID(device: device, counter: counter), item: item,
            kind: payload.map { .put(state: state, payload: $0) } ?? .delete,
            parents: resolution(of: item).heads, time: clock)
        insert(op)
        pending.append(op)
        return op
    }

    /// Seals the pending ops into the next batch file, or nil when there is nothing to flush.
    func flush() -> (name: BatchName, file: [UInt8])? {
        guard !pending.isEmpty else { return nil }
        seq += 1
        let previous = seq == 1 ? Batch.noPreviousHash : hashes[device]![seq - 1]!
        var seen = applied
        seen[device] = nil
        let batch = Batch(device: device, seq: seq, previousHash: previous, seen: seen, ops: pending)
        let file = batch.sealed(vault: vault, key: keyring.current.keys.batch)
        pending = []
        applied[device] = seq
        hashes[device, default: [:]][seq] = Batch.hash(ofFile: file)
        counters[device] = counter
        return (BatchName(device: device, seq: seq), file)
    }

    // MARK: Ingest

    /// Applies every file that can be applied, in any order given, until nothing more moves.
    @discardableResult
    func ingest(_ files: [(name: BatchName, file: [UInt8])]) throws -> [IngestVerdict] {
        var verdicts: [IngestVerdict] = []
        var progress = true
        while progress {
            progress = false
            for (name, file) in files where name.device != device {
                let verdict = try BatchIngest.examine(
                    file, at: name, vault: vault, keyring: keyring, ledger: self)
                switch verdict {
                case .apply(let batch, let hash, _):
                    for op in batch.ops { insert(op); observed = max(observed, op.time) }
                    applied[name.device] = name.seq
                    hashes[name.device, default: [:]][name.seq] = hash
                    counters[name.device] = batch.ops.last?.id.counter ?? counters[name.device] ?? 0
                    verdicts.append(verdict)
                    progress = true
                case .rejected(let error):
                    rejections.append(error)
                    verdicts.append(verdict)
                case .alreadyApplied, .waiting, .missingKey, .heldUnderRetiredKey:
                    break
                }
            }
        }
        return verdicts
    }

    func appliedSeq(of device: UUID) -> UInt64 { applied[device] ?? 0 }
    func appliedHash(of device: UUID, seq: UInt64) -> [UInt8]? { hashes[device]?[seq] }
    func lastCounter(of device: UUID) -> UInt64 { counters[device] ?? 0 }
    func appliedEpoch(of device: UUID) -> UInt32 { 0 }

    // MARK: Compaction

    /// A snapshot of everything merged here (flush first: pending ops are not in it).
    func snapshot() -> Snapshot {
        var progress: [UUID: Snapshot.Progress] = [:]
        for (device, seq) in applied {
            progress[device] = Snapshot.Progress(seq: seq, hash: hashes[device]![seq]!, lastCounter: counters[device] ?? 0)
        }
        let compacted = Snapshot.compact(ops.values, superseded: supersededByItem)
        return Snapshot(device: device, seq: seq, progress: progress, ops: compacted.ops, superseded: compacted.superseded)
    }

    /// A new device that starts from a snapshot instead of every batch.
    static func starting(from snapshot: Snapshot, vault: UUID, key: SymmetricKey) -> Replica {
        let replica = Replica(vault: vault, key: key)
        for op in snapshot.ops { replica.insert(op); replica.observed = max(replica.observed, op.time) }
        replica.supersededByItem = snapshot.superseded
        for (device, entry) in snapshot.progress {
            replica.applied[device] = entry.seq
            replica.hashes[device] = [entry.seq: entry.hash]
            replica.counters[device] = entry.lastCounter
        }
        return replica
    }

    // MARK: View

    func resolution(of item: UUID) -> ItemResolution {
        ItemResolution(ops: (opsByItem[item] ?? []).map { ops[$0]! }, superseded: supersededByItem[item] ?? [])
    }

    var items: [UUID] { Array(opsByItem.keys) }

    /// A digest of the whole merged view: per item, its heads, the shown version and the siblings.
    var digest: [UInt8] {
        var text = ""
        for item in items.sorted(by: UUID.bytewiseLess) {
            let resolution = resolution(of: item)
            text += "\(item.hexName) \(resolution.heads) \(resolution.winner?.id.description ?? "-") "
            text += "\(resolution.siblings.map(\.id))\n"
        }
        return Digest.blake2b(Array(text.utf8))
    }

    private func insert(_ op: SyncOp) {
        ops[op.id] = op
        opsByItem[op.item, default: []].insert(op.id)
    }
}
