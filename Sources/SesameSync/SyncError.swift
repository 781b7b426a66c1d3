/// Why a sync file or operation was refused. Messages are one sentence and never contain item contents.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not parse as the format says (after or before authentication).
    case malformed(String)
    /// Authentication failed: a wrong key, a flipped bit, a truncation, or a file moved to another name or vault.
    case authenticationFailed
    /// The batch does not continue its device's hash chain.
    case brokenChain
    /// The batch carries operations that do not belong to its device, or whose counters go backwards.
    case foreignOperation
    /// A different file claims a (device, sequence) already applied.
    case equivocation(device: String, seq: UInt64)
    /// The sync folder holds batches of this device beyond what it wrote: it was restored from an old copy.
    case deviceRestoredFromBackup
    /// The synced vault header does not open with this password.
    case wrongPassword
    /// The transport failed; the detail names the file or command, never a secret.
    case transport(String)
    /// Sync is not set up for this vault.
    case notConfigured
    /// Sync is set up already; a vault belongs to one synced vault.
    case alreadySetUp
    /// Sealed under a key epoch its device had already left after a master password change: what a holder of
    /// the old password could make.
    case retiredKey(epoch: UInt32)
    /// The master password was changed on another device: this one needs it once (`sesame sync password`).
    case newPasswordNeeded
    /// An entry of the sync root is a symbolic link, a pipe or a device (or a file where a folder belongs, or the
    /// reverse): never read, written or followed.
    case unsafeEntry(kind: String, expected: String)
    /// A file of the sync root is larger than its kind may be (``SyncBudget``); it was not read.
    case fileTooLarge(bytes: UInt64, limit: Int)
    /// A folder of the sync root holds more entries than ``SyncBudget/maximumFolderEntries``.
    case tooManyEntries(limit: Int)
    /// A vault header asks for a key derivation above ``SyncBudget``; nothing was derived.
    case keyDerivationTooCostly(memoryMiB: Int, passes: UInt64)

    public var description: String {
        switch self {
        case .malformed(let detail): "The sync file is malformed (\(detail))."
        case .authenticationFailed: "The sync file does not authenticate: it was altered, truncated or moved."
        case .brokenChain: "The sync file does not follow its device's previous file."
        case .foreignOperation: "The sync file carries changes that are not its device's own."
        case .equivocation(let device, let seq):
            "Device \(device.prefix(8)) published two different files with sequence number \(seq)."
        case .deviceRestoredFromBackup:
            "The sync folder holds newer changes of this device than the vault knows: it was restored from an older copy."
        case .wrongPassword: "The master password does not open the synced vault."
        case .transport(let detail): "Sync transport failed: \(detail)"
        case .notConfigured: "Sync is not set up for this vault; run 'sesame sync setup'."
        case .alreadySetUp: "Sync is already set up for this vault."
        case .retiredKey(let epoch):
            "The sync file is sealed under key epoch \(epoch), which its device had already left after a master password change."
        case .newPasswordNeeded:
            "The master password was changed on another device: run 'sesame sync password' here and enter it once."
        case .unsafeEntry(let kind, let expected):
            "It is \(kind), not \(expected); sync never reads, writes or follows it."
        case .fileTooLarge(let bytes, let limit):
            "It holds \(Self.size(bytes)), above the \(Self.size(UInt64(limit))) a sync file of its kind may hold; it was not read."
        case .tooManyEntries(let limit):
            "The folder holds more than \(limit) entries; it was skipped."
        case .keyDerivationTooCostly(let memory, let passes):
            "The vault header asks for Argon2id with \(memory) MiB and \(passes) passes, above the \(SyncBudget.maximumKDFMemoryMiB) MiB and \(SyncBudget.maximumKDFPasses) passes a synced vault may use."
        }
    }

    private static func size(_ bytes: UInt64) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}
