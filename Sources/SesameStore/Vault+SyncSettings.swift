import Foundation
import SesameCrypto
import SesameSync

// MARK: - Settings that travel with sync

/// The store's side of ``SyncedSetting`` (SesameSync holds the record, the reserved ids and the merge rule): the
/// setting rows, the ops a change records, and showing a merged winner.
extension Vault {
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
        guard SyncedSetting.names.contains(name), let identity = try syncIdentity(keys: keys) else { return shown }
        return shown + SyncedSetting.otherLiveValues(
            in: try syncResolution(ofItem: SyncedSetting.id(of: name), identity: identity))
    }

    /// Inside a write transaction that changed a setting: an op of this device when the setting syncs (an empty
    /// value stands for a removed setting).
    func recordSettingChange(named name: String, value: [UInt8]?, keys: Keys, identity known: SyncIdentity? = nil)
        throws
    {
        guard SyncedSetting.names.contains(name), let identity = try known ?? syncIdentity(keys: keys) else { return }
        var payload = SyncedSetting.record(named: name, value: value)
        defer { zeroize(&payload) }
        try recordSyncOp(of: SyncedSetting.id(of: name), payload: payload, state: .active, keys: keys, identity: identity)
    }

    /// At setup: the synced settings present become this device's first ops.
    func recordSyncedSettings(keys: Keys, identity: SyncIdentity) throws {
        for name in SyncedSetting.names.sorted() {
            guard let value = try readSetting(named: name, keys: keys) else { continue }
            try recordSettingChange(named: name, value: value, keys: keys, identity: identity)
        }
    }

    /// When `id` is a synced setting's: writes its shown version into the setting row. Returns nil when `id` is an
    /// item's, else whether the row changed.
    func materializeSetting(_ id: UUID, winner: SyncOp) throws -> Bool? {
        guard let record = SyncedSetting.record(in: winner), SyncedSetting.id(of: record.name) == id else { return nil }
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
}
