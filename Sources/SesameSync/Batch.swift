import Foundation
import SesameCrypto

/// One immutable batch file, `ops/<device>/<seq>.sop`: the changes one device flushed at once.
///
/// File layout: `"SSOP1"` ‖ epoch (u32) ‖ XChaCha20-Poly1305 box (nonce ‖ ciphertext ‖ tag). The associated data
/// binds the format, the vault, the device, the sequence number and the epoch, so a file copied to another name,
/// device folder or vault does not open. The plaintext starts with the hash of the device's previous file (a
/// chain: a dropped or swapped file is seen), is padded with zeros to a multiple of 512 bytes so that sizes say
/// little, and holds what the device had applied from others (`seen`, to name gaps) and its ops.
public struct Batch: Equatable, Sendable {
    public static let magic = Array("SSOP1".utf8)
    public static let paddingBucket = 512
    /// Bounds that keep a hostile file from making the reader allocate without limit.
    static let maximumPayload = 16 << 20
    static let maximumParents = 4096

    public var device: UUID
    public var seq: UInt64
    /// BLAKE2b-256 of the device's previous batch file; 32 zero bytes for the first.
    public var previousHash: [UInt8]
    public var seen: [UUID: UInt64]
    public var ops: [SyncOp]

    public init(device: UUID, seq: UInt64, previousHash: [UInt8], seen: [UUID: UInt64], ops: [SyncOp]) {
        self.device = device
        self.seq = seq
        self.previousHash = previousHash
        self.seen = seen
        self.ops = ops
    }

    public static let noPreviousHash = [UInt8](repeating: 0, count: 32)

    /// The hash a following batch names as its predecessor.
    public static func hash(ofFile file: [UInt8]) -> [UInt8] { Digest.blake2b(file, length: 32) }

    /// Encrypts the batch into its file bytes.
    public func sealed(vault: UUID, key: SymmetricKey, epoch: UInt32 = 0) -> [UInt8] {
        var plaintext = paddedPlaintext()
        defer { zeroize(&plaintext) }
        var file = ByteWriter()
        file.append(Self.magic)
        file.append(epoch)
        file.append(AEAD.seal(plaintext, using: key, authenticating: Self.associatedData(
            vault: vault, device: device, seq: seq, epoch: epoch)))
        return file.bytes
    }

    /// Authenticates and parses a batch file found at `ops/<device>/<seq>`: the name is bound by the associated
    /// data, so it is believed only once the box opens.
    public static func open(_ file: [UInt8], vault: UUID, device: UUID, seq: UInt64, key: SymmetricKey)
        throws(SyncError) -> Batch
    {
        var reader = ByteReader(file)
        guard try reader.read(count: magic.count) == magic else { throw .malformed("not a batch file") }
        let epoch = try reader.read(UInt32.self)
        let box = try reader.read(count: reader.remaining)
        var plaintext: [UInt8]
        do {
            plaintext = try AEAD.open(box, using: key, authenticating: associatedData(
                vault: vault, device: device, seq: seq, epoch: epoch))
        } catch {
            throw .authenticationFailed
        }
        defer { zeroize(&plaintext) }
        return try parse(plaintext, device: device, seq: seq)
    }

    /// The key epoch a batch file says it is sealed under (bound into its associated data, so believed only once
    /// the box opens).
    public static func epoch(of file: [UInt8]) throws(SyncError) -> UInt32 {
        var reader = ByteReader(file)
        guard try reader.read(count: magic.count) == magic else { throw .malformed("not a batch file") }
        return try reader.read(UInt32.self)
    }

    static func associatedData(vault: UUID, device: UUID, seq: UInt64, epoch: UInt32) -> [UInt8] {
        var data = ByteWriter()
        data.append(Array("sesame-op-v1".utf8))
        data.append(vault)
        data.append(device)
        data.append(seq)
        data.append(epoch)
        return data.bytes
    }

    // MARK: - Plaintext

    private func paddedPlaintext() -> [UInt8] {
        var body = ByteWriter()
        body.append(previousHash)
        body.append(UInt16(seen.count))
        for (device, seq) in seen.sorted(by: { UUID.bytewiseLess($0.key, $1.key) }) {
            body.append(device)
            body.append(seq)
        }
        body.append(UInt32(ops.count))
        for op in ops { Self.write(op, to: &body) }
        var plaintext = ByteWriter()
        plaintext.append(UInt32(body.bytes.count))
        plaintext.append(body.bytes)
        let padding = (Self.paddingBucket - plaintext.bytes.count % Self.paddingBucket) % Self.paddingBucket
        plaintext.append([UInt8](repeating: 0, count: padding))
        return plaintext.bytes
    }

    /// The ops alone, in the batch encoding (snapshots reuse it).
    func encodedOps() -> [UInt8] {
        var writer = ByteWriter()
        for op in ops { Self.write(op, to: &writer) }
        return writer.bytes
    }

    private static func write(_ op: SyncOp, to writer: inout ByteWriter) {
        writer.append(op.id.counter)
        writer.append(op.item)
        switch op.kind {
        case .delete:
            writer.append(UInt8(0))
        case .put(let state, let payload):
            writer.append(UInt8(1))
            writer.append(state)
            writer.appendLengthPrefixed(payload)
        }
        writer.append(UInt16(op.parents.count))
        for parent in op.parents {
            writer.append(parent.device)
            writer.append(parent.counter)
        }
        writer.append(op.time.milliseconds)
        writer.append(op.time.counter)
    }

    /// The bytes `op` takes in a batch (what a writer counts to stay within ``SyncBudget``).
    public static func encodedByteCount(of op: SyncOp) -> Int {
        var count = 8 + 16 + 1 + 2 + 24 * op.parents.count + 8 + 4
        if case .put(_, let payload) = op.kind { count += 1 + 4 + payload.count }
        return count
    }

    static func parse(_ plaintext: [UInt8], device: UUID, seq: UInt64) throws(SyncError) -> Batch {
        var outer = ByteReader(plaintext)
        let length = Int(try outer.read(UInt32.self))
        let body = try outer.read(count: length)
        guard try outer.read(count: outer.remaining).allSatisfy({ $0 == 0 }) else {
            throw .malformed("padding is not zero")
        }
        var reader = ByteReader(body)
        let previousHash = try reader.read(count: 32)
        var seen: [UUID: UInt64] = [:]
        for _ in 0..<Int(try reader.read(UInt16.self)) {
            let other = try reader.readUUID()
            guard seen[other] == nil else { throw .malformed("a device is listed twice") }
            seen[other] = try reader.read(UInt64.self)
        }
        let opCount = Int(try reader.read(UInt32.self))
        // Each op takes at least 39 bytes: a count larger than what is left is a lie, not a reason to allocate.
        guard opCount <= reader.remaining / 39 else { throw .malformed("too many operations") }
        var ops: [SyncOp] = []
        ops.reserveCapacity(opCount)
        for _ in 0..<opCount { ops.append(try readOp(&reader, device: device)) }
        guard reader.remaining == 0 else { throw .malformed("trailing bytes") }
        return Batch(device: device, seq: seq, previousHash: previousHash, seen: seen, ops: ops)
    }

    static func readOp(_ reader: inout ByteReader, device: UUID) throws(SyncError) -> SyncOp {
        let counter = try reader.read(UInt64.self)
        let item = try reader.readUUID()
        let kind: SyncOp.Kind
        switch try reader.read(UInt8.self) {
        case 0: kind = .delete
        case 1:
            let state = try reader.read(UInt8.self)
            kind = .put(state: state, payload: try reader.readLengthPrefixed(limit: maximumPayload))
        default: throw .malformed("unknown operation kind")
        }
        let parentCount = Int(try reader.read(UInt16.self))
        guard parentCount <= maximumParents else { throw .malformed("too many parents") }
        var parents: [OpID] = []
        for _ in 0..<parentCount {
            parents.append(OpID(device: try reader.readUUID(), counter: try reader.read(UInt64.self)))
        }
        let time = HybridTimestamp(milliseconds: try reader.read(UInt64.self), counter: try reader.read(UInt32.self))
        return SyncOp(id: OpID(device: device, counter: counter), item: item, kind: kind, parents: parents, time: time)
    }
}
