#if canImport(AuthenticationServices)
import AuthenticationServices
import Foundation
import SesameAutoFill
import SesameAutoFillApple
import UIKit

/// The AutoFill extension's principal class (Info.plist `NSExtensionPrincipalClass`). It only translates: every
/// entry point of both generations goes to the core's `CredentialProvider`, and its answer becomes a completion
/// or a cancellation on `extensionContext`, passkeys included (registration, sign-in from a suggestion or the
/// list, iOS 18's conditional registration). Every entry point and every completion or cancellation is logged
/// (``ExtensionLog``).
@MainActor
open class CredentialProviderViewController: ASCredentialProviderViewController {
    /// The unlock screen's state (drawn by `UnlockView`).
    public let unlockPrompt = UnlockPrompt()
    /// The list screen's state (drawn by `CredentialListView`).
    public let credentialList = CredentialList()
    /// Where the vault and the keychain group are; read from Info.plist unless a test set it first.
    public var environment: SesameEnvironment?
    /// Keeps the session across processes: the shared keychain's (`KeychainSessionKeeper`) unless a test set one
    /// first (to count what each request reads and writes).
    public var sessionKeeper: (any SessionKeeper)?
    private var providerStorage: CredentialProvider?
    /// Wipes this process's keys as soon as the app (or another extension process) ends the session.
    private var sessionEndSignal: SessionEndSignal?
    /// Argon2id above this would not fit beside the extension's ~120 MB (apple-autofill §9.6); such a vault
    /// unlocks here with Face ID / Touch ID or a session the app kept.
    public static let maximumKDFMemoryBytes: UInt64 = 64 << 20

    /// The core provider, made on first use from ``environment``.
    var provider: CredentialProvider? {
        if let providerStorage { return providerStorage }
        guard let environment = environment ?? (try? SesameEnvironment.live()) else { return nil }
        self.environment = environment
        let provider = CredentialProvider(
            vaultPath: environment.vaultPath, publicSuffixList: environment.publicSuffixList,
            identityStore: environment.identityStore, authenticator: unlockPrompt,
            idleTimeout: environment.idleTimeout, pendingFullSync: PendingFullSync(path: environment.pendingFullSyncPath),
            sessionKeeper: sessionKeeper ?? KeychainSessionKeeper(environment),
            maximumKDFMemoryBytes: Self.maximumKDFMemoryBytes, keepsIdentitySnapshot: false)
        unlockPrompt.biometricKey = BiometricKey(accessGroup: environment.keychainGroup)
        // Checking trust is what wipes a session whose epoch ended; every request checks it again anyway.
        sessionEndSignal = SessionEndSignal(name: environment.sessionEndedSignalName) {
            Task { await provider.refreshTrust() }
        }
        providerStorage = provider
        return provider
    }

    override open func viewDidLoad() {
        super.viewDidLoad()
        #if canImport(SwiftUI)
        installScreens()  // Views/ExtensionScreens.swift: the unlock, list and configuration screens in SwiftUI.
        #endif
    }

    // MARK: - QuickType: without UI, then after the unlock screen

    @available(iOS, introduced: 12.0, deprecated: 17.0)
    override open func provideCredentialWithoutUserInteraction(for credentialIdentity: ASPasswordCredentialIdentity) {
        ExtensionLog.entry(#function, identity: credentialIdentity)
        fill(credentialIdentity, mode: .withoutUserInteraction)
    }

    override open func provideCredentialWithoutUserInteraction(for credentialRequest: any ASCredentialRequest) {
        ExtensionLog.entry(#function, request: credentialRequest)
        provide(credentialRequest, mode: .withoutUserInteraction)
    }

    @available(iOS, introduced: 12.0, deprecated: 17.0)
    override open func prepareInterfaceToProvideCredential(for credentialIdentity: ASPasswordCredentialIdentity) {
        ExtensionLog.entry(#function, identity: credentialIdentity)
        fill(credentialIdentity, mode: .afterUserInteraction)
    }

    override open func prepareInterfaceToProvideCredential(for credentialRequest: any ASCredentialRequest) {
        ExtensionLog.entry(#function, request: credentialRequest)
        provide(credentialRequest, mode: .afterUserInteraction)
    }

    // MARK: - The list

    override open func prepareCredentialList(for serviceIdentifiers: [ASCredentialServiceIdentifier]) {
        ExtensionLog.entry(#function, sites: serviceIdentifiers)
        showList(for: ServiceIdentifier.sites(serviceIdentifiers))
    }

    /// A passkey-capable form: the relying party's passkeys (those it allows, when it names any) above the
    /// passwords for the same sites.
    override open func prepareCredentialList(for serviceIdentifiers: [ASCredentialServiceIdentifier],
                                             requestParameters: ASPasskeyCredentialRequestParameters) {
        ExtensionLog.entry(#function, sites: serviceIdentifiers)
        showList(for: ServiceIdentifier.sites(serviceIdentifiers), passkeysFor: requestParameters)
    }

    // MARK: - Configuration

    override open func prepareInterfaceForExtensionConfiguration() {
        ExtensionLog.entry(#function)
        guard let provider else { return Self.completeConfiguration(extensionContext) }
        let context = extensionContext
        Task {
            // There is no cancel for a configuration: it always completes. When the unlock is dismissed or the
            // store write fails, the provider records that the store is not synchronised and the next unlock
            // (here or in the app) runs the full sync.
            try? await provider.configure()
            Self.completeConfiguration(context)
        }
    }

    // MARK: - One-time codes (iOS 18): the list of a one-time-code field; taps arrive as requests above

    @available(iOS 18.0, *)
    override open func prepareOneTimeCodeCredentialList(for serviceIdentifiers: [ASCredentialServiceIdentifier]) {
        ExtensionLog.entry(#function, sites: serviceIdentifiers)
        guard let provider else { return cancel(.failed) }
        let context = extensionContext
        let list = credentialList
        let sites = ServiceIdentifier.sites(serviceIdentifiers)
        list.onPick = { id in
            Self.answer(context) { () async throws(ProviderError) in
                Self.complete(context, with: try await provider.oneTimeCode(forItemWithID: id))
            }
        }
        presentList(provider) { () async throws(ProviderError) in
            list.show(try await provider.listOneTimeCodes(for: sites))
        }
    }

    // MARK: - Text insertion (iOS 18): AutoFill in any text field's context menu

    /// Every login, each row offering its user name, password and (when it has one) current one-time code; the
    /// pick is inserted as typed text.
    @available(iOS 18.0, *)
    @available(macOS, unavailable)
    @available(macCatalyst, unavailable)
    @available(visionOS, unavailable)
    override open func prepareInterfaceForUserChoosingTextToInsert() {
        ExtensionLog.entry(#function)
        guard let provider else { return cancel(.failed) }
        let context = extensionContext
        let list = credentialList
        list.onPickText = { id, field in
            Self.answer(context) { () async throws(ProviderError) in
                let text = switch field {
                case .username: try await provider.credential(forItemWithID: id).username
                case .password: try await provider.credential(forItemWithID: id).password
                case .oneTimeCode: try await provider.oneTimeCode(forItemWithID: id).code
                }
                // The completion-handler form, explicitly: in an async context the SDK's `async` overload would win.
                context.completeRequest(withTextToInsert: text, completionHandler: nil)
                ExtensionLog.completed("text to insert")
            }
        }
        presentList(provider) { () async throws(ProviderError) in
            // One pass over the vault: each row says whether its login has a code.
            let rows = try await provider.list(for: [])
            list.showForTextInsertion(rows, withOneTimeCodes: Set(rows.filter(\.hasOneTimeCode).map(\.id)))
        }
    }

    // MARK: - Passkeys

    override open func prepareInterface(forPasskeyRegistration registrationRequest: any ASCredentialRequest) {
        ExtensionLog.entry(#function, request: registrationRequest)
        registerPasskey(registrationRequest, conditional: false)
    }

    /// iOS 18's conditional registration: never any UI, and an answer at once.
    @available(iOS 18.0, macOS 15.0, visionOS 2.0, *)
    override open func performWithoutUserInteractionIfPossible(
        passkeyRegistration registrationRequest: ASPasskeyCredentialRequest
    ) {
        ExtensionLog.entry(#function, request: registrationRequest)
        registerPasskey(registrationRequest, conditional: true)
    }

    // MARK: - iOS 26.2: save and generate

    @available(iOS 26.2, *)
    override open func performWithoutUserInteractionIfPossible(savePasswordRequest: ASSavePasswordRequest) {
        ExtensionLog.entry(#function, site: savePasswordRequest.serviceIdentifier)
        save(savePasswordRequest, mode: .withoutUserInteraction)
    }

    @available(iOS 26.2, *)
    override open func prepareInterface(for savePasswordRequest: ASSavePasswordRequest) {
        ExtensionLog.entry(
            "prepareInterface(for: ASSavePasswordRequest)", site: savePasswordRequest.serviceIdentifier)
        save(savePasswordRequest, mode: .afterUserInteraction)
    }

    @available(iOS 26.2, *)
    override open func performWithoutUserInteraction(generatePasswordsRequest: ASGeneratePasswordsRequest) {
        ExtensionLog.entry(#function, site: generatePasswordsRequest.serviceIdentifier)
        generate(generatePasswordsRequest)
    }

    @available(iOS 26.2, *)
    override open func prepareInterface(for generatePasswordsRequest: ASGeneratePasswordsRequest) {
        ExtensionLog.entry(
            "prepareInterface(for: ASGeneratePasswordsRequest)", site: generatePasswordsRequest.serviceIdentifier)
        generate(generatePasswordsRequest)
    }

    // MARK: - Steps

    /// A request-based fill: one-time codes (iOS 18) and passkeys go their own way, passwords to ``fill``.
    private func provide(_ request: any ASCredentialRequest, mode: RequestMode) {
        if #available(iOS 18.0, *), request.type == .oneTimeCode {
            return fillOneTimeCode(request, mode: mode)
        }
        if request.type == .passkeyAssertion { return assertPasskey(request, mode: mode) }
        guard let identity = Self.passwordIdentity(of: request) else { return cancel(.failed) }
        fill(identity, mode: mode)
    }

    private func fill(_ systemIdentity: ASPasswordCredentialIdentity, mode: RequestMode) {
        guard let identity = CredentialIdentity(systemIdentity) else { return cancel(.credentialIdentityNotFound) }
        guard let provider else { return cancel(.failed) }
        let context = extensionContext
        Task {
            do throws(ProviderError) {
                let credential = try await provider.credential(for: identity, mode: mode)
                Self.complete(context, with: credential)
            } catch {
                Self.cancel(context, error)
            }
        }
    }

    private func fillOneTimeCode(_ request: any ASCredentialRequest, mode: RequestMode) {
        guard #available(iOS 18.0, *), let system = request.credentialIdentity as? ASOneTimeCodeCredentialIdentity
        else { return cancel(.failed) }
        guard let identity = CredentialIdentity(system) else { return cancel(.credentialIdentityNotFound) }
        guard let provider else { return cancel(.failed) }
        let context = extensionContext
        Task {
            do throws(ProviderError) {
                let code = try await provider.oneTimeCode(for: identity, mode: mode)
                Self.complete(context, with: code)
            } catch {
                Self.cancel(context, error)
            }
        }
    }

    private func showList(for sites: [ServiceIdentifier], passkeysFor parameters: ASPasskeyCredentialRequestParameters? = nil) {
        guard let provider else { return cancel(.failed) }
        let context = extensionContext
        let list = credentialList
        list.onPick = { id in
            Self.answer(context) { () async throws(ProviderError) in
                Self.complete(context, with: try await provider.credential(forItemWithID: id))
            }
        }
        let relyingParty = parameters?.relyingPartyIdentifier
        let allowed = parameters?.allowedCredentials.map { [UInt8]($0) } ?? []
        if let parameters, let relyingParty {
            let clientDataHash = parameters.clientDataHash
            let verification = UserVerificationPreference(parameters.userVerificationPreference)
            list.onPickPasskey = { credentialID in
                Self.answer(context) { () async throws(ProviderError) in
                    let signIn = try await provider.passkeySignIn(
                        withPasskey: credentialID, relyingPartyID: relyingParty,
                        clientDataHash: [UInt8](clientDataHash), userVerification: verification)
                    Self.complete(context, with: signIn, relyingParty: relyingParty, clientDataHash: clientDataHash)
                }
            }
        }
        presentList(provider) { () async throws(ProviderError) in
            var passkeys: [PasskeyListing] = []
            if let relyingParty { passkeys = try await provider.passkeys(for: relyingParty, allowing: allowed) }
            list.show(try await provider.list(for: sites), passkeys: passkeys)
        }
    }

    /// Shows a list: unlocks first when the session is not trusted, then `load` fills it. Dismissing the list
    /// cancels with `.userCanceled`, any failure with its own code.
    private func presentList(_ provider: CredentialProvider,
                             load: @escaping @MainActor () async throws(ProviderError) -> Void) {
        let context = extensionContext
        credentialList.onDismiss = { Self.cancel(context, .userCanceled) }
        Self.answer(context) { () async throws(ProviderError) in
            if !(await provider.refreshTrust()) { try await provider.authenticate(for: .list) }
            try await load()
        }
    }

    /// Runs a request's work; a failure cancels the request with its code.
    private static func answer(_ context: ASCredentialProviderExtensionContext,
                               _ work: @escaping @MainActor () async throws(ProviderError) -> Void) {
        Task { @MainActor in
            do throws(ProviderError) {
                try await work()
            } catch {
                Self.cancel(context, error)
            }
        }
    }

    /// A tapped passkey suggestion: signed without UI when the session is trusted (and the relying party does
    /// not require verification), otherwise after the unlock screen.
    private func assertPasskey(_ request: any ASCredentialRequest, mode: RequestMode) {
        guard let request = request as? ASPasskeyCredentialRequest,
              let system = request.credentialIdentity as? ASPasskeyCredentialIdentity
        else { return cancel(.failed) }
        guard let provider else { return cancel(.failed) }
        let context = extensionContext
        let identity = CredentialIdentity(system)
        let relyingParty = system.relyingPartyIdentifier
        let clientDataHash = request.clientDataHash
        let verification = UserVerificationPreference(request.userVerificationPreference)
        Self.answer(context) { () async throws(ProviderError) in
            let signIn = try await provider.passkeySignIn(
                for: identity, clientDataHash: [UInt8](clientDataHash), userVerification: verification, mode: mode)
            Self.complete(context, with: signIn, relyingParty: relyingParty, clientDataHash: clientDataHash)
        }
    }

    /// A new passkey: after the unlock screen when needed; `conditional` (iOS 18) never shows UI.
    private func registerPasskey(_ request: any ASCredentialRequest, conditional: Bool) {
        guard let request = request as? ASPasskeyCredentialRequest,
              let system = request.credentialIdentity as? ASPasskeyCredentialIdentity
        else { return cancel(.failed) }
        guard let provider else { return cancel(.failed) }
        let context = extensionContext
        let registration = PasskeyRegistrationRequest(request, identity: system)
        let relyingParty = system.relyingPartyIdentifier
        let clientDataHash = request.clientDataHash
        let verification = UserVerificationPreference(request.userVerificationPreference)
        var excluded: [[UInt8]] = []
        if #available(iOS 18.0, *) { excluded = (request.excludedCredentials ?? []).map { [UInt8]($0.credentialID) } }
        Self.answer(context) { () async throws(ProviderError) in
            let created = try await provider.registerPasskey(
                registration, excluding: excluded, userVerification: verification, conditional: conditional)
            context.completeRegistrationRequest(
                using: ASPasskeyRegistrationCredential(created, relyingParty: relyingParty, clientDataHash: clientDataHash),
                completionHandler: nil)
            ExtensionLog.completed("passkey registration", user: registration.userName)
        }
    }

    @available(iOS 26.2, *)
    private func save(_ request: ASSavePasswordRequest, mode: RequestMode) {
        guard let provider, let site = ServiceIdentifier(request.serviceIdentifier),
              let credential = SiteCredential(site, user: request.credential.user, password: request.credential.password)
        else { return cancel(.failed) }
        let context = extensionContext
        Task {
            do throws(ProviderError) {
                if !(await provider.refreshTrust()) {
                    // Without UI the system shows ours when asked to; with it, the person unlocks or cancels.
                    guard mode == .afterUserInteraction else { throw .userInteractionRequired }
                    try await provider.authenticate(for: .save(site))
                }
                do {
                    _ = try await provider.perform { try $0.saveSiteCredential(credential) }
                } catch {
                    throw .failed
                }
                context.completeSavePasswordRequest(completionHandler: nil)
                ExtensionLog.completed("saved password", user: credential.username)
            } catch {
                Self.cancel(context, error)
            }
        }
    }

    /// When the field (or Apple's quirks) gives password rules, one strong password drawn uniformly among those
    /// that satisfy them; otherwise two proposals in priority order: a strong password with every character class,
    /// then one of letters and digits for sites that refuse symbols. Nothing in the vault changes (Apple: "You
    /// should not update or replace any existing credentials when this API is called").
    @available(iOS 26.2, *)
    private func generate(_ request: ASGeneratePasswordsRequest) {
        do throws(ServiceFailure) {
            if let text = request.passwordFieldPasswordRules ?? request.passwordRulesFromQuirks,
               let rules = try? PasswordRulesParser.parse(text)
            {
                let generator = PasswordGenerator(rules: rules)
                try generator.validate()
                extensionContext.completeGeneratePasswordRequest(results: [
                    ASGeneratedPassword(kind: .strong, value: try generator.generate()),
                ])
                ExtensionLog.completed("1 generated password")
                return
            }
            let strong = try PasswordGenerator().generate()
            let alphanumeric = try PasswordGenerator(classes: [.lowercase, .uppercase, .digits]).generate()
            extensionContext.completeGeneratePasswordRequest(results: [
                ASGeneratedPassword(kind: .strong, value: strong),
                ASGeneratedPassword(kind: .alphanumeric, value: alphanumeric),
            ])
            ExtensionLog.completed("2 generated passwords")
        } catch {
            cancel(.failed)
        }
    }

    private func cancel(_ error: ProviderError) {
        Self.cancel(extensionContext, error)
    }

    private static func cancel(_ context: ASCredentialProviderExtensionContext, _ error: ProviderError) {
        context.cancelRequest(withError: error.system)
        ExtensionLog.cancelled(error)
    }

    private static func completeConfiguration(_ context: ASCredentialProviderExtensionContext) {
        context.completeExtensionConfigurationRequest()
        ExtensionLog.completed("configuration")
    }

    private static func complete(_ context: ASCredentialProviderExtensionContext, with credential: Credential) {
        context.completeRequest(
            withSelectedCredential: ASPasswordCredential(user: credential.username, password: credential.password))
        ExtensionLog.completed("password", user: credential.username)
    }

    private static func complete(_ context: ASCredentialProviderExtensionContext, with signIn: PasskeySignIn,
                                 relyingParty: String, clientDataHash: Data) {
        context.completeAssertionRequest(
            using: ASPasskeyAssertionCredential(signIn, relyingParty: relyingParty, clientDataHash: clientDataHash),
            completionHandler: nil)
        ExtensionLog.completed("passkey sign-in")
    }

    @available(iOS 18.0, *)
    private static func complete(_ context: ASCredentialProviderExtensionContext, with code: OneTimeCode) {
        context.completeOneTimeCodeRequest(using: ASOneTimeCodeCredential(code: code.code), completionHandler: nil)
        ExtensionLog.completed("one-time code")
    }

    /// The password identity of an iOS 17 request; nil for passkeys and one-time codes.
    private static func passwordIdentity(of request: any ASCredentialRequest) -> ASPasswordCredentialIdentity? {
        switch request.type {
        case .password: request.credentialIdentity as? ASPasswordCredentialIdentity
        case .passkeyAssertion, .passkeyRegistration, .oneTimeCode: nil
        @unknown default: nil
        }
    }
}
#endif
