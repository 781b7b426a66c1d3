import Foundation
import SesameStore

/// Passkey requests, as iOS makes them (`ASPasskeyCredentialRequest`): the system checked the relying party against
/// the site's associated domains and hashed the client data; the vault makes and signs.
///
/// ```
/// passkeySignIn(for:…, .withoutUserInteraction) → PasskeySignIn | userInteractionRequired (locked, or UV required)
/// passkeySignIn(for:…, .afterUserInteraction)   → authenticate when needed, then PasskeySignIn | userCanceled | failed
/// passkeys(for:allowing:) + passkeySignIn(withPasskey:…)   the list: the person picks one
/// registerPasskey(…, conditional: false)          → authenticate when needed, PasskeyCreated | matchedExcludedCredential
/// registerPasskey(…, conditional: true)           → no UI: only for a trusted session and a password filled recently
/// ```
///
/// User verification (the UV flag) is claimed only when the person unlocked for this request; a relying party
/// that requires it makes a request without UI ask for UI, and one with UI ask for the master password or
/// biometry even when the session is trusted.
extension CredentialProvider {
    /// How recently the person must have filled the password of the account for a conditional registration:
    /// Apple asks providers to make a passkey without UI only right after a password sign-in.
    public static let conditionalRegistrationWindow: TimeInterval = 5 * 60

    /// The passkey behind a tapped suggestion signs the sign-in.
    public func passkeySignIn(
        for identity: CredentialIdentity, clientDataHash: [UInt8], userVerification: UserVerificationPreference,
        mode: RequestMode
    ) async throws(ProviderError) -> PasskeySignIn {
        guard identity.kind == .passkey, identity.itemID != nil, !identity.credentialID.isEmpty else {
            await removeStale(identity)
            throw .credentialIdentityNotFound
        }
        let relyingPartyID = identity.serviceIdentifier.identifier
        let (service, verified) = try await verifiedService(
            for: relyingPartyID, userVerification: userVerification, mode: mode)
        do throws(ProviderError) {
            return try await signIn(
                service, relyingPartyID: relyingPartyID, allowing: [identity.credentialID],
                clientDataHash: clientDataHash, userVerified: verified)
        } catch .credentialIdentityNotFound {
            await removeStale(identity, vault: service.vault)
            throw .credentialIdentityNotFound
        }
    }

    /// The passkeys the list offers for a relying party (its `allowCredentials`, when it gave any), most
    /// recently used first. Locked: `userInteractionRequired`, as for ``list(for:)``.
    public func passkeys(for relyingPartyID: String, allowing allowedCredentialIDs: [[UInt8]])
        throws(ProviderError) -> [PasskeyListing]
    {
        let allowed = Set(allowedCredentialIDs)
        let service = try useTrustedService()
        do throws(ServiceFailure) {
            return try service.passkeys(for: relyingPartyID)
                .filter { allowed.isEmpty || allowed.contains($0.passkey.credentialID) }
                .sorted { ($0.passkey.lastUsed ?? $0.passkey.created) > ($1.passkey.lastUsed ?? $1.passkey.created) }
        } catch {
            throw Self.providerError(error)
        }
    }

    /// The passkey the person picked in the list signs the sign-in.
    public func passkeySignIn(
        withPasskey credentialID: [UInt8], relyingPartyID: String, clientDataHash: [UInt8],
        userVerification: UserVerificationPreference
    ) async throws(ProviderError) -> PasskeySignIn {
        let (service, verified) = try await verifiedService(
            for: relyingPartyID, userVerification: userVerification, mode: .afterUserInteraction)
        return try await signIn(
            service, relyingPartyID: relyingPartyID, allowing: [credentialID], clientDataHash: clientDataHash,
            userVerified: verified)
    }

    /// Makes a passkey for the relying party and keeps it in the login of `https://` + its id for the user name
    /// (a new login when none); the store gets its identity at once.
    ///
    /// - Parameters:
    ///   - request: its `userVerified` is ignored: the provider knows whether the person unlocked.
    ///   - conditional: iOS 18's registration without UI after a password sign-in: only when the session is
    ///     trusted, the relying party does not require user verification, and the person filled that account's
    ///     password within ``conditionalRegistrationWindow``; anything else is `failed` (never
    ///     `userInteractionRequired`, which means nothing to the system there).
    public func registerPasskey(
        _ request: PasskeyRegistrationRequest, excluding excludedCredentialIDs: [[UInt8]],
        userVerification: UserVerificationPreference, conditional: Bool
    ) async throws(ProviderError) -> PasskeyCreated {
        let service: LocalVaultService
        var request = request
        if conditional {
            guard userVerification != .required, let trusted = try? useTrustedService(),
                  (try? trusted.filledLoginRecently(
                      relyingPartyID: request.relyingPartyID, userName: request.userName,
                      within: Self.conditionalRegistrationWindow)) == true
            else { throw .failed }
            service = trusted
            request.userVerified = false
        } else {
            (service, request.userVerified) = try await verifiedService(
                for: request.relyingPartyID, userVerification: userVerification, mode: .afterUserInteraction)
        }
        let result: Result<PasskeyCreated, PasskeyRefusal>
        do throws(ServiceFailure) {
            result = try service.createPasskey(
                request, site: "https://" + request.relyingPartyID, excluding: excludedCredentialIDs)
        } catch {
            throw Self.providerError(error) == .userInteractionRequired ? .failed : Self.providerError(error)
        }
        switch result {
        case .success(let created):
            await flushIdentities(vault: service.vault)
            return created
        case .failure(.excludedCredential): throw .matchedExcludedCredential
        case .failure: throw .failed
        }
    }

    // MARK: - Steps

    /// The trusted service for a passkey request, and whether the person was verified for it: without UI, never
    /// (and a relying party that requires it gets `userInteractionRequired`); with UI, an unlock when the
    /// session is not trusted, or when the relying party requires verification this request has not done.
    private func verifiedService(
        for relyingPartyID: String, userVerification: UserVerificationPreference, mode: RequestMode
    ) async throws(ProviderError) -> (LocalVaultService, verified: Bool) {
        switch mode {
        case .withoutUserInteraction:
            if userVerification == .required { throw .userInteractionRequired }
            return (try useTrustedService(), false)
        case .afterUserInteraction:
            if userVerification == .required, !hasVerifiedUser { try await authenticate(for: .passkey(relyingPartyID)) }
            let service = try await useTrustedService(authenticatingFor: .passkey(relyingPartyID))
            return (service, hasVerifiedUser)
        }
    }

    private func signIn(
        _ service: LocalVaultService, relyingPartyID: String, allowing allowedCredentialIDs: [[UInt8]],
        clientDataHash: [UInt8], userVerified: Bool
    ) async throws(ProviderError) -> PasskeySignIn {
        let result: Result<PasskeySignIn, PasskeyRefusal>
        do throws(ServiceFailure) {
            result = try service.signInWithPasskey(
                for: relyingPartyID, allowedCredentialIDs: allowedCredentialIDs, clientDataHash: clientDataHash,
                userVerified: userVerified)
        } catch {
            throw Self.providerError(error)
        }
        switch result {
        case .success(let signIn):
            await flushIdentities(vault: service.vault)
            return signIn
        case .failure(.noPasskey): throw .credentialIdentityNotFound
        case .failure: throw .failed
        }
    }
}
