import SesameCrypto

/// The keys derived from one sync root key (one entry of the ``SyncKeyring``): every device that holds the root
/// derives the same ones.
public struct SyncKeys: Sendable {
    public static let idByteCount = 16

    public let root: SymmetricKey
    /// Seals batch files, snapshots and acknowledgements.
    public let batch: SymmetricKey
    /// Seals the payloads of ops kept in the local log (only for the log key a device chose; see `SyncIdentity`).
    public let log: SymmetricKey
    /// Tags `vault.hdr`, so devices that hold the root recognise a header another device made.
    public let header: SymmetricKey
    /// Names the root in `vault.hdr` without revealing it (a pseudorandom derivation), so a device sees which
    /// roots it lacks.
    public let id: [UInt8]

    public init(root: SymmetricKey) {
        self.root = root
        batch = root.deriveSubkey(id: 1, context: "sesbatch")
        log = root.deriveSubkey(id: 2, context: "seslogop")
        header = root.deriveSubkey(id: 3, context: "seshdrtg")
        id = root.deriveSubkey(id: 4, context: "seskeyid").withUnsafeBytes { Array($0.prefix(Self.idByteCount)) }
    }
}
