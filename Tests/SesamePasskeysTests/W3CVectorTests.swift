import Foundation
import SesameCrypto
import SesameAutoFill
import SesameStore
import Testing

/// The W3C WebAuthn Level 3 §16 vector "ES256 Credential with No Attestation": from the vector's key, credential id
/// and AAGUID, Sesame's encoders give the vector's bytes exactly. Signatures use a random nonce here (the vector's
/// are RFC 6979 deterministic), so Sesame's are checked by the relying-party libraries instead
/// (`RelyingPartyTests.theVectorsKeySignsInWithSesamesSignature`).
@Suite struct W3CVectorTests {
    let vector: W3CVector

    init() throws { vector = try W3CVector.load() }

    @Test func attestationObjectIsTheVectorsByteForByte() throws {
        let passkey = try vector.passkey()
        let signingKey = try passkey.privateKey.signingKey()
        let publicKey = COSEKey.es256(signingKey.publicKey)
        // The vector registers without user verification, backup eligible and backed up: flags 0x59.
        let flags = AuthenticatorData.flags(for: passkey, userVerified: false)
        let authenticatorData = AuthenticatorData(
            relyingPartyID: vector.rpId, flags: flags, signCount: 0,
            attestedCredential: .init(aaguid: hex(vector.registration.aaguid), credentialID: passkey.credentialID,
                                      publicKey: publicKey)
        ).bytes
        #expect(authenticatorData[32] == 0x59)
        #expect(hexString(AttestationObject.none(authenticatorData: authenticatorData)) == vector.registration.attestationObject)
    }

    @Test func coseKeyIs77BytesAndSitsInTheVector() throws {
        let key = COSEKey.es256(try vector.passkey().privateKey.signingKey().publicKey)
        #expect(key.count == 77)
        #expect(Array(key.prefix(10)) == [0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20])
        #expect(Array(key[42..<45]) == [0x22, 0x58, 0x20])
        #expect(vector.registration.attestationObject.hasSuffix(hexString(key)))
    }

    @Test func assertionAuthenticatorDataIsTheVectors() throws {
        let passkey = try vector.passkey()
        let clientData = hex(vector.authentication.clientDataJSON)
        let assertion = try PasskeyAuthenticator.assert(passkey, clientDataHash: SHA256.hash(clientData), userVerified: false)
        #expect(hexString(assertion.authenticatorData) == vector.authentication.authenticatorData)
        #expect(assertion.credentialID == hex(vector.registration.credentialId))
        #expect(assertion.updatedPasskey.signCount == 0)
    }

    @Test func relyingPartyIDHashIsSHA256OfTheID() {
        #expect(hexString(AuthenticatorData(relyingPartyID: "example.org", flags: [], signCount: 0).relyingPartyIDHash)
                == String(vector.authentication.authenticatorData.prefix(64)))
    }

    /// The browser path builds client data itself: from the vector's origin and challenge it gives the vector's
    /// clientDataJSON (the authentication one has no extra fields; the registration one adds `extraData` after
    /// Sesame's four, which relying parties must ignore).
    @Test func clientDataJSONFromOriginAndChallenge() {
        let get = ClientDataJSON.bytes(.assertion, challenge: hex(vector.authentication.challenge), origin: vector.origin)
        #expect(hexString(get) == vector.authentication.clientDataJSON)
        let create = ClientDataJSON.bytes(.registration, challenge: hex(vector.registration.challenge), origin: vector.origin)
        #expect(vector.registration.clientDataJSON.hasPrefix(hexString(Array(create.dropLast()))))
    }

    /// Sesame's signatures are DER `SEQUENCE { INTEGER r, INTEGER s }` (what relying parties verify), never raw r‖s.
    @Test func signaturesAreDER() throws {
        let passkey = try vector.passkey()
        for _ in 0..<32 {
            let signature = try PasskeyAuthenticator.assert(passkey, clientDataHash: SecureRandom.bytes(count: 32),
                                                            userVerified: true).signature
            #expect(signature.count <= 72)
            #expect(signature[0] == 0x30 && Int(signature[1]) == signature.count - 2 && signature[2] == 0x02)
            let rLength = Int(signature[3])
            #expect(signature[4 + rLength] == 0x02 && Int(signature[5 + rLength]) == signature.count - 6 - rLength)
        }
    }
}
