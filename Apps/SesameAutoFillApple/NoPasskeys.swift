#if canImport(AuthenticationServices)
import AuthenticationServices
import SesameAutoFill

/// The vault holds no passkeys yet: every passkey request fails at once, without UI, with `.failed` (a declined
/// conditional registration included: `userInteractionRequired` would mean nothing more to the system there).
@available(iOS 17.0, macOS 14.0, *)
public struct NoPasskeys: PasskeyService {
    public nonisolated init() {}

    public func assertion(for request: ASPasskeyCredentialRequest, mode: RequestMode) async throws(ProviderError)
        -> ASPasskeyAssertionCredential
    {
        throw .failed
    }

    public func registration(for request: ASPasskeyCredentialRequest, conditional: Bool) async throws(ProviderError)
        -> ASPasskeyRegistrationCredential
    {
        throw .failed
    }
}
#endif
