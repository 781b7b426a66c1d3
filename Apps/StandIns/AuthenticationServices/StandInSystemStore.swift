// Stand-in for AuthenticationServices on Linux (see UIKit/UIViewController.swift for why it cannot reach a Mac).
//
// No SDK counterpart: this is the system's side of `ASCredentialIdentityStore` (the store Settings and the keyboard
// read), which tests drive and inspect. Shell code never names it (scripts/apple-check.sh refuses `standIn`).
#if !os(Linux)
#error("Stand-in for an Apple framework: build it on Linux only.")
#endif

import Foundation
import Synchronization

/// What the system holds for one credential provider, with Apple's rules enforced where the real store would
/// silently misbehave:
/// - a disabled store takes no write (`storeDisabled`); disabling clears it, as turning the provider off does;
/// - without incremental updates a save must carry every stored identity, and removals are refused;
/// - saving an identity with a stored key (kind, service identifier, user, record identifier) overwrites it;
/// - every write is all or nothing.
public final class StandInSystemStore: Sendable {
    /// A password, passkey and one-time-code identity of the same account are three entries, as in Apple's store.
    struct Entry: Hashable, Sendable {
        var kind: String
        var service: String
        var type: Int
        var user: String
        var record: String?
        var rank: Int
        /// A passkey identity's credential id and user handle (nil for the other kinds).
        var credentialID: Data?
        var userHandle: Data?

        @available(iOS 17.0, *)
        init(_ identity: any ASCredentialIdentity) {
            kind = String(describing: Swift.type(of: identity))
            service = identity.serviceIdentifier.identifier
            type = identity.serviceIdentifier.type.rawValue
            user = identity.user
            record = identity.recordIdentifier
            rank = identity.rank
            let passkey = identity as? ASPasskeyCredentialIdentity
            credentialID = passkey?.credentialID
            userHandle = passkey?.userHandle
        }

        init(_ identity: ASPasswordCredentialIdentity) {
            self.init(identity as any ASCredentialIdentity)
        }

        var key: Entry {
            var key = self
            key.rank = 0
            return key
        }
    }

    private struct Contents {
        var isEnabled = false
        var supportsIncrementalUpdates = true
        var firesCompletionsTwice = false
        var userAcceptsTurningOn = true
        var ranks: [Entry: Int] = [:]
        var order: [Entry] = []
        var writes = 0
    }

    private let contents = Mutex(Contents())

    public init() {}

    /// Turning the provider off in Settings clears and disables the store.
    public func standInSetEnabled(_ enabled: Bool) {
        contents.withLock {
            $0.isEnabled = enabled
            if !enabled {
                $0.ranks.removeAll()
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
            contents.order.map { key in (key.type, key.service, key.user, key.record, contents.ranks[key] ?? 0) }
        }
    }

    /// The stored passkey identities in the order they were first saved.
    public var standInPasskeyIdentities: [(relyingParty: String, user: String, credentialID: Data, userHandle: Data,
                                           record: String?, rank: Int)] {
        contents.withLock { contents in
            contents.order.compactMap { key in
                guard let credentialID = key.credentialID, let userHandle = key.userHandle else { return nil }
                return (key.service, key.user, credentialID, userHandle, key.record, contents.ranks[key] ?? 0)
            }
        }
    }

    /// Accepted writes so far.
    public var standInWrites: Int { contents.withLock { $0.writes } }

    // MARK: - What ASCredentialIdentityStore asks of it

    var state: (isEnabled: Bool, supportsIncrementalUpdates: Bool, firesCompletionsTwice: Bool) {
        contents.withLock { ($0.isEnabled, $0.supportsIncrementalUpdates, $0.firesCompletionsTwice) }
    }

    func save(_ entries: [Entry], completion: (@Sendable (Bool, (any Error)?) -> Void)?) {
        write(completion) { contents in
            if !contents.supportsIncrementalUpdates {
                // Without incremental updates the store must be handed everything it holds.
                let saved = Set(entries.map(\.key))
                guard contents.order.allSatisfy(saved.contains) else {
                    throw ASCredentialIdentityStoreError(.internalError)
                }
            }
            for entry in entries { Self.put(entry, into: &contents) }
        }
    }

    func replace(with entries: [Entry], completion: (@Sendable (Bool, (any Error)?) -> Void)?) {
        write(completion) { contents in
            contents.ranks.removeAll()
            contents.order.removeAll()
            for entry in entries { Self.put(entry, into: &contents) }
        }
    }

    func remove(_ entries: [Entry], completion: (@Sendable (Bool, (any Error)?) -> Void)?) {
        write(completion) { contents in
            guard contents.supportsIncrementalUpdates else { throw ASCredentialIdentityStoreError(.internalError) }
            let removed = Set(entries.map(\.key))
            for key in removed { contents.ranks[key] = nil }
            contents.order.removeAll(where: removed.contains)
        }
    }

    /// Runs `body` on another thread, twice when the store misbehaves as iOS 15–17 do.
    func deliver(twice: Bool, _ body: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async {
            body()
            if twice { body() }
        }
    }

    /// The `async` form of a write, as the SDK derives it from the completion handler (resumed once).
    static func outcome(_ start: (@escaping @Sendable (Bool, (any Error)?) -> Void) -> Void) async throws {
        let once = Mutex(false)
        let error: (any Error)? = await withCheckedContinuation { continuation in
            start { success, error in
                guard once.withLock({ claimed in defer { claimed = true }; return !claimed }) else { return }
                continuation.resume(returning: success ? nil : error ?? ASCredentialIdentityStoreError(.internalError))
            }
        }
        if let error { throw error }
    }

    private static func put(_ entry: Entry, into contents: inout Contents) {
        if contents.ranks.updateValue(entry.rank, forKey: entry.key) == nil { contents.order.append(entry.key) }
    }

    private func write(_ completion: (@Sendable (Bool, (any Error)?) -> Void)?,
                       _ change: (inout Contents) throws -> Void) {
        let (error, twice): ((any Error)?, Bool) = contents.withLock { contents in
            guard contents.isEnabled else {
                return (ASCredentialIdentityStoreError(.storeDisabled), contents.firesCompletionsTwice)
            }
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
}
