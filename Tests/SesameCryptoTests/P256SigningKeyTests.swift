import Foundation
import Testing
@testable import SesameCrypto

private func bytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
}

/// ES256 keys from the platform's library (OpenSSL here): PKCS#8 in and out, coordinates always 32 bytes, DER
/// signatures, and every other kind of key refused.
@Suite struct P256SigningKeyTests {
    /// A P-256 key (made by Python's `cryptography`) whose public x coordinate starts with a zero byte.
    static let leadingZeroKey = bytes("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420310ade344b5adb009c4cf90c3e7f67201eec90bfd3bb5aba6e166ade30869ec8a14403420004009aef6a1c6280af7d3ffde0743e57228779d4ca463bcd7f15a1f027e9090dbc93466b1875aad9d8eeada68a167e977d0ee29c59da44702858553a012948a561")
    static let leadingZeroX = bytes("009aef6a1c6280af7d3ffde0743e57228779d4ca463bcd7f15a1f027e9090dbc")

    @Test func aGeneratedKeyRoundTripsThroughPKCS8AndSigns() throws {
        let key = try P256SigningKey.generate()
        let der = try key.pkcs8()
        let again = try der.withUnsafeBytes { try P256SigningKey(pkcs8: $0) }
        #expect(again.publicKey == key.publicKey)
        #expect(key.publicKey.uncompressed.count == 65 && key.publicKey.uncompressed[0] == 4)
        let first = try key.signature(for: [1, 2, 3]), second = try key.signature(for: [1, 2, 3])
        #expect(first != second, "ECDSA nonces are random")
        #expect(first[0] == 0x30 && first.count <= 72 && Int(first[1]) == first.count - 2)
    }

    @Test func aCoordinateWithALeadingZeroIsStill32Bytes() throws {
        let key = try P256SigningKey(pkcs8: Self.leadingZeroKey)
        #expect(key.publicKey.x == Self.leadingZeroX)
        #expect(key.publicKey.x.count == 32 && key.publicKey.y.count == 32)
        // The same key without its public point in the PKCS#8: the library computes it.
        let scalar = bytes("310ade344b5adb009c4cf90c3e7f67201eec90bfd3bb5aba6e166ade30869ec8")
        let bare = bytes("3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420") + scalar
        #expect(try P256SigningKey(pkcs8: bare).publicKey.x == Self.leadingZeroX)
    }

    @Test(arguments: [
        ("SEC1, not PKCS#8", "30770201010420310ade344b5adb009c4cf90c3e7f67201eec90bfd3bb5aba6e166ade30869ec8a00a06082a8648ce3d030107a14403420004009aef6a1c6280af7d3ffde0743e57228779d4ca463bcd7f15a1f027e9090dbc93466b1875aad9d8eeada68a167e977d0ee29c59da44702858553a012948a561"),
        ("Ed25519", "302e020100300506032b657004220420d1a14887d5697a30f10290f09ec54082d658a05cbfc7df6edc716acd2efd28b1"),
        ("P-384", "3081b6020100301006072a8648ce3d020106052b8104002204819e30819b0201010430ab59aca1cef409c63c53192ed1a823124e604af6905a05d529466fa7f0d712ea5f4b3c3c869fcc35ba502bf8eaee18caa16403620004e145d5dc86b27c53936ca3962ab0e813dd1f0a062bab634c4a9e6c2147772ba6fd2a916a05471cde29a1d4fae0161fac16faaa6aa9bf535fbfdf945d04066a773b45b1f824a53b8150471c19f3e2e3d83ea132e9444a45295fc3f7f04ae6ca04"),
        ("empty", ""),
    ])
    func otherKeysAreRefused(kind: String, hex: String) {
        #expect(throws: CryptoError.self, "\(kind)") { try P256SigningKey(pkcs8: bytes(hex)) }
    }

    @Test func damagedKeysAreRefused() {
        var key = Self.leadingZeroKey
        #expect(throws: CryptoError.self) { try P256SigningKey(pkcs8: key + [0]) }
        #expect(throws: CryptoError.self) { try P256SigningKey(pkcs8: Array(key.dropLast())) }
        key[key.count - 1] ^= 1  // the embedded public point no longer matches the scalar's
        #expect(throws: CryptoError.self) { try P256SigningKey(pkcs8: key) }
    }

    @Test func pemReadsWhatWritersWrite() throws {
        let der = SecureBytes(copying: Self.leadingZeroKey)
        let text = PEM.privateKeyText(der)
        #expect(text.hasPrefix("-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgMQreNEta2wCcTPkM\n"))
        #expect(text.hasSuffix("\n-----END PRIVATE KEY-----\n"))
        let body = Data(Self.leadingZeroKey).base64EncodedString()
        for variant in [text, text.replacingOccurrences(of: "\n", with: "\r\n"), text.replacingOccurrences(of: "\n", with: ""),
                        body, Base64URL.encode(Self.leadingZeroKey), "  " + text + "\n\n"] {
            let read = try #require(PEM.privateKey(from: variant), "\(variant.prefix(40))")
            #expect(read.isEqual(to: der))
        }
        for bad in ["-----BEGIN EC PRIVATE KEY-----\n\(body)\n-----END EC PRIVATE KEY-----",
                    "-----BEGIN PRIVATE KEY-----\n\(body)", "not base64 !", String(repeating: "A", count: 20_000)] {
            #expect(PEM.privateKey(from: bad) == nil)
        }
    }

    @Test func base64URLBothWays() {
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xfb, 0xff])
        #expect(Base64URL.decode("+/8=") == [0xfb, 0xff])
        #expect(Base64URL.decode("") == [])
        #expect(Base64URL.decode("A") == nil && Base64URL.decode("a b") == nil)
        #expect(SHA256.hash(Array("example.org".utf8)) == bytes("bfabc37432958b063360d3ad6461c9c4735ae7f8edd46592a5e0f01452b2e4b5"))
    }
}
