import Foundation
import SesameCrypto
import SesameAutoFill
import SesameStore
import Testing

/// Register → sign in, checked by relying-party libraries nobody here wrote (py_webauthn and Yubico's python-fido2,
/// through Scripts/relying_party.py), and the mistakes they must refuse.
@Suite(.enabled(if: RelyingParties.missingLibrary == nil,
                "needs py_webauthn and python-fido2 from PyPI (scripts/packages.sh build run test installs them)"))
struct RelyingPartyTests {
    /// A registration as the browser path makes it: client data from the page's origin and the relying party's
    /// challenge, its hash handed to the authenticator.
    static func register(_ testCase: inout RelyingPartyCase, userVerified: Bool = true,
                         rpID: String = "example.org") throws -> PasskeyRegistration {
        let challenge = SecureRandom.bytes(count: 32)
        let clientData = ClientDataJSON.bytes(.registration, challenge: challenge, origin: testCase.origin)
        let registration = try PasskeyAuthenticator.register(PasskeyRegistrationRequest(
            relyingPartyID: rpID, userName: "alice@example.org", userDisplayName: "Alice",
            userHandle: Array("user-4711".utf8), clientDataHash: SHA256.hash(clientData),
            algorithms: [COSEAlgorithm.rs256, COSEAlgorithm.es256], userVerified: userVerified))
        testCase.credentialId = Base64URL.encode(registration.credentialID)
        testCase.register(registration, challenge: challenge, clientDataJSON: clientData)
        return registration
    }

    @Test func registrationAndSignInsAreAcceptedByBothLibraries() throws {
        var verified = RelyingPartyCase(name: "verified", credentialID: [])
        verified.requireUserVerification = true
        let first = try Self.register(&verified)
        for _ in 0..<3 { _ = try verified.signIn(with: first.passkey) }

        var unverified = RelyingPartyCase(name: "unverified", credentialID: [])
        let second = try Self.register(&unverified, userVerified: false)
        _ = try unverified.signIn(with: second.passkey, userVerified: false)

        let verdicts = try RelyingParties.verify([verified, unverified])
        for name in ["verified", "unverified"] {
            let verdict = try #require(verdicts[name])
            #expect(verdict.bothAcceptedEverything, "\(name): \(verdict)")
            #expect(verdict.webauthn.assertions.count == (name == "verified" ? 3 : 1))
        }
    }

    /// The vector's own registration, then a sign-in signed by Sesame with the vector's key.
    @Test func theVectorsKeySignsInWithSesamesSignature() throws {
        let vector = try W3CVector.load()
        var testCase = RelyingPartyCase(name: "w3c", credentialID: hex(vector.registration.credentialId))
        testCase.registration = .init(
            challenge: Base64URL.encode(hex(vector.registration.challenge)),
            clientDataJSON: Base64URL.encode(hex(vector.registration.clientDataJSON)),
            attestationObject: Base64URL.encode(hex(vector.registration.attestationObject)))
        // The vector's own sign-in first (a control: the harness accepts a known-good signature).
        testCase.assertions.append(.init(
            challenge: Base64URL.encode(hex(vector.authentication.challenge)),
            clientDataJSON: Base64URL.encode(hex(vector.authentication.clientDataJSON)),
            authenticatorData: Base64URL.encode(hex(vector.authentication.authenticatorData)),
            signature: Base64URL.encode(hex(vector.authentication.signature)), userHandle: nil))
        _ = try testCase.signIn(with: try vector.passkey(), userVerified: false)
        let verdict = try #require(try RelyingParties.verify([testCase])["w3c"])
        #expect(verdict.bothAcceptedEverything, "\(verdict)")
        #expect(verdict.fido2.assertions.count == 2)
    }

    /// What must fail: an authenticator data hashed for another relying party, a flipped signature byte, client
    /// data from another origin, and a COSE key whose x coordinate is 33 bytes (the uncompressed point's 0x04 kept by
    /// an off-by-one slice). Both libraries accept that registration and refuse every sign-in with it, which is why
    /// the whole round trip is tested. (A 33-byte x with a leading zero keeps its value, and both accept it.)
    @Test func mistakesAreRefused() throws {
        var cases: [RelyingPartyCase] = []

        var wrongHash = RelyingPartyCase(name: "wrong rp id hash", credentialID: [])
        let registered = try Self.register(&wrongHash)
        var elsewhere = registered.passkey
        elsewhere.relyingPartyID = "example.com"
        _ = try wrongHash.signIn(with: elsewhere)
        cases.append(wrongHash)

        var flipped = RelyingPartyCase(name: "flipped signature byte", credentialID: [])
        let second = try Self.register(&flipped)
        _ = try flipped.signIn(with: second.passkey)
        var signature = try #require(Base64URL.decode(flipped.assertions[0].signature))
        signature[signature.count / 2] ^= 0x01
        flipped.assertions[0].signature = Base64URL.encode(signature)
        cases.append(flipped)

        var otherOrigin = RelyingPartyCase(name: "client data from another origin", credentialID: [])
        let third = try Self.register(&otherOrigin)
        otherOrigin.origin = "https://evil.example"
        _ = try otherOrigin.signIn(with: third.passkey)
        otherOrigin.origin = "https://example.org"
        cases.append(otherOrigin)

        var wideCoordinate = RelyingPartyCase(name: "33-byte x coordinate", credentialID: [])
        let fourth = try Self.register(&wideCoordinate)
        let key = try fourth.passkey.privateKey.signingKey().publicKey
        let wideKey = CBOR.map([
            (.unsigned(1), .unsigned(2)), (.unsigned(3), .integer(-7)), (.negative(-1), .unsigned(1)),
            (.negative(-2), .bytes(Array(key.uncompressed[0...32]))), (.negative(-3), .bytes(key.y)),
        ]).encoded
        #expect(wideKey.count == 78)
        let flags = AuthenticatorData.flags(for: fourth.passkey, userVerified: true)
        let authenticatorData = AuthenticatorData(
            relyingPartyID: "example.org", flags: flags, signCount: 0,
            attestedCredential: .init(aaguid: PasskeyAuthenticator.aaguid, credentialID: fourth.credentialID,
                                      publicKey: wideKey)).bytes
        wideCoordinate.registration?.attestationObject =
            Base64URL.encode(AttestationObject.none(authenticatorData: authenticatorData))
        _ = try wideCoordinate.signIn(with: fourth.passkey)
        cases.append(wideCoordinate)

        let verdicts = try RelyingParties.verify(cases)
        for testCase in cases {
            let verdict = try #require(verdicts[testCase.name])
            #expect(!verdict.webauthn.acceptedEverything, "py_webauthn accepted \(testCase.name): \(verdict.webauthn)")
            #expect(!verdict.fido2.acceptedEverything, "python-fido2 accepted \(testCase.name): \(verdict.fido2)")
        }
        // The registrations themselves were accepted, the 33-byte one included: each refusal is the sign-in's.
        for name in ["wrong rp id hash", "flipped signature byte", "client data from another origin", "33-byte x coordinate"] {
            #expect(verdicts[name]?.webauthn.registration == "ok" && verdicts[name]?.fido2.registration == "ok")
        }
    }

    /// A passkey imported with a counter counts on from it, and relying parties that stored the count accept it;
    /// sending the stored count again is refused.
    @Test func anImportedCounterCountsUp() throws {
        var counting = RelyingPartyCase(name: "counting", credentialID: [])
        let registration = try Self.register(&counting)
        var passkey = registration.passkey
        passkey.signCount = 41
        counting.registration = nil
        counting.publicKey = Base64URL.encode(registration.publicKey)
        counting.signCount = 41
        let first = try counting.signIn(with: passkey)
        #expect(first.updatedPasskey.signCount == 42)
        _ = try counting.signIn(with: first.updatedPasskey)

        var stale = RelyingPartyCase(name: "stale", credentialID: registration.credentialID)
        stale.publicKey = counting.publicKey
        stale.signCount = 42
        _ = try stale.signIn(with: passkey)

        let verdicts = try RelyingParties.verify([counting, stale])
        #expect(verdicts["counting"]?.webauthn.acceptedEverything == true, "\(String(describing: verdicts["counting"]))")
        #expect(verdicts["stale"]?.webauthn.acceptedEverything == false)
    }
}
