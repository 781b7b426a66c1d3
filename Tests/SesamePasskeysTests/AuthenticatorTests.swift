import Foundation
import SesameCrypto
import SesameAutoFill
import SesameStore
import Testing

/// The authenticator's own rules: what it makes, what it refuses, and the canonical bytes it emits.
@Suite struct AuthenticatorTests {
    func request(algorithms: [Int64] = [COSEAlgorithm.es256], userHandle: [UInt8] = [7, 0, 255],
                 hash: [UInt8] = Array(repeating: 1, count: 32)) -> PasskeyRegistrationRequest {
        PasskeyRegistrationRequest(relyingPartyID: "example.org", userName: "alice", userDisplayName: "Alice A.",
                                   userHandle: userHandle, clientDataHash: hash, algorithms: algorithms,
                                   userVerified: true)
    }

    @Test func aNewPasskeyIsSyncableES256WithAFreshID() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let first = try PasskeyAuthenticator.register(request(), now: now)
        let second = try PasskeyAuthenticator.register(request(), now: now)
        #expect(first.passkey.credentialID.count == 16)
        #expect(first.passkey.credentialID != second.passkey.credentialID)
        #expect(first.passkey.isBackupEligible && first.passkey.isBackedUp && first.passkey.signCount == 0)
        #expect(first.passkey.userHandle == [7, 0, 255] && first.passkey.userDisplayName == "Alice A.")
        #expect(first.passkey.created == now && first.passkey.lastUsed == nil)
        #expect(first.publicKey.count == 77 && first.algorithm == -7)
        // rpIdHash ‖ 0x5D (UP UV BE BS AT) ‖ counter 0 ‖ AAGUID ‖ 0x0010 ‖ id ‖ key.
        let data = first.authenticatorData
        #expect(Array(data.prefix(32)) == SHA256.hash(Array("example.org".utf8)))
        #expect(data[32] == 0x5D && Array(data[33..<37]) == [0, 0, 0, 0])
        #expect(Array(data[37..<53]) == PasskeyAuthenticator.aaguid && Array(data[53..<55]) == [0, 16])
        #expect(Array(data[55..<71]) == first.credentialID && Array(data[71...]) == first.publicKey)
        #expect(first.attestationObject == [0xa3, 0x63] + Array("fmt".utf8) + [0x64] + Array("none".utf8)
            + [0x67] + Array("attStmt".utf8) + [0xa0] + [0x68] + Array("authData".utf8) + [0x58, UInt8(data.count)] + data)
        // The key signs: an assertion verifies in RelyingPartyTests; here its flags follow the stored ones.
        let assertion = try PasskeyAuthenticator.assert(first.passkey, clientDataHash: Array(repeating: 2, count: 32),
                                                        userVerified: false, now: now.addingTimeInterval(60))
        #expect(assertion.authenticatorData.count == 37 && assertion.authenticatorData[32] == 0x19)
        #expect(assertion.updatedPasskey.lastUsed == now.addingTimeInterval(60))
    }

    @Test func requestsWithoutES256AreRefused() {
        #expect(throws: PasskeyError.unsupportedAlgorithms([-8, -257])) {
            try PasskeyAuthenticator.register(request(algorithms: [-8, -257]))
        }
        // No list at all means WebAuthn's default, which includes ES256.
        #expect(throws: Never.self) { try PasskeyAuthenticator.register(request(algorithms: [])) }
    }

    @Test func malformedRequestsAreRefused() {
        #expect(throws: PasskeyError.self) { try PasskeyAuthenticator.register(request(userHandle: [])) }
        #expect(throws: PasskeyError.self) { try PasskeyAuthenticator.register(request(userHandle: Array(repeating: 1, count: 65))) }
        #expect(throws: PasskeyError.self) { try PasskeyAuthenticator.register(request(hash: [1, 2, 3])) }
    }

    /// A stored key that is damaged or not P-256 fails at sign-in with a reason, never a crash.
    @Test func aDamagedKeyCannotSign() throws {
        var passkey = try PasskeyAuthenticator.register(request()).passkey
        let der = passkey.privateKey.withUnsafeBytes { Array($0) }
        passkey.privateKey = try JSONDecoder().decode(
            PasskeyPrivateKey.self, from: JSONEncoder().encode(Base64URL.encode(Array(der.dropLast(3)))))
        #expect(throws: PasskeyError.self) {
            try PasskeyAuthenticator.assert(passkey, clientDataHash: Array(repeating: 0, count: 32), userVerified: true)
        }
    }

    @Test func cborIsCanonical() {
        // Keys sorted length-first, then bytewise, whatever order they come in.
        let map = CBOR.map([(.text("authData"), .unsigned(1)), (.negative(-3), .unsigned(2)), (.text("fmt"), .unsigned(3)),
                            (.unsigned(1), .unsigned(4)), (.negative(-1), .unsigned(5))])
        #expect(map.encoded == [0xa5, 0x01, 0x04, 0x20, 0x05, 0x22, 0x02, 0x63] + Array("fmt".utf8) + [0x03, 0x68]
            + Array("authData".utf8) + [0x01])
        // Shortest heads.
        #expect(CBOR.unsigned(23).encoded == [0x17])
        #expect(CBOR.unsigned(24).encoded == [0x18, 24])
        #expect(CBOR.unsigned(256).encoded == [0x19, 1, 0])
        #expect(CBOR.unsigned(65_536).encoded == [0x1a, 0, 1, 0, 0])
        #expect(CBOR.unsigned(1 << 32).encoded == [0x1b, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(CBOR.integer(-7).encoded == [0x26])
        #expect(CBOR.integer(-25).encoded == [0x38, 24])
        #expect(CBOR.bytes(Array(repeating: 0, count: 32)).encoded.prefix(2) == [0x58, 0x20])
        #expect(CBOR.text("ü").encoded == [0x62, 0xc3, 0xbc])
    }

    @Test func clientDataEscapesAsTheSpecificationSays() {
        let json = String(decoding: ClientDataJSON.bytes(.assertion, challenge: [0xfb, 0xff], origin: "https://a\"b\\c\u{1}é"),
                          as: UTF8.self)
        #expect(json == #"{"type":"webauthn.get","challenge":"-_8","origin":"https://a\"b\\c\u0001é","crossOrigin":false}"#)
    }
}
