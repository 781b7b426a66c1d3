import Foundation

/// The one-time-code requests of iOS 18 (`prepareOneTimeCodeCredentialList(for:)`,
/// `ASOneTimeCodeCredentialRequest`), beside the four password requests and with the same rules: the list and the
/// no-UI request need a trusted session and never prompt; the request after an interface unlocks first; a stale
/// identity answers `credentialIdentityNotFound` and leaves the store.
extension CredentialProvider {
    /// The logins with a one-time code for a form's service identifiers, best first, without secrets.
    public func listOneTimeCodes(for identifiers: [ServiceIdentifier]) throws(ProviderError) -> [CredentialMatch] {
        guard session.isTrusted else { throw .userInteractionRequired }
        do throws(ServiceFailure) {
            return try session.trustedService().match(identifiers).filter(\.hasOneTimeCode)
        } catch {
            throw Self.providerError(error)
        }
    }

    /// The current code of the login the user picked in the one-time-code list.
    public func oneTimeCode(forItemWithID id: UUID) async throws(ProviderError) -> OneTimeCode {
        guard session.isTrusted else { throw .userInteractionRequired }
        return try await code(itemID: id, tapped: nil)
    }

    /// The code behind a tapped one-time-code suggestion, only if the session is trusted.
    public func oneTimeCodeWithoutUserInteraction(for identity: CredentialIdentity) async throws(ProviderError) -> OneTimeCode {
        guard let id = identity.itemID else {
            await removeStale(identity)
            throw .credentialIdentityNotFound
        }
        guard session.isTrusted else { throw .userInteractionRequired }
        return try await code(itemID: id, tapped: identity)
    }

    /// The code behind a suggestion, after unlocking through the authenticator if the session is not trusted.
    public func oneTimeCodeAfterAuthentication(for identity: CredentialIdentity) async throws(ProviderError) -> OneTimeCode {
        guard let id = identity.itemID else {
            await removeStale(identity)
            throw .credentialIdentityNotFound
        }
        if !session.isTrusted { try await authenticate(for: .fill(identity)) }
        return try await code(itemID: id, tapped: identity)
    }

    private func code(itemID id: UUID, tapped: CredentialIdentity?) async throws(ProviderError) -> OneTimeCode {
        do throws(ServiceFailure) {
            return try session.trustedService().oneTimeCode(for: id, at: now())
        } catch {
            if error.code == .notFound, let tapped { await removeStale(tapped) }
            throw Self.providerError(error)
        }
    }
}
