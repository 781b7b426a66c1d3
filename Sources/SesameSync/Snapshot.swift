import Foundation
import SesameCrypto

/// A compaction point, `snap/<device>/<seq>.snp`: the heads of every item as the writing device had merged them,
/// and how far it had applied each device's series (sequence, that batch's hash, last op counter). A new device
/// starts from it and reads only later batches; old batches can then be pruned.
///
/// Heads are enough: an op that is not a head has been superseded for good (the op set only grows), so no later
/// op can make it a head again, and heads(snapshot ∪ later ops) = heads(full log ∪ later ops).
public struct Snapshot: Equatable, Sendable {
    public struct Progress: Equatable, Sendable {
        public var seq: UInt64
        public var hash: [UInt8]
        public var lastCounter: UInt64

        public init(seq: UInt64, hash: [UInt8], lastCounter: UInt64) {
            self.seq = seq
            self.hash = hash
            self.lastCounter = lastCounter
        }
    }

    static let magic = Array("SSNP1".utf8)
    public var device: UUID
    public var seq: UInt64
    public var progress: [UUID: Progress]
    public var ops: [SyncOp]
    /// Per item, ids that dropped ops superseded but that the writer never held: one may still arrive (from a
    /// batch beyond the snapshot), and must then not count as a head.
    public var superseded: [UUID: Set<OpID>]

    public init(device: UUID, seq: UInt64, progress: [UUID: Progress], ops: [SyncOp], superseded: [UUID: Set<OpID>] = [:]) {
        self.device = device
        self.seq = seq
        self.progress = progress
        self.ops = ops
        self.superseded = superseded
    }

    /// What a snapshot keeps of a replica's ops (and of the superseded ids it was itself started with): every
    /// item's heads, and the ids superseded by dropped ops that are not among the ops held.
    public static func compact(_ ops: some Sequence<SyncOp>, superseded known: [UUID: Set<OpID>] = [:])
        -> (ops: [SyncOp], superseded: [UUID: Set<OpID>])
    {
        var byItem: [UUID: [SyncOp]] = [:]
        for op in ops { byItem[op.item, default: []].append(op) }
        var kept: [SyncOp] = []
        var superseded: [UUID: Set<OpID>] = [:]
        for (item, itemOps) in byItem {
            let heads = Set(ItemResolution(ops: itemOps, superseded: known[item] ?? []).heads)
            kept += itemOps.filter { heads.contains($0.id) }
            let held = Set(itemOps.map(\.id))
            let missing = (known[item] ?? []).union(itemOps.flatMap(\.parents)).subtracting(held)
            if !missing.isEmpty { superseded[item] = missing }
        }
        for (item, ids) in known where byItem[item] == nil { superseded[item] = ids }
        kept.sort { $0.item == $1.item ? $0.id < $1.id : UUID.bytewiseLess($0.item, $1.item) }
        return (kept, superseded)
    }

    public var path: String { "snap/\(device.hexName)/" + String(format: "%012llu.snp", seq) }

    public func sealed(vault: UUID, key: SymmetricKey) -> [UInt8] {
        var body = ByteWriter()
        body.append(UInt16(progress.count))
        for (device, entry) in progress.sorted(by: { UUID.bytewiseLess($0.key, $1.key) }) {
            body.append(device)
            body.append(entry.seq)
            body.append(entry.hash)
            body.append(entry.lastCounter)
        }
        // Ops of many devices: each carries its device, which a batch leaves implicit.
        body.append(UInt32(ops.count))
        for op in ops {
            body.append(op.id.device)
            body.append(Batch(device: op.id.device, seq: 0, previousHash: [], seen: [:], ops: [op]).encodedOps())
        }
        let references = superseded.flatMap { item, ids in ids.map { (item, $0) } }
            .sorted { $0.0 == $1.0 ? $0.1 < $1.1 : UUID.bytewiseLess($0.0, $1.0) }
        body.append(UInt32(references.count))
        for (item, id) in references {
            body.append(item)
            body.append(id.device)
            body.append(id.counter)
        }
        var plaintext = body.bytes
        defer { zeroize(&plaintext) }
        var file = ByteWriter()
        file.append(Self.magic)
        file.append(AEAD.seal(plaintext, using: key, authenticating: Self.associatedData(vault: vault, device: device, seq: seq)))
        return file.bytes
    }

    public static func open(_ file: [UInt8], vault: UUID, device: UUID, seq: UInt64, key: SymmetricKey)
        throws(SyncError) -> Snapshot
    {
        var reader = ByteReader(file)
        guard try reader.read(count: magic.count) == magic else { throw .malformed("not a snapshot") }
        var plaintext: [UInt8]
        do {
            plaintext = try AEAD.open(try reader.read(count: reader.remaining), using: key,
                                      authenticating: associatedData(vault: vault, device: device, seq: seq))
        } catch {
            throw .authenticationFailed
        }
        defer { zeroize(&plaintext) }
        return try parse(plaintext, device: device, seq: seq)
    }

    /// The plaintext of a snapshot (what a hostile holder of the key could seal); counts are checked against
    /// the bytes left before anything is reserved.
    static func parse(_ plaintext: [UInt8], device: UUID, seq: UInt64) throws(SyncError) -> Snapshot {
        var body = ByteReader(plaintext)
        var progress: [UUID: Progress] = [:]
        for _ in 0..<Int(try body.read(UInt16.self)) {
            let other = try body.readUUID()
            progress[other] = Progress(seq: try body.read(UInt64.self), hash: try body.read(count: 32),
                                       lastCounter: try body.read(UInt64.self))
        }
        let count = Int(try body.read(UInt32.self))
        guard count <= body.remaining / 55 else { throw .malformed("too many operations") }
        var ops: [SyncOp] = []
        for _ in 0..<count {
            let owner = try body.readUUID()
            ops.append(try Batch.readOp(&body, device: owner))
        }
        let referenceCount = Int(try body.read(UInt32.self))
        guard referenceCount <= body.remaining / 40 else { throw .malformed("too many references") }
        var superseded: [UUID: Set<OpID>] = [:]
        for _ in 0..<referenceCount {
            let item = try body.readUUID()
            superseded[item, default: []].insert(OpID(device: try body.readUUID(), counter: try body.read(UInt64.self)))
        }
        guard body.remaining == 0 else { throw .malformed("trailing bytes") }
        return Snapshot(device: device, seq: seq, progress: progress, ops: ops, superseded: superseded)
    }

    static func associatedData(vault: UUID, device: UUID, seq: UInt64) -> [UInt8] {
        var data = ByteWriter()
        data.append(Array("sesame-snap-v1".utf8))
        data.append(vault)
        data.append(device)
        data.append(seq)
        return data.bytes
    }
}
