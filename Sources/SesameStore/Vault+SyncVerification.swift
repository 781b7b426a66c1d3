import Foundation
import SesameSync

// MARK: - Applied batch files seen again: equivocation, without reading every file every round

extension Vault {
    /// The transport fingerprint (``SyncTransport/fingerprint(of:)``) of each applied batch file as it was when
    /// last found to be the file applied: a round reads such a file again only when its fingerprint changed.
    public func verifiedBatchFingerprints() throws -> [BatchName: [UInt8]] {
        try withErrorMapping {
            let statement = try database.statement("SELECT device, seq, stamp FROM sync_verified")
            defer { statement.reset() }
            var stamps: [BatchName: [UInt8]] = [:]
            while try statement.step() {
                guard let device = UUID(bytes: statement.blob(at: 0)) else { continue }
                stamps[BatchName(device: device, seq: UInt64(statement.int64(at: 1)))] = statement.blob(at: 2) ?? []
            }
            return stamps
        }
    }

    /// Forgets the fingerprints and the equivocations of names the transport no longer lists (pruned by their
    /// device, or withdrawn).
    public func forgetBatchesNoLongerListed(_ listed: Set<BatchName>) throws {
        try withErrorMapping {
            let tables = ["sync_verified", "sync_equivocations"]
            var gone: [String: [BatchName]] = [:]
            for table in tables { gone[table] = try names(in: table).filter { !listed.contains($0) } }
            // Most rounds change nothing here: no write transaction (and no fsync) for them.
            guard gone.values.contains(where: { !$0.isEmpty }) else { return }
            try database.writeTransaction {
                for table in tables {
                    let delete = try database.statement("DELETE FROM \(table) WHERE device = ? AND seq = ?")
                    for name in gone[table] ?? [] {
                        try delete.reset().bind(name.device.bytes, at: 1).bind(Int64(name.seq), at: 2).run()
                    }
                }
            }
        }
    }

    /// Applied names at which a round found a different file, while that file is there.
    public func syncEquivocations() throws -> [BatchName] {
        try withErrorMapping {
            return try names(in: "sync_equivocations").sorted()
        }
    }

    private func names(in table: String) throws -> [BatchName] {
        let statement = try database.statement("SELECT device, seq FROM \(table)")
        defer { statement.reset() }
        var names: [BatchName] = []
        while try statement.step() {
            if let device = UUID(bytes: statement.blob(at: 0)) {
                names.append(BatchName(device: device, seq: UInt64(statement.int64(at: 1))))
            }
        }
        return names
    }
}
