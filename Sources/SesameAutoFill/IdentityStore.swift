/// The system's store of QuickType suggestions for this provider, modelled on `ASCredentialIdentityStore`.
///
/// Apple's rules, which every conforming store follows and `IdentitySync` relies on:
/// - Ask for ``state()`` before writing; only an enabled store accepts writes (others throw
///   ``IdentityStoreError/storeDisabled``).
/// - When the user disables the extension, the system clears and disables the store.
/// - A store without incremental updates must receive the full set on every save (``saveIdentities(_:)`` with
///   everything) and never a removal; ``replaceIdentities(with:)`` is the way to drop identities there.
/// - Saving an identity whose key (service identifier, user, record identifier) is already stored overwrites it:
///   that is how a new rank is written.
/// - Each write succeeds or fails as a whole.
///
/// The methods are `async` like Apple's, so the bridge forwards each call to `ASCredentialIdentityStore.shared`
/// without blocking, and `IdentitySync` never holds a thread while the system answers.
public protocol IdentityStore: Sendable {
    func state() async -> IdentityStoreState
    /// Adds identities, overwriting those with the same key.
    func saveIdentities(_ identities: [CredentialIdentity]) async throws
    /// Removes everything, then saves `identities`.
    func replaceIdentities(with identities: [CredentialIdentity]) async throws
    /// Removes these identities; only for stores with incremental updates.
    func removeIdentities(_ identities: [CredentialIdentity]) async throws
    func removeAllIdentities() async throws
}

/// `ASCredentialIdentityStoreState`.
public struct IdentityStoreState: Sendable, Equatable, Codable {
    /// Whether the user enabled this provider in Settings; a disabled store accepts no writes.
    public var isEnabled: Bool
    /// Whether the store accepts partial saves and removals; without them, every save carries the full set.
    public var supportsIncrementalUpdates: Bool

    public init(isEnabled: Bool, supportsIncrementalUpdates: Bool) {
        self.isEnabled = isEnabled
        self.supportsIncrementalUpdates = supportsIncrementalUpdates
    }
}

/// `ASCredentialIdentityStoreError.Code`, case for case and value for value.
public enum IdentityStoreError: Int, Error, Sendable, Codable, CaseIterable {
    case internalError = 0
    case storeDisabled = 1
    case storeBusy = 2
}
