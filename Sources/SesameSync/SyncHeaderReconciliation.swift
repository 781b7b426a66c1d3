/// What a round does with the transport's `vault.hdr` against this copy's: the decision; the store keeps the
/// headers, inside one transaction per call.
public enum SyncHeaderReconciliation {
    /// A header that supersedes this device's is adopted when a holder of one of this device's newest roots made
    /// it (another device's `sesame passwd`; if it names a root this device lacks, this device needs the new
    /// password once). Any other header made by a holder of a root this device has and naming one it lacks (two
    /// devices changed the password at once, or a holder of an old password) is kept aside for the new password,
    /// and this device's is published; so is it when the transport's is missing, older, malformed or made by no
    /// holder of any root.
    public static func reconcile(published bytes: [UInt8]?, in store: some SyncTransaction) throws -> SyncHeaderStep {
        let local = try store.storedHeader(pending: false)
        if let local, let pending = try store.storedHeader(pending: true), local.supersedes(pending) {
            try store.forgetPendingHeader()
        }
        let published = bytes.flatMap { try? SyncHeader(decoding: $0) }
        if let published, published.vault != store.vaultID { return .unchanged }  // not ours to replace
        guard let published, published != local else {
            return local.map { published == nil ? .publish($0.encoded) : .unchanged } ?? .unchanged
        }
        let keyring = store.keyring
        let newest = keyring.entries(ofEpoch: keyring.newestEpoch)
        if published.epoch >= keyring.newestEpoch, local.map(published.supersedes) ?? true,
            published.isAuthentic(forAnyOf: newest) {
            try store.storeHeader(published, pending: false)
            return .adopted
        }
        // Not adopted, yet made by a holder of a root this device has, and naming one it lacks: another device's
        // concurrent change (or an old password's holder): the password decides.
        if published.isAuthentic(forAnyOf: keyring.entries), published.namesRootsMissing(from: keyring) {
            try store.storeHeader(published, pending: true)
        }
        return local.map { .publish($0.encoded) } ?? .unchanged
    }
}
