import Foundation
import SesameCrypto
import SesameSync

// MARK: - Settings that travel with sync

/// Some settings belong to the user, not to one device: the equivalent-domain groups. On a synced vault each change
/// of one is an op like an item's, under a reserved id derived from the setting's name (a version-8 UUID, never one
/// of the random version-4 ids items get), whose payload carries the name and the value. Merging is the items'
/// rule: concurrent changes both stay live, the shown one (by hybrid time) is what the setting row holds, and a
/// reader gets every live version (``settingVersions(named:)``, ``updateSettingVersions(named:_:)``) to merge them (equivalents: the union of their
/// groups); the next change supersedes them all. Every device holding the same ops reads the same versions in the
/// same order, so they all show the same merged value.
extension Vault {
    static let syncedSettingNames: Set<String> = ["equivalent-domains"]
    private static let settingRecordMagic = Array("SSET1".utf8)

    static func syncedSettingID(_ name: String) -> UUID {
        var bytes = Digest.blake2b(Array("sesame.synced-setting.v1".utf8) + Array(name.utf8), length: 16)
        bytes[6] = bytes[6] & 0x0F | 0x80  // version 8: custom, never a random (version 4) id
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(byteArray: bytes)
    }

    /// Every live version of a setting, the one shown first: at most one unless the setting syncs and two devices
    /// changed it at once.
    public func settingVersions(named name: String) throws -> [[UInt8]] {
        try withErrorMapping {
            let keys = try requireKeys()
            return try database.readTransaction { try settingVersions(named: name, keys: keys) }
        }
    }

    /// Reads every live version of a setting, changes it and writes it, in one write transaction: `transform`
    /// gets ``settingVersions(named:)`` and returns the merged new value (nil removes the setting). Writing
    /// supersedes every live version, even when the value is the shown one.
    public func updateSettingVersions(named name: String, _ transform: ([[UInt8]]) throws -> [UInt8]?) throws {
        try withErrorMapping {
            let keys = try requireKeys()
            try database.writeTransaction {
                let versions = try settingVersions(named: name, keys: keys)
                let value = try transform(versions)
                guard versions.count > 1 || value != versions.first else { return }
                if let value {
                    try writeSetting(named: name, value: value, keys: keys)
                } else {
                    try database.statement("DELETE FROM settings WHERE name = ?").bind(name, at: 1).run()
                }
                try recordSettingChange(named: name, value: value, keys: keys)
            }
        }
    }

    private func settingVersions(named name: String, keys: Keys) throws -> [[UInt8]] {
        let shown = try readSetting(named: name, keys: keys).map { [$0] } ?? []
        guard Self.syncedSettingNames.contains(name), let identity = try syncIdentity(keys: keys) else { return shown }
        let resolution = try syncResolution(ofItem: Self.syncedSettingID(name), identity: identity)
        return shown + resolution.siblings.compactMap { Self.settingRecord(in: $0)?.value }.filter { !$0.isEmpty }
    }

    /// Inside a write transaction that changed a setting: an op of this device when the setting syncs (an empty
    /// value stands for a removed setting).
    func recordSettingChange(named name: String, value: [UInt8]?, keys: Keys, identity known: SyncIdentity? = nil)
        throws
    {
        guard Self.syncedSettingNames.contains(name), let identity = try known ?? syncIdentity(keys: keys) else { return }
        var payload = Self.settingRecordMagic + withUnsafeBytes(of: UInt16(name.utf8.count).bigEndian, Array.init)
            + Array(name.utf8) + (value ?? [])
        defer { zeroize(&payload) }
        try recordSyncOp(of: Self.syncedSettingID(name), payload: payload, state: .active, keys: keys, identity: identity)
    }

    /// At setup: the synced settings present become this device's first ops.
    func recordSyncedSettings(keys: Keys, identity: SyncIdentity) throws {
        for name in Self.syncedSettingNames.sorted() {
            guard let value = try readSetting(named: name, keys: keys) else { continue }
            try recordSettingChange(named: name, value: value, keys: keys, identity: identity)
        }
    }

    /// When `id` is a synced setting's: writes its shown version into the setting row. Returns nil when `id` is an
    /// item's, else whether the row changed.
    func materializeSetting(_ id: UUID, winner: SyncOp) throws -> Bool? {
        guard let record = Self.settingRecord(in: winner), Self.syncedSettingID(record.name) == id else { return nil }
        let keys = try requireKeys()
        let current = try readSetting(named: record.name, keys: keys)
        if record.value.isEmpty {
            try database.statement("DELETE FROM settings WHERE name = ?").bind(record.name, at: 1).run()
        } else if current != record.value {
            try writeSetting(named: record.name, value: record.value, keys: keys)
        }
        try markShown(winner.id, item: id)
        return current != (record.value.isEmpty ? nil : record.value)
    }

    /// The setting an op carries: nil for an item's op, and for a name that is not UTF-8.
    static func settingRecord(in op: SyncOp) -> (name: String, value: [UInt8])? {
        guard case .put(_, let payload) = op.kind, payload.starts(with: settingRecordMagic),
            payload.count >= settingRecordMagic.count + 2
        else { return nil }
        let lengthAt = settingRecordMagic.count
        let length = Int(payload[lengthAt]) << 8 | Int(payload[lengthAt + 1])
        guard payload.count >= lengthAt + 2 + length else { return nil }
        // Not `String(validating:as:)`, which is iOS 18 / macOS 15 and the package promises iOS 17 / macOS 14:
        // decoding replaces what is not UTF-8, so a name whose bytes do not come back unchanged was not UTF-8.
        let bytes = payload[(lengthAt + 2)..<(lengthAt + 2 + length)]
        let name = String(decoding: bytes, as: UTF8.self)
        guard name.utf8.elementsEqual(bytes) else { return nil }
        return (name, Array(payload[(lengthAt + 2 + length)...]))
    }
}
