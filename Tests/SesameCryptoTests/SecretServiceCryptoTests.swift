import Foundation
import SesameCrypto
import Testing

/// DH in the RFC 2409 group and HKDF-SHA256: the Secret Service's `dh-ietf1024-sha256-aes128-cbc-pkcs7` session.
@Suite struct SecretServiceCryptoTests {
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    static func bytes(_ secure: SecureBytes) -> [UInt8] { secure.withUnsafeBytes { Array($0) } }

    @Test func hkdfMatchesRFC5869() throws {
        let ikm = SecureBytes(copying: [UInt8](repeating: 0x0b, count: 22))
        // Test case 1: salt and info.
        let one = try HKDF.sha256(key: ikm, salt: Self.hex("000102030405060708090a0b0c"), info: Self.hex("f0f1f2f3f4f5f6f7f8f9"), length: 42)
        #expect(Self.bytes(one) == Self.hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
        // Test case 3: no salt, no info (what the Secret Service uses).
        let three = try HKDF.sha256(key: ikm, length: 42)
        #expect(Self.bytes(three) == Self.hex("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"))
    }

    @Test func bothSidesAgreeOnOnePaddedSecret() throws {
        let alice = try OakleyGroup2KeyAgreement(), bob = try OakleyGroup2KeyAgreement()
        #expect(alice.publicKey.count == 128 && bob.publicKey.count == 128)
        #expect(alice.publicKey != bob.publicKey)
        let one = try alice.sharedSecret(peerPublicKey: bob.publicKey)
        let two = try bob.sharedSecret(peerPublicKey: alice.publicKey)
        #expect(one.count == 128)
        #expect(one.isEqual(to: two))
    }

    /// The generator as a peer key is a one-byte integer, and g^x is our own public key: so a short key is
    /// accepted and the secret comes back left-padded to 128 bytes, exactly as the public key is.
    @Test func shortPeerKeysWorkAndSecretsAreLeftPadded() throws {
        let agreement = try OakleyGroup2KeyAgreement()
        let secret = try agreement.sharedSecret(peerPublicKey: [0x02])
        #expect(Self.bytes(secret) == agreement.publicKey)
        let padded = try agreement.sharedSecret(peerPublicKey: [UInt8](repeating: 0, count: 127) + [0x02])
        #expect(padded.isEqual(to: secret))
    }

    @Test func degeneratePeerKeysAreRefused() throws {
        let agreement = try OakleyGroup2KeyAgreement()
        let prime = Self.hex("FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE65381FFFFFFFFFFFFFFFF")
        var primeMinusOne = prime
        primeMinusOne[127] -= 1
        for key in [[], [0], [1], primeMinusOne, prime, [UInt8](repeating: 0xff, count: 128), [UInt8](repeating: 1, count: 129)] {
            #expect(throws: CryptoError.keyAgreementFailed) { try agreement.sharedSecret(peerPublicKey: key) }
        }
    }
}
