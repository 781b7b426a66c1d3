import Foundation
import SesameCrypto

// MARK: - Deletion times

/// `item_deletions` holds, for each tombstone, when the item was deleted, sealed like usage records and bound to
/// the item id. Only tombstones' records are read, so a record left on an item that came back is never used.
extension Vault {
    /// When each deleted item was deleted, for the items deleted since deletion times were recorded. A record
    /// that does not open is left out, as is a record whose item is no longer deleted.
    public func deletions() throws -> [ItemDeletion] {
        try withErrorMapping {
            let keys = try requireKeys()
            let statement = try database.statement("""
                SELECT d.item_id, d.sealed FROM item_deletions d
                JOIN items i ON substr(i.id, 1, 8) = substr(d.item_id, 1, 8) AND i.id = d.item_id
                WHERE i.state = \(ItemState.deleted.rawValue) ORDER BY d.item_id
                """)
            defer { statement.reset() }
            var result: [ItemDeletion] = []
            try database.readTransaction {
                while try statement.step() {
                    guard let id = UUID(bytes: statement.blob(at: 0)),
                        let deleted = Self.openDeletion(statement.blob(at: 1), id: id, keys: keys)
                    else { continue }
                    result.append(ItemDeletion(id: id, deleted: deleted))
                }
            }
            return result
        }
    }

    /// Records when an item was deleted, inside the caller's write transaction.
    func recordDeletion(of id: UUID, at date: Date, keys: Keys) throws {
        try database.statement("""
            INSERT INTO item_deletions (item_id, sealed) VALUES (?, ?)
            ON CONFLICT (item_id) DO UPDATE SET sealed = excluded.sealed
            """)
            .bind(id.bytes, at: 1).bind(Self.sealDeletion(date, id: id, keys: keys), at: 2).run()
    }

    /// Drops the deletion record of an item that came back, inside the caller's write transaction.
    func forgetDeletion(of id: UUID) throws {
        try database.statement("DELETE FROM item_deletions WHERE item_id = ?").bind(id.bytes, at: 1).run()
    }

    /// Re-seals every deletion record under `newKeys`, inside the caller's write transaction. A record that no
    /// longer opens is dropped: it only told KeePass about a deletion, and cannot be kept readable.
    func resealDeletions(from oldKeys: Keys, to newKeys: Keys) throws {
        let statement = try database.statement("SELECT item_id, sealed FROM item_deletions")
        var records: [(id: [UInt8], deleted: Date?)] = []
        while try statement.step() {
            let raw = statement.blob(at: 0) ?? []
            records.append((raw, UUID(bytes: raw).flatMap { Self.openDeletion(statement.blob(at: 1), id: $0, keys: oldKeys) }))
        }
        statement.reset()
        for (raw, deleted) in records {
            guard let deleted, let id = UUID(bytes: raw) else {
                try database.statement("DELETE FROM item_deletions WHERE item_id = ?").bind(raw, at: 1).run()
                continue
            }
            try database.statement("UPDATE item_deletions SET sealed = ? WHERE item_id = ?")
                .bind(Self.sealDeletion(deleted, id: id, keys: newKeys), at: 1).bind(raw, at: 2).run()
        }
    }

    /// Plaintext: seconds since 2001 (Double bits), little-endian. Sealed under the usage key with its own
    /// associated data, so a usage record can never pass for a deletion record or the reverse.
    static func sealDeletion(_ date: Date, id: UUID, keys: Keys) -> [UInt8] {
        let bytes = withUnsafeBytes(of: date.timeIntervalSinceReferenceDate.bitPattern.littleEndian, Array.init)
        return AEAD.seal(bytes, using: keys.usage, authenticating: deletionAssociatedData(id))
    }

    static func openDeletion(_ sealed: [UInt8]?, id: UUID, keys: Keys) -> Date? {
        guard let sealed, let plain = try? AEAD.open(sealed, using: keys.usage, authenticating: deletionAssociatedData(id)),
            plain.count == 8
        else { return nil }
        let seconds = plain.withUnsafeBytes { Double(bitPattern: UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))) }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    private static func deletionAssociatedData(_ id: UUID) -> [UInt8] { Array("sesame.deletion.v1".utf8) + id.bytes }
}
