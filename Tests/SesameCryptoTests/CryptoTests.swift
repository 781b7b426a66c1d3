import Foundation
import Testing
@testable import SesameCrypto

@Suite struct CryptoTests {
    @Test func sealedBoxRoundTripsAndHasDocumentedLayout() throws {
        let key = SymmetricKey()
        let box = AEAD.seal(Array("7 bytes".utf8), using: key, authenticating: [1, 2, 3])
        #expect(box.count == 24 + 7 + 16)
        #expect(try AEAD.open(box, using: key, authenticating: [1, 2, 3]) == Array("7 bytes".utf8))
    }

    @Test func openingRejectsWrongKeyWrongDataAndDamage() {
        let key = SymmetricKey()
        var box = AEAD.seal(Array("secret".utf8), using: key, authenticating: [9])
        #expect(throws: CryptoError.authenticationFailure) { try AEAD.open(box, using: SymmetricKey(), authenticating: [9]) }
        #expect(throws: CryptoError.authenticationFailure) { try AEAD.open(box, using: key, authenticating: [8]) }
        #expect(throws: CryptoError.truncatedBox) { try AEAD.open(box.prefix(20), using: key, authenticating: [9]) }
        box[30] ^= 0x01
        #expect(throws: CryptoError.authenticationFailure) { try AEAD.open(box, using: key, authenticating: [9]) }
    }

    @Test func emptyPlaintextSeals() throws {
        let key = SymmetricKey()
        let box = AEAD.seal([UInt8](), using: key, authenticating: [])
        #expect(try AEAD.open(box, using: key, authenticating: []).isEmpty)
    }

    @Test func argon2idIsDeterministicPerSaltAndPassword() throws {
        let parameters = try KDFParameters.generate(memoryMiB: 19, passes: 2)
        let a = try PasswordKDF.deriveKey(from: SecureBytes(utf8: "correct horse"), parameters: parameters)
        let b = try PasswordKDF.deriveKey(from: SecureBytes(utf8: "correct horse"), parameters: parameters)
        let c = try PasswordKDF.deriveKey(from: SecureBytes(utf8: "correct horsf"), parameters: parameters)
        var other = parameters
        other.salt = SecureRandom.bytes(count: KDFParameters.saltByteCount)
        let d = try PasswordKDF.deriveKey(from: SecureBytes(utf8: "correct horse"), parameters: other)
        #expect(a == b)
        #expect(a != c)
        #expect(a != d)
    }

    @Test func argon2idKnownAnswer() throws {
        // Computed independently with the reference implementation (Debian's argon2 command):
        // echo -n password | argon2 sesame-salt-16by -id -t 2 -k 19456 -p 1 -l 32 -r
        let parameters = KDFParameters(
            passes: 2, memoryBytes: 19 << 20, salt: Array("sesame-salt-16by".utf8))
        let key = try PasswordKDF.deriveKey(from: SecureBytes(utf8: "password"), parameters: parameters)
        let hex = key.withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
        #expect(hex == "adfa5e2ea4e39168087fced9e629e41cbc647aeff27fac0cf89cece5a795ae78")
    }

    /// Issue 22, finding 9: every Argon2id Sesame reads (vault, backup, sync header) was allowed up to
    /// 4096 MiB × 100 passes. Writers and readers now share one limit, named in the error.
    @Test func costsOverTheLimitAreRefused() throws {
        #expect(throws: CryptoError.invalidKDFParameters("Argon2id memory must be at most 1024 MiB (got 1025 MiB)")) {
            try KDFParameters.generate(memoryMiB: 1025, passes: 3)
        }
        #expect(throws: CryptoError.invalidKDFParameters("Argon2id takes at most 10 passes (got 11)")) {
            try KDFParameters.generate(memoryMiB: 64, passes: 11)
        }
        #expect(try KDFParameters.generate(memoryMiB: 1024, passes: 10).exceedsLimits == false)
        let hostile = KDFParameters(passes: 100, memoryBytes: 4096 << 20, salt: Array(repeating: 0, count: KDFParameters.saltByteCount))
        #expect(hostile.exceedsLimits)
        #expect(throws: CryptoError.invalidKDFParameters(
            "the key derivation asks for 4096 MiB and 100 passes, over Sesame's limit of 1024 MiB and 10 passes")) {
            try PasswordKDF.deriveKey(from: SecureBytes(utf8: "pw"), parameters: hostile)
        }
    }

    @Test func weakParametersAreRefused() {
        #expect(throws: CryptoError.self) { try KDFParameters.generate(memoryMiB: 18, passes: 3) }
        #expect(throws: CryptoError.self) { try KDFParameters.generate(memoryMiB: 64, passes: 1) }
        #expect(throws: Never.self) { try KDFParameters.generate(memoryMiB: 19, passes: 2) }
    }

    @Test func subkeysAreIndependentAndStable() {
        let master = SymmetricKey()
        let a1 = master.deriveSubkey(id: 1, context: "sesitems")
        let a2 = master.deriveSubkey(id: 1, context: "sesitems")
        let b = master.deriveSubkey(id: 2, context: "sesitems")
        let c = master.deriveSubkey(id: 1, context: "sesindex")
        #expect(a1 == a2)
        #expect(a1 != b)
        #expect(a1 != c)
    }

    @Test func hmacSha256MatchesRFC4231StyleVector() throws {
        // RFC 4231 test case 2 uses a 4-byte key; libsodium's one-shot needs 32 bytes, so this checks a 32-byte
        // key against a value computed with Python's hmac module: hmac.new(b'\x0b'*32, b'Hi There', sha256).
        let key = try SymmetricKey(bytes: SecureBytes(copying: [UInt8](repeating: 0x0b, count: 32)))
        let mac = key.authenticationCode(for: Array("Hi There".utf8))
        #expect(mac.map { String(format: "%02x", $0) }.joined()
            == "198a607eb44bfbc69903a0f1cf2bbdc5ba0aa3f3d9ae3c1c7a3b1696a0b68cf7")
    }

    @Test func secureBytesCompareAndRedact() {
        let a = SecureBytes(utf8: "hunter2")
        #expect(a.isEqual(to: SecureBytes(utf8: "hunter2")))
        #expect(!a.isEqual(to: SecureBytes(utf8: "hunter3")))
        #expect(!"\(a)".contains("hunter"))
        #expect(a.utf8String() == "hunter2")
    }

    @Test func zeroizeWipes() {
        var bytes: [UInt8] = [1, 2, 3]
        zeroize(&bytes)
        #expect(bytes == [0, 0, 0])
    }
}
