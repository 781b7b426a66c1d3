import AuthenticationServices
import Foundation
import SesameAutoFill
import SesameAutoFillApple
@testable import SesameAutoFillExtension
import SesameStore
import Testing

/// The extension driven as the system drives it, through the stand-ins: requests in, completions and
/// cancellations out on `extensionContext`, the unlock screen answered as a person would.
@MainActor
@Suite struct ExtensionRequestTests {
    @Test func quickTypeTapOnATrustedSessionCompletesWithoutUI() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        // The person unlocked for a first fill; the session is now trusted.
        let first = h.newRequest(on: controller)
        controller.prepareInterfaceToProvideCredential(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.example, service: "example.com")))
        #expect(await nextPrompt(on: controller.unlockPrompt) != nil)
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        #expect(await firstCall(on: first) == .completeRequest(user: "bob", password: "ex-secret"))

        let tap = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.github, service: "github.com")))
        #expect(await firstCall(on: tap) == .completeRequest(user: "alice", password: "gh-secret"))
        #expect(controller.unlockPrompt.current == nil)
        #expect(tap.standInRecordedCalls.count == 1)
    }

    @Test func lockedTapAsksForUIThenUnlocksAndCompletes() async throws {
        let h = try ExtensionHarness()
        let identity = h.identity(for: h.github, service: "github.com")
        let controller = h.launchExtension()
        let tap = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(for: ASPasswordCredentialRequest(credentialIdentity: identity))
        #expect(await firstCall(on: tap) == .cancelRequest(domain: ASExtensionErrorDomain, code: 100))
        #expect(controller.unlockPrompt.current == nil)

        // The system then shows the extension's unlock screen.
        let withUI = h.newRequest(on: controller)
        controller.prepareInterfaceToProvideCredential(for: ASPasswordCredentialRequest(credentialIdentity: identity))
        let prompt = await nextPrompt(on: controller.unlockPrompt)
        #expect(prompt?.purpose == .fill(try #require(CredentialIdentity(identity))))
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        #expect(await firstCall(on: withUI) == .completeRequest(user: "alice", password: "gh-secret"))
    }

    @Test func deprecatedIdentityEntryPointsReachTheSameCore() async throws {
        let h = try ExtensionHarness()
        let identity = h.identity(for: h.github, service: "github.com")
        let controller = h.launchExtension()
        let tap = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(for: identity)
        #expect(await firstCall(on: tap) == .cancelRequest(domain: ASExtensionErrorDomain, code: 100))
        let withUI = h.newRequest(on: controller)
        controller.prepareInterfaceToProvideCredential(for: identity)
        #expect(await nextPrompt(on: controller.unlockPrompt) != nil)
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        #expect(await firstCall(on: withUI) == .completeRequest(user: "alice", password: "gh-secret"))
    }

    @Test func staleRecordIdentifierAnswersNotFoundAndLeavesTheStore() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        try await configure(h, controller)
        let record = CredentialIdentity.recordIdentifier(for: h.github.id)
        #expect(h.store.standInIdentities.contains { $0.record == record })

        // Another process deletes the item; the suggestion is still above the keyboard.
        try h.withVault { try $0.delete(id: h.github.id) }
        let tap = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.github, service: "github.com")))
        #expect(await firstCall(on: tap) == .cancelRequest(domain: ASExtensionErrorDomain, code: 101))
        #expect(!h.store.standInIdentities.contains { $0.record == record })
        #expect(h.storedIdentities == ["example.com bob \(CredentialIdentity.recordIdentifier(for: h.example.id))"])
    }

    @Test func foreignRecordIdentifierIsNotFoundWithoutAskingAnyone() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let request = h.newRequest(on: controller)
        let foreign = ASPasswordCredentialIdentity(
            serviceIdentifier: ASCredentialServiceIdentifier(identifier: "github.com", type: .domain), user: "alice",
            recordIdentifier: "0:local:db:1234")
        controller.prepareInterfaceToProvideCredential(for: ASPasswordCredentialRequest(credentialIdentity: foreign))
        #expect(await firstCall(on: request) == .cancelRequest(domain: ASExtensionErrorDomain, code: 101))
        #expect(controller.unlockPrompt.current == nil)
    }

    @Test func listUnlocksShowsRankedMatchesAndCompletesThePick() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let request = h.newRequest(on: controller)
        controller.prepareCredentialList(for: [
            ASCredentialServiceIdentifier(identifier: "com.example.app", type: .app),
            ASCredentialServiceIdentifier(identifier: "https://github.com/session", type: .URL),
        ])
        #expect(await nextPrompt(on: controller.unlockPrompt)?.purpose == .list)
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        try await waitUntil { !controller.credentialList.matches.isEmpty }
        // The `.app` identifier names no site and was dropped; github.com matched.
        #expect(controller.credentialList.matches.map(\.id) == [h.github.id])
        controller.credentialList.query = "nothing like it"
        #expect(controller.credentialList.visible.isEmpty)
        controller.credentialList.query = "ALI"
        #expect(controller.credentialList.visible.map(\.username) == ["alice"])
        controller.credentialList.pick(h.github.id)
        #expect(await firstCall(on: request) == .completeRequest(user: "alice", password: "gh-secret"))
    }

    @Test func dismissedListCancelsWithUserCanceled() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let request = h.newRequest(on: controller)
        controller.prepareCredentialList(
            for: [ASCredentialServiceIdentifier(identifier: "github.com", type: .domain)],
            requestParameters: ASPasskeyCredentialRequestParameters(standInRelyingPartyIdentifier: "github.com",
                                                                    clientDataHash: Data(count: 32)))
        #expect(await nextPrompt(on: controller.unlockPrompt) != nil)
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        try await waitUntil { !controller.credentialList.matches.isEmpty }
        controller.credentialList.dismiss()
        #expect(await firstCall(on: request) == .cancelRequest(domain: ASExtensionErrorDomain, code: 1))
    }

    @Test func aListWithNoMatchStillShowsSoThePersonCanSearchOrCancel() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let request = h.newRequest(on: controller)
        controller.prepareCredentialList(for: [ASCredentialServiceIdentifier(identifier: "nowhere.example", type: .domain)])
        _ = await nextPrompt(on: controller.unlockPrompt)
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        try await waitUntil { controller.credentialList.isShowing }
        #expect(controller.credentialList.matches.isEmpty)
        controller.credentialList.dismiss()
        #expect(await firstCall(on: request) == .cancelRequest(domain: ASExtensionErrorDomain, code: 1))
    }

    @Test func threeWrongPasswordsFail() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let request = h.newRequest(on: controller)
        controller.prepareInterfaceToProvideCredential(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.github, service: "github.com")))
        for attempt in 1...3 {
            let prompt = await nextPrompt(on: controller.unlockPrompt)
            #expect(prompt?.attempt == attempt)
            #expect(prompt?.followsFailedAttempt == (attempt > 1))
            controller.unlockPrompt.submit(password: "wrong \(attempt)")
        }
        #expect(await firstCall(on: request) == .cancelRequest(domain: ASExtensionErrorDomain, code: 0))
        #expect(request.standInRecordedCalls.count == 1)
    }

    @Test func dismissedUnlockCancelsWithUserCanceled() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let request = h.newRequest(on: controller)
        controller.prepareInterfaceToProvideCredential(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.github, service: "github.com")))
        #expect(await nextPrompt(on: controller.unlockPrompt) != nil)
        controller.unlockPrompt.cancel()
        #expect(await firstCall(on: request) == .cancelRequest(domain: ASExtensionErrorDomain, code: 1))
    }

    @Test(arguments: [true, false])
    func configurationReplacesTheWholeStore(incremental: Bool) async throws {
        let h = try ExtensionHarness(incremental: incremental)
        // Left over from an earlier installation: a replace removes it.
        try await ASCredentialIdentityStore(standInSystem: h.store).replaceCredentialIdentities([
            ASPasswordCredentialIdentity(
                serviceIdentifier: ASCredentialServiceIdentifier(identifier: "old.example", type: .domain),
                user: "ghost", recordIdentifier: UUID().uuidString.lowercased()),
        ])
        #expect(h.store.standInWrites == 1)
        let controller = h.launchExtension()
        try await configure(h, controller)
        #expect(h.storedIdentities == [
            "example.com bob \(CredentialIdentity.recordIdentifier(for: h.example.id))",
            "github.com alice \(CredentialIdentity.recordIdentifier(for: h.github.id))",
        ])
        #expect(h.store.standInWrites == 2)
    }

    @Test func completionHandlersFiringTwiceResumeOnce() async throws {
        let h = try ExtensionHarness()
        h.store.standInSetFiresCompletionsTwice(true)
        let controller = h.launchExtension()
        try await configure(h, controller)
        #expect(h.storedIdentities.count == 2)
        // Later writes through the same bridge keep working: every continuation was resumed exactly once.
        try h.withVault { try $0.delete(id: h.example.id) }
        let tap = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(
            for: ASPasswordCredentialRequest(credentialIdentity: h.identity(for: h.example, service: "example.com")))
        #expect(await firstCall(on: tap) == .cancelRequest(domain: ASExtensionErrorDomain, code: 101))
        #expect(h.storedIdentities.count == 1)
    }

    /// iOS 18's one-time-code fields: a tapped suggestion, after the unlock, then the list, each completes with the
    /// item's current code; the store holds a one-time-code identity beside the password one.
    @Test func oneTimeCodeRequestsCompleteWithTheCurrentCode() async throws {
        let h = try ExtensionHarness()
        let uri = "otpauth://totp/GitHub:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
        _ = try h.withVault { vault in try vault.updateItem(withID: h.github.id) { $0.oneTimeCode = uri } }
        let settings = try OneTimeCodeSettings(parsing: uri)
        func isCurrent(_ call: ASCredentialProviderExtensionContext.StandInCall?) -> Bool {
            guard case .completeOneTimeCodeRequest(let code) = call else { return false }
            // Either side of a period boundary the test may straddle.
            return [Date(), Date().addingTimeInterval(-5)].map { OneTimeCode(settings, at: $0).code }.contains(code)
        }
        let service = ASCredentialServiceIdentifier(identifier: "github.com", type: .domain)
        let identity = ASOneTimeCodeCredentialIdentity(
            serviceIdentifier: service, label: "alice", recordIdentifier: CredentialIdentity.recordIdentifier(for: h.github.id))
        let controller = h.launchExtension()

        let locked = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(for: ASOneTimeCodeCredentialRequest(credentialIdentity: identity))
        #expect(await firstCall(on: locked) == .cancelRequest(domain: ASExtensionErrorDomain, code: 100))
        let withUI = h.newRequest(on: controller)
        controller.prepareInterfaceToProvideCredential(for: ASOneTimeCodeCredentialRequest(credentialIdentity: identity))
        #expect(await nextPrompt(on: controller.unlockPrompt) != nil)
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        #expect(isCurrent(await firstCall(on: withUI)))

        let list = h.newRequest(on: controller)
        controller.prepareOneTimeCodeCredentialList(for: [service, ASCredentialServiceIdentifier(identifier: "example.com", type: .domain)])
        try await waitUntil { controller.credentialList.isShowing }
        // Only logins with a one-time code are offered: example.com's has none.
        #expect(controller.credentialList.matches.map(\.id) == [h.github.id])
        controller.credentialList.onPick?(h.github.id)
        #expect(isCurrent(await firstCall(on: list)))

        try await configure(h, controller)
        #expect(h.store.standInIdentities.filter { $0.service == "github.com" }.count == 2)
    }

    @Test func generatedPasswordsFollowTheFieldsPasswordRules() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let rules = "minlength: 12; maxlength: 12; required: digit; allowed: [abc]"
        for _ in 0..<20 {
            let request = h.newRequest(on: controller)
            controller.performWithoutUserInteraction(generatePasswordsRequest: ASGeneratePasswordsRequest(
                serviceIdentifier: ASCredentialServiceIdentifier(identifier: "bank.example", type: .domain),
                passwordFieldPasswordRules: rules, confirmPasswordFieldPasswordRules: rules, passwordRulesFromQuirks: nil))
            guard case .completeGeneratePasswordRequest(let kinds, let values) = await firstCall(on: request) else {
                Issue.record("no passwords generated")
                return
            }
            #expect(kinds == ["strong"])
            let password = try #require(values.first)
            #expect(password.count == 12)
            #expect(password.allSatisfy { "abc0123456789".contains($0) })
            #expect(password.contains { $0.isNumber })
        }
    }

    @Test func generatedPasswordsComeFromTheCoreGeneratorAndTouchNothing() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let request = h.newRequest(on: controller)
        controller.performWithoutUserInteraction(generatePasswordsRequest: ASGeneratePasswordsRequest(
            serviceIdentifier: ASCredentialServiceIdentifier(identifier: "github.com", type: .domain),
            passwordFieldPasswordRules: nil, confirmPasswordFieldPasswordRules: nil, passwordRulesFromQuirks: nil))
        guard case .completeGeneratePasswordRequest(let kinds, let values) = await firstCall(on: request) else {
            Issue.record("no generated passwords")
            return
        }
        #expect(kinds == ["strong", "alphanumeric"])
        #expect(values.map(\.count) == [PasswordGenerator.defaultLength, PasswordGenerator.defaultLength])
        #expect(values[1].allSatisfy { $0.isLetter || $0.isNumber })
        #expect(values[0] != values[1])
        #expect(try h.withVault { try $0.count() } == 2)
    }

    @Test func savePasswordUnlocksAndSavesIntoTheVault() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let request = ASSavePasswordRequest(
            serviceIdentifier: ASCredentialServiceIdentifier(identifier: "https://news.example.org/login", type: .URL),
            credential: ASPasswordCredential(user: "carol", password: "new-secret"), title: "News",
            sessionID: "s1", event: .userInitiated, passwordKind: nil)
        let quiet = h.newRequest(on: controller)
        controller.performWithoutUserInteractionIfPossible(savePasswordRequest: request)
        #expect(await firstCall(on: quiet) == .cancelRequest(domain: ASExtensionErrorDomain, code: 100))

        let withUI = h.newRequest(on: controller)
        controller.prepareInterface(for: request)
        let site = try #require(ServiceIdentifier(request.serviceIdentifier))
        #expect(await nextPrompt(on: controller.unlockPrompt)?.purpose == .save(site))
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        #expect(await firstCall(on: withUI) == .completeSavePasswordRequest)
        let saved = try h.withVault { try $0.allItems().items.first { $0.username == "carol" } }
        #expect(saved?.password == "new-secret")
        // The store follows the vault: QuickType offers the new login.
        #expect(h.store.standInIdentities.contains { $0.service == "example.org" && $0.user == "carol" })
    }

    // MARK: - Steps

    func configure(_ h: ExtensionHarness, _ controller: CredentialProviderViewController) async throws {
        let request = h.newRequest(on: controller)
        controller.prepareInterfaceForExtensionConfiguration()
        if await !controller.provider!.refreshTrust() {
            #expect(await nextPrompt(on: controller.unlockPrompt)?.purpose == .configure)
            controller.unlockPrompt.submit(password: ExtensionHarness.password)
        }
        #expect(await firstCall(on: request) == .completeExtensionConfigurationRequest)
    }
}
