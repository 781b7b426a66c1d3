import Foundation
#if canImport(COpenSSL)
import COpenSSL
#elseif canImport(CommonCrypto)
import CommonCrypto
#endif

#if canImport(COpenSSL) || canImport(CommonCrypto)
/// AES in CBC mode with PKCS#7 padding, from OpenSSL on Linux and CommonCrypto on Apple platforms (neither libsodium
/// nor CryptoKit has AES-CBC). Only for formats that require it (KeePass files, the Secret Service's
/// `dh-ietf1024-sha256-aes128-cbc-pkcs7` sessions); CBC is not authenticated, so a caller must check a MAC (KDBX's
/// HMAC blocks) or rely on its transport before trusting the plaintext.
public enum AESCBC {
    public static let blockSize = 16

    /// Encrypts with a 16-byte (AES-128) or 32-byte (AES-256) key and a 16-byte IV.
    public static func encrypt(_ plaintext: some ContiguousBytes, key: SecureBytes, iv: [UInt8]) throws -> [UInt8] {
        try run(encrypting: true, plaintext, key: key, iv: iv)
    }

    /// Decrypts and removes the padding; a wrong key or damaged data usually fails the padding check.
    public static func decrypt(_ ciphertext: some ContiguousBytes, key: SecureBytes, iv: [UInt8]) throws -> SecureBytes {
        var bytes = try run(encrypting: false, ciphertext, key: key, iv: iv)
        defer { zeroize(&bytes) }
        return SecureBytes(copying: bytes)
    }

    private static func run(encrypting: Bool, _ input: some ContiguousBytes, key: SecureBytes, iv: [UInt8]) throws -> [UInt8] {
        guard key.count == 16 || key.count == 32 else { throw CryptoError.incorrectSize(expected: 32, actual: key.count) }
        guard iv.count == blockSize else { throw CryptoError.incorrectSize(expected: blockSize, actual: iv.count) }
        return try input.withUnsafeBytes { input in
            if !encrypting && (input.count == 0 || input.count % blockSize != 0) { throw CryptoError.authenticationFailure }
            var output = [UInt8](repeating: 0, count: input.count + blockSize)
            guard let length = try cipher(encrypting: encrypting, input, key: key, iv: iv, into: &output) else {
                zeroize(&output)
                throw CryptoError.authenticationFailure
            }
            let result = Array(output[..<length])
            zeroize(&output)
            return result
        }
    }

    /// The output's length, or nil when the library refused (a wrong key or damaged data fails the padding check).
    private static func cipher(
        encrypting: Bool, _ input: UnsafeRawBufferPointer, key: SecureBytes, iv: [UInt8], into output: inout [UInt8]
    ) throws -> Int? {
        #if canImport(COpenSSL)
        guard let context = EVP_CIPHER_CTX_new() else { throw CryptoError.outOfMemory }
        defer { EVP_CIPHER_CTX_free(context) }
        let cipher = key.count == 16 ? EVP_aes_128_cbc() : EVP_aes_256_cbc()
        var written: Int32 = 0, final: Int32 = 0
        let ok = key.withUnsafeBytes { key in
            EVP_CipherInit_ex(context, cipher, nil, key.baseAddress, iv, encrypting ? 1 : 0) == 1
                && output.withUnsafeMutableBufferPointer { out in
                    EVP_CipherUpdate(context, out.baseAddress, &written,
                                     input.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(input.count)) == 1
                        && EVP_CipherFinal_ex(context, out.baseAddress! + Int(written), &final) == 1
                }
        }
        ERR_clear_error()
        return ok ? Int(written + final) : nil
        #else
        var moved = 0
        let status = key.withUnsafeBytes { key in
            output.withUnsafeMutableBytes { out in
                CCCrypt(CCOperation(encrypting ? kCCEncrypt : kCCDecrypt), CCAlgorithm(kCCAlgorithmAES),
                        CCOptions(kCCOptionPKCS7Padding), key.baseAddress, key.count, iv, input.baseAddress, input.count,
                        out.baseAddress, out.count, &moved)
            }
        }
        return status == kCCSuccess ? moved : nil
        #endif
    }
}
#endif
