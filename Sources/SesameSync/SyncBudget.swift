import Foundation
import SesameCrypto

/// What a device reads from the sync root, at most. Every file there comes from outside (a git remote, a synced
/// folder's peers), so each transport checks a file's size with `fstat` before reading a byte, lists at most so
/// many entries per folder, and a round reads at most so many bytes of batches; and no header makes a device run
/// Argon2id above what Bitwarden's servers accept from clients. Writers stay below the same numbers, so nothing a
/// device writes is ever refused by another. docs/security.md ("Budgets") gives the reason for each.
public enum SyncBudget {
    /// `vault.hdr`: about 200 bytes plus 70 per key epoch; a megabyte is thousands of password changes.
    public static let maximumHeaderBytes = 1 << 20
    /// `acks/<device>.ack`: 24 bytes per device.
    public static let maximumAcknowledgementBytes = 1 << 20
    /// `ops/<device>/<seq>.sop`. Writers split what they flush at `batchOpsTarget`, and one op holds at most a
    /// 16 MiB item (`Batch.maximumPayload`), so every batch a device writes fits.
    public static let maximumBatchBytes = 64 << 20
    /// Ops a flush puts into one batch before starting the next: 10,000 items are about 2 MiB.
    public static let batchOpsTarget = 32 << 20
    /// `snap/<device>/<seq>.snp`: the newest version of every item; a device never writes a larger one.
    public static let maximumSnapshotBytes = 256 << 20
    /// Any other file read under the root.
    public static let maximumOtherBytes = 1 << 20
    /// Batch bytes one round reads before leaving the rest for the next round, so memory stays bounded whatever
    /// the number of device folders.
    public static let maximumBatchBytesPerRound = 256 << 20
    /// Entries listed in one folder of the root (`ops`, a device's folder, `snap`, `acks`): a device writes one
    /// batch per round that had changes, and prunes them once acknowledged.
    public static let maximumFolderEntries = 100_000
    /// Argon2id of a header read from the transport (`clone`, `sync password`), checked before deriving.
    /// The same limit every Argon2id Sesame reads has: one number for vault, backup and sync headers.
    public static let maximumKDFMemoryMiB = KDFParameters.maximumMemoryMiB
    public static let maximumKDFPasses = UInt64(KDFParameters.maximumPasses)

    /// The size limit of the file at `path` (relative to the sync root), by its kind.
    public static func maximumBytes(forPath path: String) -> Int {
        if path == SyncHeader.fileName { return maximumHeaderBytes }
        if path.hasSuffix(".sop") { return maximumBatchBytes }
        if path.hasSuffix(".snp") { return maximumSnapshotBytes }
        if path.hasSuffix(".ack") { return maximumAcknowledgementBytes }
        return maximumOtherBytes
    }

    /// Refuses Argon2id parameters above the budget before any key is derived from them.
    public static func checkKeyDerivation(_ kdf: KDFParameters) throws(SyncError) {
        guard kdf.memoryBytes <= UInt64(maximumKDFMemoryMiB) << 20, kdf.passes <= maximumKDFPasses else {
            throw .keyDerivationTooCostly(memoryMiB: kdf.memoryMiB, passes: kdf.passes)
        }
    }
}
