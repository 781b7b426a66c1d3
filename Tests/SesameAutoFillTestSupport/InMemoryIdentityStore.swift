import SesameAutoFill

/// An identity store in memory that enforces Apple's documented rules strictly, so that tests catch a sync that
/// would misbehave against `ASCredentialIdentityStore`, and Linux has a store to exercise the provider with.
/// Test support (the `SesameAutoFillTestSupport` target, in no product): tests, benchmarks and a later Apple
/// stand-in use its rules.
///
/// - Writes to a disabled store throw ``IdentityStoreError/storeDisabled``; disabling clears the store.
/// - Without incremental updates, a save that does not carry every identity already stored is a partial save
///   and is rejected (``RuleViolation/partialSave(missing:)``), and removals are rejected
///   (``RuleViolation/incrementalUpdatesUnsupported``). Apple's store would accept the call and show stale or
///   missing suggestions; here the mistake fails the test.
/// - Saving an identity with a stored key overwrites its rank.
/// - Each write is all or nothing.
public actor InMemoryIdentityStore: IdentityStore {
    /// A call that Apple's rules forbid.
    public enum RuleViolation: Error, Equatable, Sendable {
        /// A save to a store without incremental updates that leaves out stored identities.
        case partialSave(missing: Int)
        /// A removal from a store without incremental updates.
        case incrementalUpdatesUnsupported
    }

    /// One write the store received, for tests that check how a sync talked to it.
    public enum Write: Equatable, Sendable {
        case save(count: Int)
        case replace(count: Int)
        case remove(count: Int)
        case removeAll
    }

    private var isEnabled: Bool
    private var supportsIncrementalUpdates: Bool
    /// What the store holds, by key; saving an identity of the same key overwrites it (its rank).
    private var ranks: [CredentialIdentity.Key: CredentialIdentity] = [:]
    private var failures: [any Error] = []
    /// Every accepted write, oldest first.
    public private(set) var writes: [Write] = []

    public init(isEnabled: Bool = true, supportsIncrementalUpdates: Bool = true) {
        self.isEnabled = isEnabled
        self.supportsIncrementalUpdates = supportsIncrementalUpdates
    }

    // MARK: - IdentityStore

    public func state() -> IdentityStoreState {
        IdentityStoreState(isEnabled: isEnabled, supportsIncrementalUpdates: supportsIncrementalUpdates)
    }

    public func saveIdentities(_ identities: [CredentialIdentity]) throws {
        try checkWritable()
        if !supportsIncrementalUpdates {
            let saved = Set(identities.lazy.map(\.key))
            let missing = ranks.keys.reduce(0) { $0 + (saved.contains($1) ? 0 : 1) }
            guard missing == 0 else { throw RuleViolation.partialSave(missing: missing) }
        }
        for identity in identities { ranks[identity.key] = identity }
        writes.append(.save(count: identities.count))
    }

    public func replaceIdentities(with identities: [CredentialIdentity]) throws {
        try checkWritable()
        ranks = Dictionary(identities.lazy.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
        writes.append(.replace(count: identities.count))
    }

    public func removeIdentities(_ identities: [CredentialIdentity]) throws {
        try checkWritable()
        guard supportsIncrementalUpdates else { throw RuleViolation.incrementalUpdatesUnsupported }
        for identity in identities { ranks[identity.key] = nil }
        writes.append(.remove(count: identities.count))
    }

    public func removeAllIdentities() throws {
        try checkWritable()
        ranks.removeAll()
        writes.append(.removeAll)
    }

    private func checkWritable() throws {
        if !failures.isEmpty { throw failures.removeFirst() }
        guard isEnabled else { throw IdentityStoreError.storeDisabled }
    }

    // MARK: - What the system would do

    /// The user turns the extension on or off in Settings. Turning it off clears the store, as the system does.
    public func setEnabled(_ enabled: Bool) {
        isEnabled = enabled
        if !enabled { ranks.removeAll() }
    }

    public func setSupportsIncrementalUpdates(_ supported: Bool) {
        supportsIncrementalUpdates = supported
    }

    /// Makes the next write throw `error` (the store busy, an XPC failure) without changing anything.
    public func failNextWrite(with error: any Error = IdentityStoreError.storeBusy) {
        failures.append(error)
    }

    public func clearWriteLog() {
        writes.removeAll()
    }

    // MARK: - Reading back

    /// Everything stored, in a stable order (service identifier, user, record, kind, credential id).
    public var identities: [CredentialIdentity] {
        ranks.values.sorted(by: Self.storeOrder)
    }

    public var count: Int { ranks.count }

    /// The identities stored for one service identifier, highest rank first: the order QuickType would use.
    public func identities(for serviceIdentifier: ServiceIdentifier) -> [CredentialIdentity] {
        identities.filter { $0.serviceIdentifier == serviceIdentifier }.sorted { $0.rank > $1.rank }
    }

    static func storeOrder(_ a: CredentialIdentity, _ b: CredentialIdentity) -> Bool {
        if a.serviceIdentifier.identifier != b.serviceIdentifier.identifier {
            return a.serviceIdentifier.identifier < b.serviceIdentifier.identifier
        }
        if a.serviceIdentifier.kind != b.serviceIdentifier.kind {
            return a.serviceIdentifier.kind.rawValue < b.serviceIdentifier.kind.rawValue
        }
        if a.user != b.user { return a.user < b.user }
        if a.recordIdentifier != b.recordIdentifier { return (a.recordIdentifier ?? "") < (b.recordIdentifier ?? "") }
        if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
        return a.credentialID.lexicographicallyPrecedes(b.credentialID)
    }
}
