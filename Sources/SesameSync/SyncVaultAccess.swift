/// How a sync round reaches the vault: one short step at a time, never across the transport's I/O. The CLI runs
/// every step on the vault it opened; the agent takes its vault lock for each step only, so its other clients are
/// served while git fetches or pushes.
public protocol SyncVaultAccess {
    associatedtype Store: SyncStore
    func withVault<T>(_ body: (Store) throws -> T) throws -> T
}
