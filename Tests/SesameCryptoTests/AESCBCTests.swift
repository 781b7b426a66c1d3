#if canImport(COpenSSL)
import Foundation
import Testing
@testable import SesameCrypto

/// NIST SP 800-38A, appendix F.2 (CBC-AES128 and CBC-AES256): the padding block follows the four given blocks.
@Suite struct AESCBCTests {
    static let iv = hex("000102030405060708090a0b0c0d0e0f")
    static let plaintext = hex("""
        6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51\
        30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710
        """)

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }

    @Test(arguments: [
        ("2b7e151628aed2a6abf7158809cf4f3c", """
            7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2\
            73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7
            """),
        ("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", """
            f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d\
            39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b
            """),
    ])
    func matchesTheNISTVectors(key: String, ciphertext: String) throws {
        let key = SecureBytes(copying: Self.hex(key))
        let sealed = try AESCBC.encrypt(Self.plaintext, key: key, iv: Self.iv)
        #expect(sealed.count == Self.plaintext.count + AESCBC.blockSize)
        #expect(Array(sealed.prefix(Self.plaintext.count)) == Self.hex(ciphertext))
        let opened = try AESCBC.decrypt(sealed, key: key, iv: Self.iv)
        #expect(opened.withUnsafeBytes { Array($0) } == Self.plaintext)
    }

    @Test func paddingIsCheckedAndSizesAreEnforced() throws {
        let key = SecureBytes(copying: [UInt8](repeating: 7, count: 16))
        let sealed = try AESCBC.encrypt([UInt8]("secret".utf8), key: key, iv: Self.iv)
        #expect(sealed.count == 16)
        #expect(throws: CryptoError.self) { try AESCBC.decrypt(Array(sealed.dropLast()), key: key, iv: Self.iv) }
        #expect(throws: CryptoError.self) { try AESCBC.decrypt([UInt8](), key: key, iv: Self.iv) }
        #expect(throws: CryptoError.self) {
            try AESCBC.encrypt([UInt8](), key: SecureBytes(copying: [UInt8](repeating: 1, count: 24)), iv: Self.iv)
        }
        #expect(throws: CryptoError.self) { try AESCBC.encrypt([UInt8](), key: key, iv: [1, 2, 3]) }
        // Empty input still gets a whole padding block, so the empty string round-trips.
        let empty = try AESCBC.encrypt([UInt8](), key: key, iv: Self.iv)
        #expect(try AESCBC.decrypt(empty, key: key, iv: Self.iv).count == 0)
    }
}
#endif
