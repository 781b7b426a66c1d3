import SesameCrypto

/// The keys every device of one synced vault shares, derived from the sync root key (itself derived from the
/// vault key when sync is set up, and carried to new devices in `vault.hdr`). The root survives a local master
/// password change, which rotates only that device's vault key.
public struct SyncKeys: Sendable {
    public let root: SymmetricKey
    /// Seals batch files.
    public let batch: SymmetricKey
    /// Seals the payloads of ops kept in the local log.
    public let log: SymmetricKey
    /// Tags `vault.hdr`, so devices that hold the root recognise a header another device republished.
    public let header: SymmetricKey

    public init(root: SymmetricKey) {
        self.root = root
        batch = root.deriveSubkey(id: 1, context: "sesbatch")
        log = root.deriveSubkey(id: 2, context: "seslogop")
        header = root.deriveSubkey(id: 3, context: "seshdrtg")
    }
}
