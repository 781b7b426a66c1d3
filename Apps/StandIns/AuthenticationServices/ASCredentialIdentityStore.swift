// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization

/// `ASCredentialIdentityStoreState`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystorestate
/// https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystorestate
open class ASCredentialIdentityStoreState: @unchecked Sendable {
    public let isEnabled: Bool
    public let supportsIncrementalUpdates: Bool

    init(isEnabled: Bool, supportsIncrementalUpdates: Bool) {
        self.isEnabled = isEnabled
        self.supportsIncrementalUpdates = supportsIncrementalUpdates
    }
}

/// `ASCredentialIdentityStore`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore
///
/// The stand-in enforces Apple's rules as the core's in-memory store does (docs/autofill.md §5), failing where
/// the real store would silently misbehave:
/// - a disabled store takes no write (`storeDisabled`); disabling clears it, as turning the provider off does;
/// - without incremental updates a save must carry every stored identity, and removals are refused;
/// - saving an identity with a stored key (service identifier, user, record identifier) overwrites it;
/// - every write is all or nothing.
/// It can also fire each completion handler twice, as iOS 15–17 do (bitwarden/ios SafeCredentialIdentityStore).
/// Completion handlers run on another thread, as Apple's do.
open class ASCredentialIdentityStore: @unchecked Sendable {
    /// The system's store of this extension. Tests make their own with ``init()``.
    public static let shared = ASCredentialIdentityStore()

    /// A password, passkey and one-time-code identity of the same account are three entries, as in Apple's store.
    private struct Key: Hashable {
        var kind: String
        var service: String
        var type: Int
        var user: String
        var record: String?
    }

    private struct Contents {
        var isEnabled = false
        var supportsIncrementalUpdates = true
        var firesCompletionsTwice = false
        var userAcceptsTurningOn = true
        var identities: [Key: any ASCredentialIdentity] = [:]
        var order: [Key] = []
        var writes = 0
    }

    private let contents = Mutex(Contents())

    public init() {}

    // MARK: - Apple's API

    /// Call before any other method. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/getstate(_:)
    open func getState(_ completion: @escaping @Sendable (ASCredentialIdentityStoreState) -> Void) {
        let (state, twice) = contents.withLock {
            (ASCredentialIdentityStoreState(isEnabled: $0.isEnabled, supportsIncrementalUpdates: $0.supportsIncrementalUpdates),
             $0.firesCompletionsTwice)
        }
        deliver(twice: twice) { completion(state) }
    }

    open func state() async -> ASCredentialIdentityStoreState {
        await withCheckedContinuation { continuation in
            let state = contents.withLock {
                ASCredentialIdentityStoreState(isEnabled: $0.isEnabled, supportsIncrementalUpdates: $0.supportsIncrementalUpdates)
            }
            continuation.resume(returning: state)
        }
    }

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/savecredentialidentities(_:completion:)-1bbx6
    @available(iOS 17.0, macOS 14.0, *)
    open func saveCredentialIdentities(_ credentialIdentities: [any ASCredentialIdentity],
                                       completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        write(completion) { contents in
            let keys = credentialIdentities.map(Self.key)
            if !contents.supportsIncrementalUpdates {
                // Without incremental updates the store must be handed everything it holds.
                let saved = Set(keys)
                guard contents.order.allSatisfy(saved.contains) else { throw ASCredentialIdentityStoreError(.internalError) }
            }
            for (key, identity) in zip(keys, credentialIdentities) { Self.put(identity, key: key, into: &contents) }
        }
    }

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/replacecredentialidentities(_:completion:)
    @available(iOS 17.0, macOS 14.0, *)
    open func replaceCredentialIdentities(_ newCredentialIdentities: [any ASCredentialIdentity],
                                          completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        write(completion) { contents in
            contents.identities.removeAll()
            contents.order.removeAll()
            for identity in newCredentialIdentities { Self.put(identity, key: Self.key(identity), into: &contents) }
        }
    }

    /// iOS 17.0+; only with incremental updates. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/removecredentialidentities(_:completion:)-67lcw
    @available(iOS 17.0, macOS 14.0, *)
    open func removeCredentialIdentities(_ credentialIdentities: [any ASCredentialIdentity],
                                         completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        write(completion) { contents in
            guard contents.supportsIncrementalUpdates else { throw ASCredentialIdentityStoreError(.internalError) }
            let removed = Set(credentialIdentities.map(Self.key))
            for key in removed { contents.identities[key] = nil }
            contents.order.removeAll(where: removed.contains)
        }
    }

    /// https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/removeallcredentialidentities(_:)
    open func removeAllCredentialIdentities(_ completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        write(completion) { contents in
            contents.identities.removeAll()
            contents.order.removeAll()
        }
    }

    // MARK: - Stand-in controls (tests only; never called by shell code)

    /// Turning the provider off in Settings clears and disables the store.
    public func standInSetEnabled(_ enabled: Bool) {
        contents.withLock {
            $0.isEnabled = enabled
            if !enabled {
                $0.identities.removeAll()
                $0.order.removeAll()
            }
        }
    }

    public func standInSetSupportsIncrementalUpdates(_ supported: Bool) {
        contents.withLock { $0.supportsIncrementalUpdates = supported }
    }

    /// iOS 15–17: every completion handler fires twice.
    public func standInSetFiresCompletionsTwice(_ twice: Bool) {
        contents.withLock { $0.firesCompletionsTwice = twice }
    }

    /// Whether the user accepts `ASSettingsHelper.requestToTurnOnCredentialProviderExtension`'s prompt.
    public var standInUserAcceptsTurningOn: Bool {
        get { contents.withLock { $0.userAcceptsTurningOn } }
        set { contents.withLock { $0.userAcceptsTurningOn = newValue } }
    }

    /// The stored identities in the order they were first saved: (type, service, user, record, rank).
    public var standInIdentities: [(type: Int, service: String, user: String, record: String?, rank: Int)] {
        contents.withLock { contents in
            contents.order.map { key in
                (key.type, key.service, key.user, key.record, contents.identities[key]?.rank ?? 0)
            }
        }
    }

    /// Accepted writes so far.
    public var standInWrites: Int { contents.withLock { $0.writes } }

    // MARK: - Steps

    private static func key(_ identity: any ASCredentialIdentity) -> Key {
        Key(kind: String(describing: Swift.type(of: identity)), service: identity.serviceIdentifier.identifier,
            type: identity.serviceIdentifier.type.rawValue, user: identity.user, record: identity.recordIdentifier)
    }

    private static func put(_ identity: any ASCredentialIdentity, key: Key, into contents: inout Contents) {
        if contents.identities.updateValue(identity, forKey: key) == nil { contents.order.append(key) }
    }

    private func write(_ completion: (@Sendable (Bool, (any Error)?) -> Void)?,
                       _ change: (inout Contents) throws -> Void) {
        let (error, twice): ((any Error)?, Bool) = contents.withLock { contents in
            guard contents.isEnabled else { return (ASCredentialIdentityStoreError(.storeDisabled), contents.firesCompletionsTwice) }
            var changed = contents
            do {
                try change(&changed)
            } catch {
                return (error, contents.firesCompletionsTwice)
            }
            changed.writes += 1
            contents = changed
            return (nil, contents.firesCompletionsTwice)
        }
        guard let completion else { return }
        deliver(twice: twice) { completion(error == nil, error) }
    }

    private func deliver(twice: Bool, _ body: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async {
            body()
            if twice { body() }
        }
    }
}
