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
    /// The key epoch of the last batch applied from `device` (0 for none): a device's epochs never go back.
    func appliedEpoch(of device: UUID) throws -> UInt32
}

/// What to do with one batch file found in the sync root.
public enum IngestVerdict: Equatable, Sendable {
    /// Authenticated and chained, next in its device's series: apply its ops. `hash` is the file's hash,
    /// `epoch` the key epoch it is sealed under.
    case apply(Batch, hash: [UInt8], epoch: UInt32)
    /// Already applied, byte for byte: nothing to do (idempotence).
    case alreadyApplied
    /// Not next: an earlier file of the device is missing or was refused; wait for it.
    case waiting
    /// Refused: the reason says why. Later files of the same device wait behind it.
    case rejected(SyncError)
    /// Sealed under a root this replica lacks (a newer key epoch): it waits for the new master password.
    case missingKey(epoch: UInt32)
    /// Sound, but sealed under a retired key epoch: it waits until a batch of the newest epoch from the same
    /// device vouches for it through the chain (the device took in the new password).
    case heldUnderRetiredKey(epoch: UInt32)
}

/// The checks every incoming batch passes before any of its ops is merged.
public enum BatchIngest {
    /// Judges one device's files (any order; only those after what `ledger` has applied matter) against what
    /// `ledger` has applied: a device's files take effect in sequence order, and a gap or a refused file holds
    /// back what follows it. A file sealed under a retired key epoch is applied only together with a later file
    /// of the newest epoch that chains to it, because the old password's holder could have made it; nobody
    /// without the newest root can make the vouching file.
    public static func examineSeries(
        _ files: [(name: BatchName, file: [UInt8])], vault: UUID, keyring: SyncKeyring, ledger: some BatchLedger
    ) throws -> [(name: BatchName, verdict: IngestVerdict)] {
        guard let device = files.first?.name.device else { return [] }
        precondition(files.allSatisfy { $0.name.device == device }, "one device's files at a time")
        let applied = try ledger.appliedSeq(of: device)
        var previousHash = applied == 0 ? Batch.noPreviousHash : try ledger.appliedHash(of: device, seq: applied) ?? []
        var counter = try ledger.lastCounter(of: device)
        var epoch = try ledger.appliedEpoch(of: device)
        var next = applied + 1
        var stopped = false
        var held: [(name: BatchName, verdict: IngestVerdict)] = []
        var verdicts: [(name: BatchName, verdict: IngestVerdict)] = []
        for entry in files.sorted(by: { $0.name.seq < $1.name.seq }) {
            let name = entry.name
            if name.seq <= applied {
                // A file is immutable once published: another one under the same name is equivocation when it
                // authenticates (a holder of the key made it: the device forked, or someone wrote as it), the
                // transport's alteration otherwise; either way the applied one stays. No hash: the batch was
                // covered by a snapshot this replica started from.
                let known = try ledger.appliedHash(of: device, seq: name.seq)
                if known == nil || known == Batch.hash(ofFile: entry.file) {
                    verdicts.append((name, .alreadyApplied))
                } else {
                    let sealed = authenticates(entry.file, at: name, vault: vault, keyring: keyring)
                    verdicts.append((name, .rejected(
                        sealed ? .equivocation(device: device.hexName, seq: name.seq) : .authenticationFailed)))
                }
                continue
            }
            guard !stopped, name.seq == next else {
                stopped = true
                verdicts.append((name, .waiting))
                continue
            }
            let verdict = examineNext(entry.file, at: name, vault: vault, keyring: keyring,
                                      previousHash: previousHash, counter: counter, epoch: epoch)
            guard case .apply(let batch, let hash, let batchEpoch) = verdict else {
                stopped = true
                verdicts.append((name, verdict))
                continue
            }
            previousHash = hash
            counter = batch.ops.last?.id.counter ?? counter
            epoch = batchEpoch
            next += 1
            if batchEpoch < keyring.newestEpoch {
                held.append((name, verdict))
            } else {
                verdicts += held
                held = []
                verdicts.append((name, verdict))
            }
        }
        verdicts += held.map { entry -> (name: BatchName, verdict: IngestVerdict) in
            guard case .apply(_, _, let epoch) = entry.verdict else { return entry }
            return (entry.name, .heldUnderRetiredKey(epoch: epoch))
        }
        return verdicts
    }

    /// One file, judged alone (what `examineSeries` does for a series of one).
    public static func examine(
        _ file: [UInt8], at name: BatchName, vault: UUID, keyring: SyncKeyring, ledger: some BatchLedger
    ) throws -> IngestVerdict {
        try examineSeries([(name, file)], vault: vault, keyring: keyring, ledger: ledger)[0].verdict
    }

    /// Whether `file` opens as the batch `name` under a root of its epoch.
    private static func authenticates(_ file: [UInt8], at name: BatchName, vault: UUID, keyring: SyncKeyring) -> Bool {
        guard let epoch = try? Batch.epoch(of: file) else { return false }
        return (try? keyring.open(epoch: epoch) { keys throws(SyncError) in
            try Batch.open(file, vault: vault, device: name.device, seq: name.seq, key: keys.batch)
        }) != nil
    }

    /// The file right after the device's last one, given that one's hash, op counter and epoch.
    private static func examineNext(
        _ file: [UInt8], at name: BatchName, vault: UUID, keyring: SyncKeyring, previousHash: [UInt8],
        counter: UInt64, epoch appliedEpoch: UInt32
    ) -> IngestVerdict {
        let epoch: UInt32
        do { epoch = try Batch.epoch(of: file) } catch { return .rejected(error) }
        guard !keyring.entries(ofEpoch: epoch).isEmpty else {
            return epoch > keyring.newestEpoch ? .missingKey(epoch: epoch) : .rejected(.authenticationFailed)
        }
        let batch: Batch
        do {
            batch = try keyring.open(epoch: epoch) { keys throws(SyncError) in
                try Batch.open(file, vault: vault, device: name.device, seq: name.seq, key: keys.batch)
            }
        } catch {
            return .rejected(error)
        }
        guard batch.previousHash == previousHash else { return .rejected(.brokenChain) }
        var counter = counter
        for op in batch.ops {
            guard op.id.counter > counter else { return .rejected(.foreignOperation) }
            counter = op.id.counter
        }
        // A device never goes back to a key it has left (the epoch is bound in, so believed once it opened).
        guard epoch >= appliedEpoch else { return .rejected(.retiredKey(epoch: epoch)) }
        return .apply(batch, hash: Batch.hash(ofFile: file), epoch: epoch)
    }
}
