import Foundation
import SesameStore

/// Making and using passkeys, for both shells: the iOS extension (the system checked the relying party against
/// the app's associated domains) and the browser host (which checked the page's origin by the browser's rules
/// first). Here the vault decides the rest: exclusion, which passkey signs, which login keeps a new one.
extension LocalVaultService {
    /// Makes a passkey and keeps it in the login of `site` for the request's user name, replacing one of the same
    /// relying party and user handle there (an authenticator holds one credential per account); a new login when
    /// there is none.
    ///
    /// - Parameters:
    ///   - site: the address the login is for (the page's origin; `https://` and the relying party id on iOS).
    ///   - excludedCredentialIDs: the credentials the relying party already holds for this account; when one is
    ///     this vault's, no passkey is made (it would duplicate the account's).
    public func createPasskey(
        _ request: PasskeyRegistrationRequest, site: String, excluding excludedCredentialIDs: [[UInt8]]
    ) throws(ServiceFailure) -> Result<PasskeyCreated, PasskeyRefusal> {
        if let refusal = try refusal(of: request, excluding: excludedCredentialIDs) { return .failure(refusal) }
        let registration: PasskeyRegistration
        do {
            registration = try PasskeyAuthenticator.register(request, now: now())
        } catch .unsupportedAlgorithms {
            return .failure(.unsupportedAlgorithms)
        } catch .invalidRequest {
            return .failure(.invalidRequest)
        } catch {
            throw ServiceFailure(.unavailable, error.description)
        }
        try keep(registration.passkey, site: site)
        return .success(PasskeyCreated(
            credentialID: registration.credentialID, authenticatorData: registration.authenticatorData,
            attestationObject: registration.attestationObject))
    }

    /// Signs a sign-in for `relyingPartyID` with the passkey it allows (the most recently used one when several
    /// do: the one the person signed in with last on this site), and records the use.
    ///
    /// - Parameter allowedCredentialIDs: the relying party's `allowCredentials`, or the one passkey the person
    ///   picked; empty lets any passkey of the relying party sign (a discoverable credential).
    public func signInWithPasskey(
        for relyingPartyID: String, allowedCredentialIDs: [[UInt8]], clientDataHash: [UInt8], userVerified: Bool
    ) throws(ServiceFailure) -> Result<PasskeySignIn, PasskeyRefusal> {
        guard let chosen = try passkeyToSign(for: relyingPartyID, allowedCredentialIDs: allowedCredentialIDs) else {
            return .failure(.noPasskey)
        }

        var assertion: PasskeyAssertion?
        do {
            _ = try vault.updateItem(withID: chosen.itemID, now: now()) { item in
                guard let index = item.passkeys.firstIndex(where: {
                    $0.credentialID == chosen.passkey.credentialID && $0.relyingPartyID == relyingPartyID
                }) else { throw ServiceFailure(.notFound, "The passkey changed meanwhile; try again.") }
                let signed = try PasskeyAuthenticator.assert(
                    item.passkeys[index], clientDataHash: clientDataHash, userVerified: userVerified, now: now())
                item.passkeys[index] = signed.updatedPasskey
                assertion = signed
            }
        } catch PasskeyError.invalidRequest {
            return .failure(.invalidRequest)
        } catch {
            throw ServiceFailure(error)
        }
        guard let assertion else { throw ServiceFailure(.storage, "The sign-in was not recorded.") }
        // A use, not an edit: the item's suggestions are the same, only the passkey's rank moved. As `.items`
        // it made the extension (which keeps no snapshot) rebuild the whole store on every passkey tap.
        onChange?(.usage(chosen.itemID))
        return .success(PasskeySignIn(
            credentialID: assertion.credentialID, authenticatorData: assertion.authenticatorData,
            signature: assertion.signature, userHandle: assertion.userHandle))
    }

    /// Why `createPasskey` would refuse `request` (no ES256, a field out of bounds, an excluded credential of this
    /// vault), checked without making a key; nil when it would make one. A shell that asks the person first checks
    /// this before asking.
    public func refusal(of request: PasskeyRegistrationRequest, excluding excludedCredentialIDs: [[UInt8]])
        throws(ServiceFailure) -> PasskeyRefusal?
    {
        let excluded = Set(excludedCredentialIDs)
        if !excluded.isEmpty,
           try passkeys(for: request.relyingPartyID).contains(where: { excluded.contains($0.passkey.credentialID) })
        {
            return .excludedCredential
        }
        do {
            try PasskeyAuthenticator.validate(request)
        } catch .unsupportedAlgorithms {
            return .unsupportedAlgorithms
        } catch {
            return .invalidRequest
        }
        return nil
    }

    /// The passkey `signInWithPasskey` would sign with: of those `allowedCredentialIDs` allows (all of the relying
    /// party's when empty), the most recently used one; nil when there is none. A shell that asks the person first
    /// names this one, then signs with it alone.
    public func passkeyToSign(for relyingPartyID: String, allowedCredentialIDs: [[UInt8]])
        throws(ServiceFailure) -> PasskeyListing?
    {
        let allowed = Set(allowedCredentialIDs)
        return try passkeys(for: relyingPartyID)
            .filter { allowed.isEmpty || allowed.contains($0.passkey.credentialID) }
            .max {
                ($0.passkey.lastUsed ?? $0.passkey.created, $0.itemID.uuidString)
                    < ($1.passkey.lastUsed ?? $1.passkey.created, $1.itemID.uuidString)
            }
    }

    /// Whether the person filled the password of `userName`'s login for `relyingPartyID`'s site within
    /// `interval`: what iOS 18's conditional registration (a passkey made without UI after a password sign-in)
    /// asks a provider to check first.
    public func filledLoginRecently(
        relyingPartyID: String, userName: String, within interval: TimeInterval
    ) throws(ServiceFailure) -> Bool {
        let since = now().addingTimeInterval(-interval)
        return try match([ServiceIdentifier("https://" + relyingPartyID, kind: .url)]).contains {
            $0.match <= .subdomain && $0.username == userName && ($0.lastUsed.map { $0 >= since } ?? false)
        }
    }

    /// Keeps a new passkey in the login of `site` for its user name: a login whose address is that site's
    /// host or a subdomain of it (not one that only shares the registrable domain, nor an equivalent domain's).
    private func keep(_ passkey: Passkey, site: String) throws(ServiceFailure) {
        if let problem = passkey.problem {
            throw ServiceFailure(.invalidInput, "The passkey cannot be kept: \(problem).")
        }
        let owner = try match([ServiceIdentifier(site, kind: .url)])
            .first { $0.match <= .subdomain && $0.username == passkey.userName }
        if let owner {
            do {
                _ = try vault.updateItem(withID: owner.id, now: now()) { item in
                    item.passkeys.removeAll {
                        $0.relyingPartyID == passkey.relyingPartyID && $0.userHandle == passkey.userHandle
                    }
                    item.passkeys.append(passkey)
                }
            } catch {
                throw ServiceFailure(error)
            }
            onChange?(.items([owner.id]))
            return
        }
        _ = try add(Item(
            title: passkey.relyingPartyID, username: passkey.userName, urls: [ItemURL(site)], passkeys: [passkey]))
    }
}
