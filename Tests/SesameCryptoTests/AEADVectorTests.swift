import Testing
@testable import SesameCrypto

/// XChaCha20-Poly1305 as libsodium computes it must be the published construction: a vault sealed here has to
/// open in any other correct implementation.
@Suite struct AEADVectorTests {
    private static func hex(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = string.startIndex
        while index < string.endIndex {
            let next = string.index(index, offsetBy: 2)
            bytes.append(UInt8(string[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    // draft-irtf-cfrg-xchacha-03, appendix A.3.1 (AEAD_XChaCha20_Poly1305 example and test vector).
    static let key = hex("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f")
    static let nonce = hex("404142434445464748494a4b4c4d4e4f5051525354555657")
    static let associatedData = hex("50515253c0c1c2c3c4c5c6c7")
    static let plaintext = Array(
        "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.".utf8)
    static let ciphertext = hex("""
        bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39\
        ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9\
        21f9664c97637da9768812f615c68b13b52e
        """)
    static let tag = hex("c0875924c1c7987947deafd8780acf49")

    @Test func sealMatchesTheDraftVector() throws {
        let key = try SymmetricKey(bytes: SecureBytes(copying: Self.key))
        let box = Self.plaintext.withUnsafeBytes {
            AEAD.seal($0, using: key, nonce: Self.nonce, authenticating: Self.associatedData)
        }
        #expect(box == Self.nonce + Self.ciphertext + Self.tag)
    }

    @Test func openAcceptsTheDraftVectorAndRejectsAnyChange() throws {
        let key = try SymmetricKey(bytes: SecureBytes(copying: Self.key))
        let box = Self.nonce + Self.ciphertext + Self.tag
        #expect(try AEAD.open(box, using: key, authenticating: Self.associatedData) == Self.plaintext)
        var badTag = box
        badTag[badTag.count - 1] ^= 0x01
        #expect(throws: CryptoError.authenticationFailure) {
            try AEAD.open(badTag, using: key, authenticating: Self.associatedData)
        }
        #expect(throws: CryptoError.authenticationFailure) {
            try AEAD.open(box, using: key, authenticating: Self.associatedData.dropLast())
        }
    }

    @Test func everySealDrawsAFreshNonce() {
        let key = SymmetricKey()
        let plaintext = Array("the same password every time".utf8)
        var nonces = Set<[UInt8]>()
        var boxes = Set<[UInt8]>()
        for _ in 0..<10_000 {
            let box = AEAD.seal(plaintext, using: key, authenticating: [])
            nonces.insert(Array(box.prefix(AEAD.nonceByteCount)))
            boxes.insert(Array(box.dropFirst(AEAD.nonceByteCount)))
        }
        #expect(nonces.count == 10_000)
        #expect(boxes.count == 10_000)
    }
}

/// A compact box is the XChaCha20-Poly1305 box of the nonce "16 stored random bytes, then 8 zero bytes", with the
/// zero bytes not stored: the same construction, 8 bytes shorter, every change to it refused.
@Suite struct CompactAEADTests {
    @Test func aCompactBoxIsTheFullBoxOfItsNonceWithoutTheZeroBytes() throws {
        let key = try SymmetricKey(bytes: SecureBytes(copying: AEADVectorTests.key))
        let compact = AEAD.sealCompact(AEADVectorTests.plaintext, using: key, authenticating: AEADVectorTests.associatedData)
        #expect(compact.count == AEADVectorTests.plaintext.count + AEAD.compactOverhead && AEAD.compactOverhead == 32)
        let nonce = Array(compact.prefix(16)) + [UInt8](repeating: 0, count: 8)
        let full = AEADVectorTests.plaintext.withUnsafeBytes {
            AEAD.seal($0, using: key, nonce: nonce, authenticating: AEADVectorTests.associatedData)
        }
        #expect(full == nonce + compact.dropFirst(16))
        #expect(try AEAD.open(full, using: key, authenticating: AEADVectorTests.associatedData) == AEADVectorTests.plaintext)
        let opened = try AEAD.openSecureCompact(compact, using: key, authenticating: AEADVectorTests.associatedData)
        #expect(opened.withUnsafeBytes { Array($0) } == AEADVectorTests.plaintext)
    }

    @Test func everyChangeIsRefused() {
        let key = SymmetricKey()
        let data: [UInt8] = [1, 2, 3]
        let box = AEAD.sealCompact(Array("a longer secret".utf8), using: key, authenticating: data)
        for index in box.indices {
            var changed = box
            changed[index] ^= 0x20
            #expect(throws: CryptoError.authenticationFailure) { try AEAD.openSecureCompact(changed, using: key, authenticating: data) }
        }
        #expect(throws: CryptoError.authenticationFailure) { try AEAD.openSecureCompact(box, using: key, authenticating: [1, 2]) }
        #expect(throws: CryptoError.authenticationFailure) { try AEAD.openSecureCompact(box, using: SymmetricKey(), authenticating: data) }
        // Read as the other layout, neither kind of box opens.
        #expect(throws: CryptoError.authenticationFailure) { try AEAD.open(box, using: key, authenticating: data) }
        let full = AEAD.seal(Array("secret".utf8), using: key, authenticating: data)
        #expect(throws: CryptoError.authenticationFailure) { try AEAD.openSecureCompact(full, using: key, authenticating: data) }
        #expect(throws: CryptoError.truncatedBox) { try AEAD.openSecureCompact(box.prefix(31), using: key, authenticating: data) }
        #expect(throws: Never.self) { try AEAD.openSecureCompact(AEAD.sealCompact([], using: key, authenticating: data), using: key, authenticating: data) }
    }

    @Test func everySealDrawsFreshNonceBytes() {
        let key = SymmetricKey()
        var nonces = Set<[UInt8]>()
        for _ in 0..<10_000 { nonces.insert(Array(AEAD.sealCompact([7], using: key, authenticating: []).prefix(16))) }
        #expect(nonces.count == 10_000)
    }
}

@Suite struct KeyedHashTests {
    @Test func keyedHashDependsOnKeyAndMessage() throws {
        let key = SymmetricKey()
        let message = Array("row".utf8)
        #expect(key.keyedHash(message) == key.keyedHash(message))
        #expect(key.keyedHash(message).count == 32)
        #expect(key.keyedHash(message) != SymmetricKey().keyedHash(message))
        #expect(key.keyedHash(message) != key.keyedHash(message + [0]))
        #expect(key.keyedHash([]) != key.keyedHash([0]))
    }
}
