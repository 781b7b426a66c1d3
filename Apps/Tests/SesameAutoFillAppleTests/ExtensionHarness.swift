import AuthenticationServices
import Foundation
import SesameAutoFill
import SesameAutoFillApple
@testable import SesameAutoFillExtension
import SesameCrypto
import SesameDomains
import SesameStore
import Testing

/// A vault in a temporary App Group folder, the system's identity store (the stand-in), and extension processes
/// started on demand: each ``launchExtension()`` is a new view controller with nothing in memory, as iOS may start
/// a new process per request.
@MainActor
final class ExtensionHarness {
    static let password = "correct horse battery staple"
    static let publicSuffixList: PublicSuffixList = {
        let data = FileManager.default.contents(atPath: "/usr/share/publicsuffix/public_suffix_list.dat") ?? Data()
        return PublicSuffixList(utf8: Array(data))
    }()

    let folder: URL
    /// The system's side of the identity store; the bridge holds the store itself.
    let store = StandInSystemStore()
    var environment: SesameEnvironment
    /// The items the vault was created with: github.com (alice), example.com (bob).
    let github = Item(title: "GitHub", username: "alice", password: "gh-secret", urls: [ItemURL("https://github.com/login")])
    let example = Item(title: "Example", username: "bob", password: "ex-secret", urls: [ItemURL("https://www.example.com")])

    init(incremental: Bool = true, enabled: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sesame-apple-\(UUID().uuidString)")
        let path = folder.appendingPathComponent("vault.sqlite").path
        let vault = try Vault.create(
            at: path, password: SecureBytes(utf8: Self.password), kdf: KDFParameters.generate(memoryMiB: 19, passes: 2),
            publicSuffixList: Self.publicSuffixList)
        try vault.add(contentsOf: [github, example])
        vault.close()
        store.standInSetEnabled(enabled)
        store.standInSetSupportsIncrementalUpdates(incremental)
        environment = SesameEnvironment(
            vaultPath: path, keychainGroup: "TEAMID.sesame.test.\(UUID().uuidString)",
            publicSuffixList: Self.publicSuffixList,
            identityStore: SystemIdentityStore(ASCredentialIdentityStore(standInSystem: store)))
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func launchExtension() -> CredentialProviderViewController {
        let controller = CredentialProviderViewController()
        controller.environment = environment
        return controller
    }

    /// A request's context: hands the controller a fresh one and returns it, as the system does per request.
    func newRequest(on controller: CredentialProviderViewController) -> ASCredentialProviderExtensionContext {
        let context = ASCredentialProviderExtensionContext()
        controller.standInAttach(context)
        return context
    }

    /// A QuickType tap on GitHub's suggestion, served without UI if the session is trusted; returns its context.
    func tapGitHub(on controller: CredentialProviderViewController) -> ASCredentialProviderExtensionContext {
        let context = newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(
            for: ASPasswordCredentialRequest(credentialIdentity: identity(for: github, service: "github.com")))
        return context
    }

    /// Opens the vault as another process would (the app, the CLI, a sync).
    func withVault<T>(_ body: (Vault) throws -> T) throws -> T {
        let vault = try Vault(path: environment.vaultPath, publicSuffixList: Self.publicSuffixList)
        defer { vault.close() }
        try vault.unlock(password: SecureBytes(utf8: Self.password))
        return try body(vault)
    }

    /// What QuickType would offer: the store's password identities as (service, user, record).
    var storedIdentities: [String] {
        store.standInIdentities.map { "\($0.service) \($0.user) \($0.record ?? "nil")" }.sorted()
    }

    func identity(for item: Item, service: String, type: ASCredentialServiceIdentifier.IdentifierType = .domain)
        -> ASPasswordCredentialIdentity
    {
        ASPasswordCredentialIdentity(
            serviceIdentifier: ASCredentialServiceIdentifier(identifier: service, type: type), user: item.username,
            recordIdentifier: CredentialIdentity.recordIdentifier(for: item.id))
    }
}

/// The first thing the extension told the system on this request; nil if it said nothing within `seconds` (a
/// request that hangs is a failure of its own). On the main actor, as the context belongs to its view controller.
/// The bounds are long (120 s) because they only end a hang: at load 20 on 2 cores, tests deriving Argon2id in
/// parallel held Swift's two cooperative threads past an earlier 20 s bound in a fresh-machine run.
@MainActor
func firstCall(on context: ASCredentialProviderExtensionContext, within seconds: Double = 120)
    async -> ASCredentialProviderExtensionContext.StandInCall?
{
    await withTaskGroup(of: ASCredentialProviderExtensionContext.StandInCall?.self) { group in
        let calls = context.standInCalls
        group.addTask { await calls.first { _ in true } }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// The next prompt the unlock screen shows; nil if none within `seconds`.
func nextPrompt(on prompt: UnlockPrompt, within seconds: Double = 120) async -> AuthenticationPrompt? {
    await withTaskGroup(of: AuthenticationPrompt?.self) { group in
        group.addTask { await prompt.prompts.first { _ in true } }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

let cancelDomain = ASExtensionErrorDomain

/// Polls a condition the UI (or a test) would observe; fails after `seconds`.
@MainActor
func waitUntil(within seconds: Double = 120, _ condition: () async -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !(await condition()) {
        guard Date() < deadline else {
            Issue.record("condition not met within \(seconds) s")
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
