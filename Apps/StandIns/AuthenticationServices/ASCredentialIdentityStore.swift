// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// Follows AuthenticationServices.framework/Headers/ASCredentialIdentityStore.h and ASCredentialIdentityStoreState.h
// of the iPhoneOS 26.2 SDK (with AuthenticationServices.apinotes' Swift names) as Swift imports them: both are plain
// NSObject subclasses and NOT Sendable, so a Sendable type cannot hold the store nor pass its state across threads
// here either. The system's side of the store (what Settings and the keyboard see) is ``StandInSystemStore``, which
// is Sendable so that tests can watch it after handing the store itself to the bridge.
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization

/// `ASCredentialIdentityStoreState`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystorestate
@available(iOS 12.0, *)
open class ASCredentialIdentityStoreState: NSObject {
    private let enabled: Bool
    private let incremental: Bool

    init(isEnabled: Bool, supportsIncrementalUpdates: Bool) {
        enabled = isEnabled
        incremental = supportsIncrementalUpdates
    }

    open var isEnabled: Bool { enabled }
    open var supportsIncrementalUpdates: Bool { incremental }
}

/// `ASCredentialIdentityStore`, iOS 12.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore
///
/// Each instance is a view of a ``StandInSystemStore``, which enforces Apple's rules as the core's in-memory store
/// does (docs/autofill.md §5). Completion handlers run on another thread, as Apple's do, and can fire twice, as on
/// iOS 15–17 (bitwarden/ios SafeCredentialIdentityStore).
@available(iOS 12.0, *)
open class ASCredentialIdentityStore: NSObject {
    private static let sharedSystem = StandInSystemStore()
    private let system: StandInSystemStore

    /// The system's store of this app and its extension.
    open class var shared: ASCredentialIdentityStore { ASCredentialIdentityStore(standInSystem: sharedSystem) }

    /// Stand-in only: the system's side of ``shared``.
    public static var standInSharedSystem: StandInSystemStore { sharedSystem }

    /// Stand-in only: a store over the given system side (tests make one each, so that they can run in parallel).
    public init(standInSystem system: StandInSystemStore) {
        self.system = system
    }

    /// Call before any other method. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/getstate(_:)
    open func getState(_ completion: @escaping @Sendable (ASCredentialIdentityStoreState) -> Void) {
        let (enabled, incremental, twice) = system.state
        system.deliver(twice: twice) {
            completion(ASCredentialIdentityStoreState(isEnabled: enabled, supportsIncrementalUpdates: incremental))
        }
    }

    open func state() async -> ASCredentialIdentityStoreState {
        let (enabled, incremental, _) = system.state
        return ASCredentialIdentityStoreState(isEnabled: enabled, supportsIncrementalUpdates: incremental)
    }

    /// iOS 12.0–17.0, deprecated. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/savecredentialidentities(_:completion:)-5p3r9
    @available(iOS, introduced: 12.0, deprecated: 17.0)
    open func saveCredentialIdentities(_ credentialIdentities: [ASPasswordCredentialIdentity],
                                       completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        system.save(credentialIdentities.map(StandInSystemStore.Entry.init), completion: completion)
    }

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/savecredentialidentities(_:completion:)-1bbx6
    @available(iOS 17.0, *)
    open func saveCredentialIdentities(_ credentialIdentities: [any ASCredentialIdentity],
                                       completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        system.save(credentialIdentities.map(StandInSystemStore.Entry.init), completion: completion)
    }

    @available(iOS 17.0, *)
    open func saveCredentialIdentities(_ credentialIdentities: [any ASCredentialIdentity]) async throws {
        try await StandInSystemStore.outcome { saveCredentialIdentities(credentialIdentities, completion: $0) }
    }

    /// iOS 17.0+; only with incremental updates. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/removecredentialidentities(_:completion:)-67lcw
    @available(iOS 17.0, *)
    open func removeCredentialIdentities(_ credentialIdentities: [any ASCredentialIdentity],
                                         completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        system.remove(credentialIdentities.map(StandInSystemStore.Entry.init), completion: completion)
    }

    @available(iOS 17.0, *)
    open func removeCredentialIdentities(_ credentialIdentities: [any ASCredentialIdentity]) async throws {
        try await StandInSystemStore.outcome { removeCredentialIdentities(credentialIdentities, completion: $0) }
    }

    /// https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/removeallcredentialidentities(_:)
    open func removeAllCredentialIdentities(_ completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        system.replace(with: [], completion: completion)
    }

    open func removeAllCredentialIdentities() async throws {
        try await StandInSystemStore.outcome { removeAllCredentialIdentities($0) }
    }

    /// iOS 12.0–17.0, deprecated. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/replacecredentialidentities(with:completion:)
    @available(iOS, introduced: 12.0, deprecated: 17.0)
    open func replaceCredentialIdentities(with newCredentialIdentities: [ASPasswordCredentialIdentity],
                                          completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        system.replace(with: newCredentialIdentities.map(StandInSystemStore.Entry.init), completion: completion)
    }

    /// iOS 17.0+. https://developer.apple.com/documentation/authenticationservices/ascredentialidentitystore/replacecredentialidentities(_:completion:)
    @available(iOS 17.0, *)
    open func replaceCredentialIdentities(_ newCredentialIdentities: [any ASCredentialIdentity],
                                          completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        system.replace(with: newCredentialIdentities.map(StandInSystemStore.Entry.init), completion: completion)
    }

    @available(iOS 17.0, *)
    open func replaceCredentialIdentities(_ newCredentialIdentities: [any ASCredentialIdentity]) async throws {
        try await StandInSystemStore.outcome { replaceCredentialIdentities(newCredentialIdentities, completion: $0) }
    }
}
