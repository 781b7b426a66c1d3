import AuthenticationServices
import Foundation
import SesameAutoFill
import SesameAutoFillApple
@testable import SesameAutoFillExtension
import SesameStore
import Testing

/// iOS 18's AutoFill in a text field's context menu: the extension lists every login, the person picks a field of
/// one, and the extension completes with that text.
@MainActor
@Suite struct TextInsertionTests {
    static let uri = "otpauth://totp/GitHub:alice?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

    /// Asks `controller` for the text-insertion list, as the context menu does; returns the request.
    private func openList(_ h: ExtensionHarness, on controller: CredentialProviderViewController)
        -> ASCredentialProviderExtensionContext
    {
        let request = h.newRequest(on: controller)
        controller.prepareInterfaceForUserChoosingTextToInsert()
        return request
    }

    @Test func theListUnlocksOffersEachLoginsFieldsAndInsertsThePick() async throws {
        let h = try ExtensionHarness()
        _ = try h.withVault { vault in try vault.updateItem(withID: h.github.id) { $0.oneTimeCode = Self.uri } }
        let first = h.launchExtension()
        let password = openList(h, on: first)
        #expect(await nextPrompt(on: first.unlockPrompt)?.purpose == .list)
        first.unlockPrompt.submit(password: ExtensionHarness.password)
        try await waitUntil { first.credentialList.isShowing }
        let list = first.credentialList
        #expect(list.insertsText)
        #expect(Set(list.matches.map(\.id)) == [h.github.id, h.example.id])
        let github = try #require(list.matches.first { $0.id == h.github.id })
        let example = try #require(list.matches.first { $0.id == h.example.id })
        #expect(list.fields(of: github) == [.username, .password, .oneTimeCode])
        #expect(list.fields(of: example) == [.username, .password])
        list.pick(h.github.id, field: .password)
        #expect(await firstCall(on: password) == .completeTextToInsert(text: "gh-secret"))

        // The session is trusted now: the next requests (a new process each) list without asking.
        let second = h.launchExtension()
        let username = openList(h, on: second)
        try await waitUntil { second.credentialList.isShowing }
        #expect(second.unlockPrompt.current == nil)
        second.credentialList.pick(h.example.id, field: .username)
        #expect(await firstCall(on: username) == .completeTextToInsert(text: "bob"))

        let third = h.launchExtension()
        let code = openList(h, on: third)
        try await waitUntil { third.credentialList.isShowing }
        third.credentialList.pick(h.github.id, field: .oneTimeCode)
        let settings = try OneTimeCodeSettings(parsing: Self.uri)
        // Either side of a period boundary the test may straddle.
        let current = [Date(), Date().addingTimeInterval(-5)].map { OneTimeCode(settings, at: $0).code }
        guard case .completeTextToInsert(let text) = await firstCall(on: code) else {
            Issue.record("no text inserted")
            return
        }
        #expect(current.contains(text))
    }

    @Test func dismissingTheListOrTheUnlockCancelsWithUserCanceled() async throws {
        let h = try ExtensionHarness()
        let locked = h.launchExtension()
        let unlock = openList(h, on: locked)
        #expect(await nextPrompt(on: locked.unlockPrompt) != nil)
        locked.unlockPrompt.cancel()
        #expect(await firstCall(on: unlock) == .cancelRequest(domain: ASExtensionErrorDomain, code: 1))

        let controller = h.launchExtension()
        let dismissed = openList(h, on: controller)
        #expect(await nextPrompt(on: controller.unlockPrompt) != nil)
        controller.unlockPrompt.submit(password: ExtensionHarness.password)
        try await waitUntil { controller.credentialList.isShowing }
        controller.credentialList.dismiss()
        #expect(await firstCall(on: dismissed) == .cancelRequest(domain: ASExtensionErrorDomain, code: 1))
        #expect(dismissed.standInRecordedCalls.count == 1)
    }
}
