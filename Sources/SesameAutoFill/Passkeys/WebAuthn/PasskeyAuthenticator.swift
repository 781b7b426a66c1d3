import Foundation
import SesameCrypto
import SesameStore

/// The authenticator both shells share: it makes passkeys (registration) and signs with them (assertion). It holds
/// no state and knows no vault; the caller stores what it returns.
public enum PasskeyAuthenticator {
    /// Sesame's AAGUID (1b6ea126-2734-4707-a300-926af1c9dc93), chosen at random once, so relying parties can name
    /// the provider in a list of passkeys.
    public static let aaguid: [UInt8] = [
        0x1b, 0x6e, 0xa1, 0x26, 0x27, 0x34, 0x47, 0x07, 0xa3, 0x00, 0x92, 0x6a, 0xf1, 0xc9, 0xdc, 0x93,
    ]

    /// A new passkey: a random 16-byte credential id (the size of a UUID, so Bitwarden writes it as one), a fresh
    /// P-256 key, BE and BS set, counter 0, and its attestation object (fmt "none").
    public static func register(_ request: PasskeyRegistrationRequest, now: Date = Date()) throws(PasskeyError)
        -> PasskeyRegistration
    {
        try validate(request)
        let made: (key: PasskeyPrivateKey, signingKey: P256SigningKey)
        do {
            made = try PasskeyPrivateKey.generate()
        } catch {
            throw .unusableKey(error.description)
        }
        let passkey = Passkey(
            credentialID: SecureRandom.bytes(count: 16), relyingPartyID: request.relyingPartyID,
            userHandle: request.userHandle, userName: request.userName, userDisplayName: request.userDisplayName,
            privateKey: made.key, isBackupEligible: true, isBackedUp: true, signCount: 0, created: now)
        let publicKey = COSEKey.es256(made.signingKey.publicKey)
        let flags = AuthenticatorData.flags(for: passkey, userVerified: request.userVerified)
        let authenticatorData = AuthenticatorData(
            relyingPartyID: passkey.relyingPartyID, flags: flags, signCount: passkey.signCount,
            attestedCredential: .init(aaguid: aaguid, credentialID: passkey.credentialID, publicKey: publicKey)
        ).bytes
        return PasskeyRegistration(
            passkey: passkey, authenticatorData: authenticatorData,
            attestationObject: AttestationObject.none(authenticatorData: authenticatorData), publicKey: publicKey)
    }

    /// Signs a sign-in with `passkey`: authenticator data for its relying party (UP, UV when verified, its BE and
    /// BS), then ECDSA over `authenticatorData ‖ clientDataHash`.
    ///
    /// The counter: 0 stays 0 (Sesame's passkeys, and every synced provider's). A passkey imported with a counter
    /// above 0 sends the next number and returns it in ``PasskeyAssertion/updatedPasskey``, since its relying party
    /// refuses a counter that does not grow.
    public static func assert(
        _ passkey: Passkey, clientDataHash: [UInt8], userVerified: Bool, now: Date = Date()
    ) throws(PasskeyError) -> PasskeyAssertion {
        try check(clientDataHash: clientDataHash)
        let signingKey: P256SigningKey
        do {
            signingKey = try passkey.privateKey.signingKey()
        } catch {
            throw .unusableKey(error.description)
        }
        var updated = passkey
        updated.lastUsed = now
        if passkey.signCount > 0, passkey.signCount < .max { updated.signCount += 1 }
        let authenticatorData = AuthenticatorData(
            relyingPartyID: passkey.relyingPartyID, flags: AuthenticatorData.flags(for: passkey, userVerified: userVerified),
            signCount: updated.signCount
        ).bytes
        let signature: [UInt8]
        do {
            signature = try signingKey.signature(for: authenticatorData + clientDataHash)
        } catch {
            throw .unusableKey(error.description)
        }
        return PasskeyAssertion(
            authenticatorData: authenticatorData, signature: signature, credentialID: passkey.credentialID,
            userHandle: passkey.userHandle, updatedPasskey: updated)
    }

    /// What `register` refuses before it makes a key: no ES256 among the algorithms, or a field out of bounds.
    /// Callers that ask the person first check with this, so that nobody confirms a request that cannot succeed.
    public static func validate(_ request: PasskeyRegistrationRequest) throws(PasskeyError) {
        let algorithms = COSEAlgorithm.effective(request.algorithms)
        guard algorithms.contains(COSEAlgorithm.es256) else { throw .unsupportedAlgorithms(request.algorithms) }
        try check(clientDataHash: request.clientDataHash)
        guard !request.relyingPartyID.isEmpty, request.relyingPartyID.utf8.count <= 253 else {
            throw .invalidRequest("the relying party id is empty or longer than a domain name can be")
        }
        guard !request.userHandle.isEmpty, request.userHandle.count <= Passkey.maximumUserHandleByteCount else {
            throw .invalidRequest("the user handle must be 1 to \(Passkey.maximumUserHandleByteCount) bytes")
        }
        for name in [request.userName, request.userDisplayName] where name.utf8.count > Passkey.maximumTextByteCount {
            throw .invalidRequest("a user name is longer than \(Passkey.maximumTextByteCount) bytes")
        }
    }

    private static func check(clientDataHash: [UInt8]) throws(PasskeyError) {
        guard clientDataHash.count == SHA256.byteCount else {
            throw .invalidRequest("the client data hash is \(clientDataHash.count) bytes, not 32")
        }
    }
}
