#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import SesameAutoFill

/// `ASCredentialIdentityStore` as the core's ``IdentityStore``. `IdentitySync` already asks for the state first
/// and chooses incremental writes or a replace from it; this type only translates.
///
/// An actor, because the SDK's store and its state are plain `NSObject`s, not `Sendable`: the store stays inside,
/// and only the core's Sendable values (``IdentityStoreState``, errors) come out of its completion handlers.
///
/// It uses the completion-handler forms, never Swift's async ones: on iOS 15–17 a completion handler can fire
/// twice, and the second call would resume a checked continuation again and crash (bitwarden/ios
/// SafeCredentialIdentityStore). ``OnceContinuation`` resumes on the first call and ignores the rest.
public actor SystemIdentityStore: IdentityStore {
    private let store: ASCredentialIdentityStore

    /// The system's store of this app and its extension.
    public init() {
        store = .shared
    }

    /// Another store than the shared one (tests hand the stand-in's).
    public init(_ store: sending ASCredentialIdentityStore) {
        self.store = store
    }

    public func state() async -> IdentityStoreState {
        await OnceContinuation.value { resume in
            store.getState { state in
                resume(IdentityStoreState(
                    isEnabled: state.isEnabled, supportsIncrementalUpdates: state.supportsIncrementalUpdates))
            }
        }
    }

    public func saveIdentities(_ identities: [CredentialIdentity]) async throws {
        let system: [any ASCredentialIdentity] = identities.compactMap(\.systemOfItsKind)
        try await OnceContinuation.write { store.saveCredentialIdentities(system, completion: $0) }
    }

    public func replaceIdentities(with identities: [CredentialIdentity]) async throws {
        let system: [any ASCredentialIdentity] = identities.compactMap(\.systemOfItsKind)
        try await OnceContinuation.write { store.replaceCredentialIdentities(system, completion: $0) }
    }

    public func removeIdentities(_ identities: [CredentialIdentity]) async throws {
        let system: [any ASCredentialIdentity] = identities.compactMap(\.systemOfItsKind)
        try await OnceContinuation.write { store.removeCredentialIdentities(system, completion: $0) }
    }

    public func removeAllIdentities() async throws {
        try await OnceContinuation.write { store.removeAllCredentialIdentities($0) }
    }
}

/// Bridges a completion handler that may fire more than once to `async`: the first call resumes, later calls are
/// dropped. `start` runs at once, on the caller's actor (`nonisolated(nonsending)`), so it may use what the caller
/// isolates.
enum OnceContinuation {
    nonisolated(nonsending) static func value<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void)
        async -> T
    {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let once = OnceFlag()
            start { value in
                if once.claim() { continuation.resume(returning: value) }
            }
        }
    }

    /// A store write: `(success, error)` becomes a return or a throw (the store's own error, else
    /// `IdentityStoreError.internalError`).
    nonisolated(nonsending) static func write(_ start: (@escaping @Sendable (Bool, (any Error)?) -> Void) -> Void)
        async throws
    {
        let failure: (any Error)? = await value { resume in
            start { success, error in resume(success ? nil : Self.storeError(error)) }
        }
        if let failure { throw failure }
    }

    /// `Mutex` would say this in one line, but it is iOS 18; the deployment target is iOS 17.
    private final class OnceFlag: @unchecked Sendable {
        // @unchecked: `claimed` is only read and written under `lock`.
        private let lock = NSLock()
        private var claimed = false

        /// True for the first caller only.
        func claim() -> Bool {
            lock.withLock {
                defer { claimed = true }
                return !claimed
            }
        }
    }

    private static func storeError(_ error: (any Error)?) -> any Error {
        guard let error else { return IdentityStoreError.internalError }
        let nsError = error as NSError
        guard nsError.domain == ASCredentialIdentityStoreErrorDomain,
              let code = IdentityStoreError(rawValue: nsError.code) else { return error }
        return code
    }
}
#endif
