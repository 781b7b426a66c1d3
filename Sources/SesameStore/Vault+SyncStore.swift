import Foundation
import SesameSync

// MARK: - The vault as the sync engine sees it (SesameSync's `SyncStore`): the engine's round runs on it

extension Vault: SyncStore, SyncVaultAccess {
    public func withVault<T>(_ body: (Vault) throws -> T) throws -> T { try body(self) }

    /// One round of sync on this vault (see ``SyncRound``).
    public func sync(with transport: some SyncTransport, snapshotEvery: UInt64 = 64) throws -> SyncRunReport {
        try SyncRound.run(self, transport: transport, snapshotEvery: snapshotEvery)
    }

    public func syncKeyring() throws -> (vault: UUID, keyring: SyncKeyring) {
        try withErrorMapping {
            let identity = try requireSyncIdentity(keys: try requireKeys())
            return (identity.vault, identity.keyring)
        }
    }

    /// Kept in `meta`, so a round need not read and open its own snapshot to know its epoch.
    public func ownSnapshotEpoch() throws -> UInt32 {
        try withErrorMapping { UInt32(clamping: try metaInt("sync_snapshot_epoch")) }
    }
}
