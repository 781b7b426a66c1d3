#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import SesameAutoFill
import Synchronization

/// `ASCredentialIdentityStore` as the core's ``IdentityStore``. `IdentitySync` already asks for the state first
/// and chooses incremental writes or a replace from it; this type only translates.
///
/// It uses the completion-handler forms, never Swift's async ones: on iOS 15–17 a completion handler can fire
/// twice, and the second call would resume a checked continuation again and crash (bitwarden/ios
/// SafeCredentialIdentityStore). ``OnceContinuation`` resumes on the first call and ignores the rest.
public struct SystemIdentityStore: IdentityStore {
    private let store: ASCredentialIdentityStore

    public init(_ store: ASCredentialIdentityStore = .shared) {
        self.store = store
    }

    public func state() async -> IdentityStoreState {
        let state = await OnceContinuation.value { resume in store.getState { resume($0) } }
        return IdentityStoreState(isEnabled: state.isEnabled, supportsIncrementalUpdates: state.supportsIncrementalUpdates)
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
/// dropped.
enum OnceContinuation {
    static func value<T: Sendable>(_ start: (@escaping @Sendable (T) -> Void) -> Void) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let once = OnceFlag()
            start { value in
                if once.claim() { continuation.resume(returning: value) }
            }
        }
    }

    /// A store write: `(success, error)` becomes a return or a throw (the store's own error, else
    /// `IdentityStoreError.internalError`).
    static func write(_ start: (@escaping @Sendable (Bool, (any Error)?) -> Void) -> Void) async throws {
        let outcome: (Bool, (any Error)?) = await value { resume in start { resume(($0, $1)) } }
        if outcome.0 { return }
        throw Self.storeError(outcome.1)
    }

    private final class OnceFlag: Sendable {
        private let claimed = Mutex(false)

        /// True for the first caller only.
        func claim() -> Bool {
            claimed.withLock { claimed in
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
