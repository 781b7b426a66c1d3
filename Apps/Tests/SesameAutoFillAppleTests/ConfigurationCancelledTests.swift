import AuthenticationServices
import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
@testable import SesameAutoFillExtension
import Testing

/// The seed's open problem: the person turns Sesame on in Settings, then dismisses the unlock in the configuration
/// screen. iOS keeps the provider enabled with an empty store; Sesame completes the configuration anyway, notes
/// that the store is not synchronised, and the next unlock anywhere runs the full sync.
@MainActor
@Suite struct ConfigurationCancelledTests {
    @Test func cancelledConfigurationCompletesAndTheNextExtensionUnlockRunsTheFullSync() async throws {
        let h = try ExtensionHarness()
        let configuration = h.launchExtension()
        let request = h.newRequest(on: configuration)
        configuration.prepareInterfaceForExtensionConfiguration()
        #expect(await nextPrompt(on: configuration.unlockPrompt)?.purpose == .configure)
        configuration.unlockPrompt.cancel()
        // There is no cancel for a configuration: it completes, and nothing was written.
        #expect(await firstCall(on: request) == .completeExtensionConfigurationRequest)
        #expect(request.standInRecordedCalls.count == 1)
        #expect(h.store.standInIdentities.isEmpty)
        #expect(configuration.provider?.needsFullSync == true)

        // Later, another extension process: the person opens the list from the key icon and unlocks.
        let later = h.launchExtension()
        let list = h.newRequest(on: later)
        later.prepareCredentialList(for: [ASCredentialServiceIdentifier(identifier: "example.com", type: .domain)])
        #expect(await nextPrompt(on: later.unlockPrompt)?.purpose == .list)
        later.unlockPrompt.submit(password: ExtensionHarness.password)
        try await waitUntil { !later.credentialList.matches.isEmpty }
        #expect(h.storedIdentities.count == 2)
        #expect(later.provider?.needsFullSync == false)
        later.credentialList.dismiss()
        #expect(await firstCall(on: list) == .cancelRequest(domain: ASExtensionErrorDomain, code: 1))
    }

    @Test func theAppShowsTheStateAndItsNextUnlockRunsTheFullSync() async throws {
        let h = try ExtensionHarness(incremental: false)
        let configuration = h.launchExtension()
        let request = h.newRequest(on: configuration)
        configuration.prepareInterfaceForExtensionConfiguration()
        _ = await nextPrompt(on: configuration.unlockPrompt)
        configuration.unlockPrompt.cancel()
        #expect(await firstCall(on: request) == .completeExtensionConfigurationRequest)

        let app = AppModel(environment: h.environment)
        await app.refreshAutoFillStatus()
        #expect(app.autoFill == .onAwaitingSync)
        try await app.unlock(password: ExtensionHarness.password)
        #expect(h.storedIdentities.count == 2)
        await app.refreshAutoFillStatus()
        #expect(app.autoFill == .on)

        // The person turns the provider off: the system clears the store, and the app says so.
        h.store.standInSetEnabled(false)
        await app.refreshAutoFillStatus()
        #expect(app.autoFill == .off)
    }

    @Test func aStoreThatRefusesTheWriteIsNotedLikeACancel() async throws {
        let h = try ExtensionHarness()
        // Enabled in Settings, then turned off before the write lands: the replace is refused.
        let configuration = h.launchExtension()
        let request = h.newRequest(on: configuration)
        h.store.standInSetEnabled(false)
        configuration.prepareInterfaceForExtensionConfiguration()
        _ = await nextPrompt(on: configuration.unlockPrompt)
        configuration.unlockPrompt.submit(password: ExtensionHarness.password)
        #expect(await firstCall(on: request) == .completeExtensionConfigurationRequest)
        #expect(configuration.provider?.needsFullSync == true)
    }

    /// The only test on the system's shared store, which `ASSettingsHelper` turns on.
    @Test func theAppOpensSettingsAndAsksToTurnTheProviderOn() async throws {
        let h = try ExtensionHarness()
        var environment = h.environment
        environment.identityStore = SystemIdentityStore()
        let app = AppModel(environment: environment)
        await app.refreshAutoFillStatus()
        #expect(app.autoFill == .off)
        let opened = ASSettingsHelper.standInSettingsOpened
        try await app.openAutoFillSettings()
        #expect(ASSettingsHelper.standInSettingsOpened == opened + 1)
        await app.requestTurningOnAutoFill()
        #expect(app.autoFill == .on)
        ASCredentialIdentityStore.standInSharedSystem.standInSetEnabled(false)
    }
}
