import Foundation
#if canImport(COpenSSL)
import COpenSSL

/// HKDF with SHA-256 (RFC 5869), from OpenSSL's KDF: the Secret Service's DH sessions derive their AES key with it.
public enum HKDF {
    /// `length` bytes from `key` (the input keying material); an empty salt means HashLen zero bytes, as the RFC
    /// says.
    public static func sha256(key: SecureBytes, salt: [UInt8] = [], info: [UInt8] = [], length: Int) throws -> SecureBytes {
        guard length > 0, length <= 255 * 32 else { throw CryptoError.incorrectSize(expected: 32, actual: length) }
        guard let kdf = EVP_KDF_fetch(nil, "HKDF", nil) else { throw CryptoError.outOfMemory }
        defer { EVP_KDF_free(kdf) }
        guard let context = EVP_KDF_CTX_new(kdf) else { throw CryptoError.outOfMemory }
        defer { EVP_KDF_CTX_free(context) }
        let output = SecureBytes(count: length)
        var salt = salt.isEmpty ? [UInt8](repeating: 0, count: 32) : salt
        var info = info
        // OSSL_PARAM keeps pointers to its names and values until the derive: they must outlive the array.
        let names: [UnsafeMutablePointer<CChar>] = [
            OSSL_KDF_PARAM_DIGEST, "SHA256", OSSL_KDF_PARAM_KEY, OSSL_KDF_PARAM_SALT, OSSL_KDF_PARAM_INFO,
        ].map { (name: String) in name.withCString { strdup($0)! } }
        defer { names.forEach { free($0) } }
        let ok = key.withUnsafeBytes { keyBytes in
            salt.withUnsafeMutableBytes { saltBytes in
                info.withUnsafeMutableBytes { infoBytes in
                    var parameters = [
                        OSSL_PARAM_construct_utf8_string(names[0], names[1], 0),
                        OSSL_PARAM_construct_octet_string(
                            names[2], UnsafeMutableRawPointer(mutating: keyBytes.baseAddress), keyBytes.count),
                        OSSL_PARAM_construct_octet_string(names[3], saltBytes.baseAddress, saltBytes.count),
                    ]
                    if let infoAddress = infoBytes.baseAddress {
                        parameters.append(OSSL_PARAM_construct_octet_string(names[4], infoAddress, infoBytes.count))
                    }
                    parameters.append(OSSL_PARAM_construct_end())
                    return output.withUnsafeMutableBytes { out in
                        EVP_KDF_derive(context, out.baseAddress?.assumingMemoryBound(to: UInt8.self), length, &parameters) == 1
                    }
                }
            }
        }
        ERR_clear_error()
        guard ok else { throw CryptoError.keyAgreementFailed }
        return output
    }
}
#endif
