import Foundation

/// The one-time-code requests of iOS 18 (`prepareOneTimeCodeCredentialList(for:)`,
/// `ASOneTimeCodeCredentialRequest`), beside the four password requests and with the same rules: the list and the
/// no-UI request need a trusted session and never prompt; the request after an interface unlocks first; a stale
/// identity answers `credentialIdentityNotFound` and leaves the store.
extension CredentialProvider {
    /// The logins with a one-time code for a form's service identifiers, best first, without secrets.
    public func listOneTimeCodes(for identifiers: [ServiceIdentifier]) throws(ProviderError) -> [CredentialMatch] {
        let service = try useTrustedService()
        do throws(ServiceFailure) {
            return try service.match(identifiers).filter(\.hasOneTimeCode)
        } catch {
            throw Self.providerError(error)
        }
    }

    /// The current code of the login the user picked in the one-time-code list.
    public func oneTimeCode(forItemWithID id: UUID) async throws(ProviderError) -> OneTimeCode {
        try await code(itemID: id, tapped: nil, from: useTrustedService())
    }

    /// The code behind a tapped one-time-code suggestion: without user interaction only if the session is
    /// trusted, after it once unlocked, as ``credential(for:mode:)``.
    public func oneTimeCode(for identity: CredentialIdentity, mode: RequestMode) async throws(ProviderError) -> OneTimeCode {
        guard let id = identity.itemID else {
            await removeStale(identity)
            throw .credentialIdentityNotFound
        }
        return try await code(itemID: id, tapped: identity, from: useTrustedService(for: identity, mode: mode))
    }

    private func code(itemID id: UUID, tapped: CredentialIdentity?, from service: LocalVaultService)
        async throws(ProviderError) -> OneTimeCode
    {
        do throws(ServiceFailure) {
            return try service.oneTimeCode(for: id, at: now())
        } catch {
            if error.code == .notFound, let tapped { await removeStale(tapped, vault: service.vault) }
            throw Self.providerError(error)
        }
    }
}
