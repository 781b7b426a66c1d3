import Foundation
import SesameCrypto

/// Every sync root key a synced vault has had, one per key epoch. `sesame passwd` starts a new epoch with a
/// fresh random root, so a copy of an old `vault.hdr` and the old password open nothing written afterwards; the
/// older roots stay in the ring because older batches, snapshots and acknowledgements are sealed under them.
///
/// A batch sealed under a retired epoch is what an old-password holder could make: it is applied only once a
/// batch of the newest epoch from the same device vouches for it through the device's hash chain
/// (`BatchIngest.examineSeries`). Snapshots and acknowledgements are believed under the newest epoch only. Two
/// devices that change the password at once make two roots of the same epoch; rings merge, and opening tries
/// every root of a file's epoch.
public struct SyncKeyring: Sendable {
    public struct Entry: Sendable {
        public let epoch: UInt32
        public let keys: SyncKeys

        public init(epoch: UInt32, root: SymmetricKey) {
            self.epoch = epoch
            keys = SyncKeys(root: root)
        }
    }

    /// Sorted by epoch, then root id: every device that holds the same roots picks the same current one.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) {
        precondition(!entries.isEmpty, "a keyring holds at least one root")
        var byID: [[UInt8]: Entry] = [:]
        for entry in entries where byID[entry.keys.id] == nil { byID[entry.keys.id] = entry }
        self.entries = byID.values.sorted {
            $0.epoch != $1.epoch ? $0.epoch < $1.epoch : $0.keys.id.lexicographicallyPrecedes($1.keys.id)
        }
    }

    /// A ring of one root, epoch 0: a vault set up before key epochs, or just set up.
    public init(root: SymmetricKey) { self.init(entries: [Entry(epoch: 0, root: root)]) }

    /// The root new files are sealed under.
    public var current: Entry { entries.last! }
    public var newestEpoch: UInt32 { current.epoch }
    public var ids: Set<[UInt8]> { Set(entries.map(\.keys.id)) }

    public func entries(ofEpoch epoch: UInt32) -> [Entry] { entries.filter { $0.epoch == epoch } }

    /// The ring with a new epoch after `atLeast` (the newest epoch this device has heard of) and a fresh root.
    /// An epoch at the limit is refused rather than wrapped (only a forged header's could get there).
    public func rotated(after atLeast: UInt32) throws(SyncError) -> SyncKeyring {
        let (next, overflow) = max(newestEpoch, atLeast).addingReportingOverflow(1)
        guard !overflow else { throw .malformed("the key epoch is at its limit") }
        return SyncKeyring(entries: entries + [Entry(epoch: next, root: SymmetricKey())])
    }

    /// Both rings' roots (two devices changed the password at once).
    public func merged(with other: SyncKeyring) -> SyncKeyring { SyncKeyring(entries: entries + other.entries) }

    /// Opens `file` with the first root of `epoch` that authenticates it.
    func open<T>(epoch: UInt32, _ attempt: (SyncKeys) throws(SyncError) -> T) throws(SyncError) -> T {
        var failure = SyncError.authenticationFailed
        for entry in entries(ofEpoch: epoch) {
            do { return try attempt(entry.keys) } catch { failure = error }
        }
        throw failure
    }

    /// Opens a file that names no epoch (a snapshot or an acknowledgement) with a root of the newest epoch; nil
    /// when none authenticates it (a file sealed under a retired root is what an old-password holder could make).
    public func openUnderNewestEpoch<T>(_ attempt: (SyncKeys) throws(SyncError) -> T) -> T? {
        for entry in entries(ofEpoch: newestEpoch) {
            if let opened = try? attempt(entry.keys) { return opened }
        }
        return nil
    }

    // MARK: - Encoding (inside the sealed identity setting and inside `vault.hdr`'s password box)

    /// Written in place into one buffer of the final size, so no growing copy of the roots is left behind in
    /// freed memory; the caller zeroes the result.
    public var encoded: [UInt8] {
        let entrySize = 4 + SymmetricKey.byteCount
        var bytes = [UInt8](repeating: 0, count: 2 + entries.count * entrySize)
        bytes.withUnsafeMutableBytes { out in
            out.storeBytes(of: UInt16(entries.count).bigEndian, toByteOffset: 0, as: UInt16.self)
            for (index, entry) in entries.enumerated() {
                let offset = 2 + index * entrySize
                out.storeBytes(of: entry.epoch.bigEndian, toByteOffset: offset, as: UInt32.self)
                entry.keys.root.withUnsafeBytes { root in
                    UnsafeMutableRawBufferPointer(rebasing: out[(offset + 4)..<(offset + entrySize)]).copyMemory(from: root)
                }
            }
        }
        return bytes
    }

    public init(decoding bytes: [UInt8]) throws(SyncError) {
        var reader = ByteReader(bytes)
        let count = Int(try reader.read(UInt16.self))
        guard count > 0 else { throw .malformed("an empty keyring") }
        var entries: [Entry] = []
        for _ in 0..<count {
            let epoch = try reader.read(UInt32.self)
            var raw = try reader.read(count: SymmetricKey.byteCount)
            defer { zeroize(&raw) }
            guard let root = try? SymmetricKey(bytes: SecureBytes(copying: raw)) else { throw .malformed("a key") }
            entries.append(Entry(epoch: epoch, root: root))
        }
        guard reader.remaining == 0 else { throw .malformed("trailing bytes") }
        self.init(entries: entries)
    }
}
