import Foundation
import SesameCrypto

/// What a replica has applied from each device: the contiguous prefix of sequence numbers and each applied
/// file's hash. The store keeps it in SQLite, tests in memory; the rules that read it are in `BatchIngest`.
public protocol BatchLedger {
    /// The highest sequence number applied from `device` (0 for none).
    func appliedSeq(of device: UUID) throws -> UInt64
    /// The hash of the applied file `seq` of `device`, if applied.
    func appliedHash(of device: UUID, seq: UInt64) throws -> [UInt8]?
    /// The highest op counter applied from `device` (0 for none).
    func lastCounter(of device: UUID) throws -> UInt64
}

/// What to do with one batch file found in the sync root.
public enum IngestVerdict: Equatable, Sendable {
    /// The next batch of its device, authenticated and chained: apply its ops. `hash` is the file's hash.
    case apply(Batch, hash: [UInt8])
    /// Already applied, byte for byte: nothing to do (idempotence).
    case alreadyApplied
    /// Not the next one: an earlier file of the device is missing or was refused; wait for it.
    case waiting
    /// Refused: the reason says why. Later files of the same device wait behind it.
    case rejected(SyncError)
}

/// The checks every incoming batch passes before any of its ops is merged.
public enum BatchIngest {
    /// Judges the file at `name` against what `ledger` has applied. Only the next sequence number of a device is
    /// ever applied, so a device's files take effect in order and a gap holds back what follows it.
    public static func examine(
        _ file: [UInt8], at name: BatchName, vault: UUID, key: SymmetricKey, ledger: some BatchLedger
    ) throws -> IngestVerdict {
        let applied = try ledger.appliedSeq(of: name.device)
        if name.seq <= applied {
            // A file is immutable once published: another one under the same name is equivocation (or a
            // transport that altered it); either way the applied one stays.
            // No hash: the batch was covered by a snapshot this replica started from.
            guard let known = try ledger.appliedHash(of: name.device, seq: name.seq) else { return .alreadyApplied }
            return known == Batch.hash(ofFile: file)
                ? .alreadyApplied
                : .rejected(.equivocation(device: name.device.hexName, seq: name.seq))
        }
        guard name.seq == applied + 1 else { return .waiting }
        let batch: Batch
        do {
            batch = try Batch.open(file, vault: vault, device: name.device, seq: name.seq, key: key)
        } catch {
            return .rejected(error)
        }
        let expectedPrevious = applied == 0
            ? Batch.noPreviousHash : try ledger.appliedHash(of: name.device, seq: applied) ?? []
        guard batch.previousHash == expectedPrevious else { return .rejected(.brokenChain) }
        var counter = try ledger.lastCounter(of: name.device)
        for op in batch.ops {
            guard op.id.counter > counter else { return .rejected(.foreignOperation) }
            counter = op.id.counter
        }
        return .apply(batch, hash: Batch.hash(ofFile: file))
    }
}
