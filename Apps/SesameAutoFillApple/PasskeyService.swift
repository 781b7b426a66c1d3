#if canImport(AuthenticationServices)
import AuthenticationServices
import SesameAutoFill

/// Where passkeys will go. The extension hands every passkey request here and completes with the credential it
/// returns, or cancels with the error it throws; nothing else in the shell knows about passkeys. Until the vault
/// holds passkeys, ``NoPasskeys`` declines them all.
///
/// A real service will need the core to store passkeys in items, write `ASPasskeyCredentialIdentity` entries to
/// the store (the system offers a provider's passkeys only then), and `ProvidesPasskeys` (and, for conditional
/// registration, `SupportsConditionalPasskeyRegistration`) in the extension's Info.plist.
@available(iOS 17.0, macOS 14.0, *)
@MainActor
public protocol PasskeyService {
    /// A sign-in with a passkey: without user interaction for a QuickType tap (no UI, `userInteractionRequired` to
    /// ask for it), after it once the system showed the extension.
    func assertion(for request: ASPasskeyCredentialRequest, mode: RequestMode) async throws(ProviderError)
        -> ASPasskeyAssertionCredential
    /// A new passkey: `conditional` is iOS 18's registration without UI (a passkey upgrade after a password fill),
    /// where `userInteractionRequired` counts as any other failure.
    func registration(for request: ASPasskeyCredentialRequest, conditional: Bool) async throws(ProviderError)
        -> ASPasskeyRegistrationCredential
}
#endif
