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
            requestParameters: ASPasskeyCredentialRequestParameters(relyingPartyIdentifier: "github.com",
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
        h.store.replaceCredentialIdentities([
            ASPasswordCredentialIdentity(
                serviceIdentifier: ASCredentialServiceIdentifier(identifier: "old.example", type: .domain),
                user: "ghost", recordIdentifier: UUID().uuidString.lowercased()),
        ])
        try await waitUntil { h.store.standInWrites == 1 }
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

    @Test func oneTimeCodesAndPasskeysFailAtOnce() async throws {
        let h = try ExtensionHarness()
        let controller = h.launchExtension()
        let service = ASCredentialServiceIdentifier(identifier: "github.com", type: .domain)
        let otpList = h.newRequest(on: controller)
        controller.prepareOneTimeCodeCredentialList(for: [service])
        let otp = h.newRequest(on: controller)
        controller.provideCredentialWithoutUserInteraction(for: ASOneTimeCodeCredentialRequest(
            credentialIdentity: ASOneTimeCodeCredentialIdentity(serviceIdentifier: service, label: "GitHub",
                                                                recordIdentifier: nil)))
        let passkey = ASPasskeyCredentialRequest(
            credentialIdentity: ASPasskeyCredentialIdentity(
                relyingPartyIdentifier: "github.com", userName: "alice", credentialID: Data([1]), userHandle: Data([2]),
                recordIdentifier: nil),
            clientDataHash: Data(count: 32))
        let assertion = h.newRequest(on: controller)
        controller.prepareInterfaceToProvideCredential(for: passkey)
        let registration = h.newRequest(on: controller)
        controller.prepareInterface(forPasskeyRegistration: passkey)
        for context in [otpList, otp, assertion, registration] {
            #expect(await firstCall(on: context) == .cancelRequest(domain: ASExtensionErrorDomain, code: 0))
        }
        #expect(controller.unlockPrompt.current == nil)
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

    private func configure(_ h: ExtensionHarness, _ controller: CredentialProviderViewController) async throws {
        let request = h.newRequest(on: controller)
        controller.prepareInterfaceForExtensionConfiguration()
        if await !controller.provider!.isTrusted {
            #expect(await nextPrompt(on: controller.unlockPrompt)?.purpose == .configure)
            controller.unlockPrompt.submit(password: ExtensionHarness.password)
        }
        #expect(await firstCall(on: request) == .completeExtensionConfigurationRequest)
    }
}

/// Polls a condition the UI would observe; fails after `seconds`.
@MainActor
func waitUntil(within seconds: Double = 20, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else {
            Issue.record("condition not met within \(seconds) s")
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
