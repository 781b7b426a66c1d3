import Foundation
import SesameCrypto

/// Settings that belong to the user, not to one device (the equivalent-domain groups). On a synced vault each change
/// of one is an op like an item's, under a reserved id derived from the setting's name (a version-8 UUID, never one
/// of the random version-4 ids items get), whose payload is a record carrying the name and the value (empty for a
/// removed setting). Merging is the items' rule (``ItemResolution``): concurrent changes both stay live, the shown
/// one (by hybrid time) is what the store's setting row holds, and a reader gets every live version to merge them
/// (equivalents: the union of their groups); the next change supersedes them all. Every device holding the same
/// ops reads the same versions in the same order, so they all show the same merged value.
public enum SyncedSetting {
    /// The settings that sync.
    public static let names: Set<String> = ["equivalent-domains"]
    private static let recordMagic = Array("SSET1".utf8)

    /// The reserved item id of a setting's ops.
    public static func id(of name: String) -> UUID {
        var bytes = Digest.blake2b(Array("sesame.synced-setting.v1".utf8) + Array(name.utf8), length: 16)
        bytes[6] = bytes[6] & 0x0F | 0x80  // version 8: custom, never a random (version 4) id
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(byteArray: bytes)
    }

    /// The payload of an op that sets `name` to `value` (nil: removed). It holds the value: the caller zeroes it.
    public static func record(named name: String, value: [UInt8]?) -> [UInt8] {
        recordMagic + withUnsafeBytes(of: UInt16(name.utf8.count).bigEndian, Array.init) + Array(name.utf8) + (value ?? [])
    }

    /// The setting an op carries: nil for an item's op, and for a name that is not UTF-8.
    public static func record(in op: SyncOp) -> (name: String, value: [UInt8])? {
        guard case .put(_, let payload) = op.kind, payload.starts(with: recordMagic),
            payload.count >= recordMagic.count + 2
        else { return nil }
        let lengthAt = recordMagic.count
        let length = Int(payload[lengthAt]) << 8 | Int(payload[lengthAt + 1])
        guard payload.count >= lengthAt + 2 + length else { return nil }
        guard let name = String(strictUTF8: payload[(lengthAt + 2)..<(lengthAt + 2 + length)]) else { return nil }
        return (name, Array(payload[(lengthAt + 2 + length)...]))
    }

    /// The live versions a reader merges besides the one the store shows: the resolution's other live puts, best
    /// first, without removals (a removed setting has nothing to merge).
    public static func otherLiveValues(in resolution: ItemResolution) -> [[UInt8]] {
        resolution.siblings.compactMap { record(in: $0)?.value }.filter { !$0.isEmpty }
    }
}
