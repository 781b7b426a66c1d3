import Foundation

/// KeePass database records (see ``KeePassDatabaseExtras``), kept as sealed settings named by the database's id.
extension Vault {
    static let keePassDatabasePrefix = "keepass.database."

    /// Every KeePass database record, oldest import first.
    public func keePassDatabases() throws -> [KeePassDatabaseExtras] {
        try withErrorMapping {
            let keys = try requireKeys()
            let statement = try database.statement("SELECT name FROM settings WHERE substr(name, 1, ?) = ?")
            defer { statement.reset() }
            try statement.bind(Int64(Self.keePassDatabasePrefix.utf8.count), at: 1).bind(Self.keePassDatabasePrefix, at: 2)
            var names: [String] = []
            while try statement.step() { if let name = statement.string(at: 0) { names.append(name) } }
            return try names.compactMap { name -> KeePassDatabaseExtras? in
                guard let sealed = try readSetting(named: name, keys: keys) else { return nil }
                do {
                    return try JSONDecoder().decode(KeePassDatabaseExtras.self, from: Data(sealed))
                } catch {
                    throw VaultError.damaged(path: path, detail: "the KeePass database record '\(name)' is malformed")
                }
            }.sorted { ($0.imported, $0.id) < ($1.imported, $1.id) }
        }
    }

    /// Inside a write transaction.
    func keep(_ record: KeePassDatabaseExtras, keys: Keys) throws {
        try writeSetting(named: Self.keePassDatabasePrefix + record.id, value: Array(try JSONEncoder().encode(record)), keys: keys)
    }
}
