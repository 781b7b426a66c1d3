import Foundation
import SesameAutoFill
import SesameAutoFillTestSupport
import SesameCrypto
import SesameDomains
import SesameStore
import Testing

/// A real vault in a fresh temporary folder, removed with the value. Fast KDF parameters keep tests quick.
final class ProviderTestVault {
    static let password = "correct horse battery staple"

    let folder: String
    let path: String
    /// Unlocked.
    let vault: Vault

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/sesame-provider-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/vault.sqlite"
        vault = try Vault.create(
            at: path, password: SecureBytes(utf8: Self.password), kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: testPublicSuffixList)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A second handle on the same file, as another process (the app, the CLI) would open it.
    func otherProcess() throws -> Vault {
        let other = try Vault(path: path, publicSuffixList: testPublicSuffixList)
        try other.unlock(password: SecureBytes(utf8: Self.password))
        return other
    }

    /// What the store must hold: identities rebuilt from scratch from every active item.
    func expectedIdentities() throws -> [CredentialIdentity] {
        let scan = try vault.allItems(in: [.active])
        let usage = try vault.usage(ofItemsWithIDs: scan.items.map(\.id))
        let snapshot = IdentitySnapshot(items: scan.items, usage: usage, suffixes: testPublicSuffixList)
        return inStoreOrder(snapshot.allIdentities)
    }
}

/// The order `InMemoryIdentityStore.identities` uses, so lists compare with `==`.
func inStoreOrder(_ identities: [CredentialIdentity]) -> [CredentialIdentity] {
    identities.sorted {
        ($0.serviceIdentifier.identifier, $0.serviceIdentifier.kind.rawValue, $0.user, $0.recordIdentifier ?? "", $0.kind.rawValue)
            < ($1.serviceIdentifier.identifier, $1.serviceIdentifier.kind.rawValue, $1.user, $1.recordIdentifier ?? "", $1.kind.rawValue)
    }
}

/// A login with sensible defaults.
func testLogin(_ title: String, user: String = "alice", password: String = "s3cret-pw", urls: [String],
           match: MatchMode = .domain) -> Item
{
    Item(title: title, username: user, password: password, urls: urls.map { ItemURL($0) }, matchMode: match)
}

func domainService(_ name: String) -> ServiceIdentifier { ServiceIdentifier(name, kind: .domain) }
func urlService(_ text: String) -> ServiceIdentifier { ServiceIdentifier(text, kind: .url) }

/// A clock tests move by hand.
final class ManualClock: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_750_000_000)) {
        current = start
    }

    func now() -> Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }
}

/// An authenticator that answers from a script, and remembers every prompt it was shown.
final class ScriptedAuthenticator: Authenticator, @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    enum Answer: Sendable {
        case password(String)
        case cancel
    }

    private let lock = NSLock()
    private var answers: [Answer]
    private var shown: [AuthenticationPrompt] = []

    init(_ answers: [Answer] = []) {
        self.answers = answers
    }

    static var correct: Answer { .password(ProviderTestVault.password) }
    static var wrong: Answer { .password("not the master password") }

    func script(_ more: Answer...) {
        lock.withLock { answers += more }
    }

    var prompts: [AuthenticationPrompt] { lock.withLock { shown } }

    /// An unscripted prompt is a test mistake; answering cancel makes it visible without hanging.
    func authenticate(_ prompt: AuthenticationPrompt) async -> AuthenticationResult {
        let answer: Answer = lock.withLock {
            shown.append(prompt)
            return answers.isEmpty ? .cancel : answers.removeFirst()
        }
        switch answer {
        case .password(let text): return .masterPassword(SecureBytes(utf8: text))
        case .cancel: return .canceled
        }
    }
}

/// A store that answers late, by varying delays, as the system's store does across processes: writes of syncs
/// that overlapped would reach the real store out of order unless the sync serializes them.
actor DelayedIdentityStore: IdentityStore {
    let inner: InMemoryIdentityStore
    private let delays: [UInt64]
    private var calls = 0

    init(_ inner: InMemoryIdentityStore, delaysInMicroseconds: [UInt64] = [3_000, 0, 1_000, 6_000, 500, 2_000, 0, 4_000]) {
        self.inner = inner
        delays = delaysInMicroseconds
    }

    private func delay() async {
        let microseconds = delays[calls % delays.count]
        calls += 1
        if microseconds > 0 { try? await Task.sleep(nanoseconds: microseconds * 1_000) }
    }

    func state() async -> IdentityStoreState {
        await delay()
        return await inner.state()
    }

    func saveIdentities(_ identities: [CredentialIdentity]) async throws {
        await delay()
        try await inner.saveIdentities(identities)
    }

    func replaceIdentities(with identities: [CredentialIdentity]) async throws {
        await delay()
        try await inner.replaceIdentities(with: identities)
    }

    func removeIdentities(_ identities: [CredentialIdentity]) async throws {
        await delay()
        try await inner.removeIdentities(identities)
    }

    func removeAllIdentities() async throws {
        await delay()
        try await inner.removeAllIdentities()
    }
}

/// A store whose next write waits until the test lets it through: a test can hold one sync in the middle of its
/// write and start another.
actor GatedIdentityStore: IdentityStore {
    let inner: InMemoryIdentityStore
    private var holdNext = false
    private var parked: CheckedContinuation<Void, Never>?
    private var watchers: [CheckedContinuation<Void, Never>] = []

    init(_ inner: InMemoryIdentityStore) {
        self.inner = inner
    }

    func holdNextWrite() {
        holdNext = true
    }

    /// Returns once a write is parked.
    func waitUntilAWriteIsHeld() async {
        guard parked == nil else { return }
        await withCheckedContinuation { watchers.append($0) }
    }

    func releaseHeldWrite() {
        parked?.resume()
        parked = nil
    }

    private func gate() async {
        guard holdNext else { return }
        holdNext = false
        await withCheckedContinuation { continuation in
            parked = continuation
            for watcher in watchers { watcher.resume() }
            watchers.removeAll()
        }
    }

    func state() async -> IdentityStoreState { await inner.state() }

    func saveIdentities(_ identities: [CredentialIdentity]) async throws {
        await gate()
        try await inner.saveIdentities(identities)
    }

    func replaceIdentities(with identities: [CredentialIdentity]) async throws {
        await gate()
        try await inner.replaceIdentities(with: identities)
    }

    func removeIdentities(_ identities: [CredentialIdentity]) async throws {
        await gate()
        try await inner.removeIdentities(identities)
    }

    func removeAllIdentities() async throws {
        await gate()
        try await inner.removeAllIdentities()
    }
}
