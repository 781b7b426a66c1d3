import Foundation
import SesameCrypto

// MARK: - Encrypted settings

/// Small named values that belong to the vault and travel with it (equivalent-domain groups, preferences),
/// sealed like items so that nothing about the user is readable in the file.
extension Vault {
    public func setting(named name: String) throws -> [UInt8]? {
        try withErrorMapping { try readSetting(named: name, keys: try requireKeys()) }
    }

    public func setSetting(named name: String, to value: [UInt8]?) throws {
        try updateSetting(named: name) { _ in value }
    }

    /// Reads, changes and writes a setting in one write transaction, so two processes changing it at the same
    /// moment cannot lose one of the changes. `transform` returns the new value, or nil to remove the setting.
    public func updateSetting(named name: String, _ transform: ([UInt8]?) throws -> [UInt8]?) throws {
        try withErrorMapping {
            let keys = try requireKeys()
            try database.writeTransaction {
                let current = try readSetting(named: name, keys: keys)
                let value = try transform(current)
                guard value != current else { return }
                if let value {
                    try writeSetting(named: name, value: value, keys: keys)
                } else {
                    try database.statement("DELETE FROM settings WHERE name = ?").bind(name, at: 1).run()
                }
                try recordSettingChange(named: name, value: value, keys: keys)
            }
        }
    }

    func writeSetting(named name: String, value: [UInt8], keys: Keys) throws {
        let sealed = AEAD.seal(value, using: keys.settings, authenticating: Self.settingAssociatedData(name))
        try database.statement("""
            INSERT INTO settings (name, sealed) VALUES (?, ?)
            ON CONFLICT (name) DO UPDATE SET sealed = excluded.sealed
            """)
            .bind(name, at: 1).bind(sealed, at: 2).run()
    }

    func readSetting(named name: String, keys: Keys) throws -> [UInt8]? {
        let statement = try database.statement("SELECT sealed FROM settings WHERE name = ?")
        defer { statement.reset() }
        try statement.bind(name, at: 1)
        guard try statement.step(), let sealed = statement.blob(at: 0) else { return nil }
        do {
            return try AEAD.open(sealed, using: keys.settings, authenticating: Self.settingAssociatedData(name))
        } catch {
            throw VaultError.damaged(path: path, detail: "the setting '\(name)' does not decrypt")
        }
    }

    private static func settingAssociatedData(_ name: String) -> [UInt8] {
        Array("sesame.setting.v1".utf8) + Array(name.utf8)
    }
}
