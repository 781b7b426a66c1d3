import CSodium
#if canImport(COpenSSL)
import COpenSSL
#elseif canImport(CryptoKit)
import CryptoKit
#endif

/// HMAC from maintained libraries: SHA-256 and SHA-512 from libsodium, SHA-1 (which libsodium lacks, and which most
/// one-time-code issuers still use) from OpenSSL libcrypto, or CryptoKit on Apple platforms.
public enum HMAC {
    public enum Algorithm: String, Sendable, CaseIterable, Codable {
        case sha1 = "SHA1"
        case sha256 = "SHA256"
        case sha512 = "SHA512"
    }

    /// The authentication code of `message` under `key` (any length).
    public static func authenticationCode(_ algorithm: Algorithm, key: [UInt8], message: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        switch algorithm {
        case .sha1:
            return sha1(key: key, message: message)
        case .sha256:
            var state = crypto_auth_hmacsha256_state()
            var out = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
            crypto_auth_hmacsha256_init(&state, key, key.count)
            crypto_auth_hmacsha256_update(&state, message, UInt64(message.count))
            crypto_auth_hmacsha256_final(&state, &out)
            sodium_memzero(&state, MemoryLayout.size(ofValue: state))
            return out
        case .sha512:
            var state = crypto_auth_hmacsha512_state()
            var out = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha512_BYTES))
            crypto_auth_hmacsha512_init(&state, key, key.count)
            crypto_auth_hmacsha512_update(&state, message, UInt64(message.count))
            crypto_auth_hmacsha512_final(&state, &out)
            sodium_memzero(&state, MemoryLayout.size(ofValue: state))
            return out
        }
    }

    private static func sha1(key: [UInt8], message: [UInt8]) -> [UInt8] {
        #if canImport(COpenSSL)
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        // The one-shot HMAC() is not deprecated in OpenSSL 3 (HMAC_CTX is); it fails only on allocation failure.
        guard COpenSSL.HMAC(EVP_sha1(), key, Int32(key.count), message, message.count, &out, &length) != nil else {
            fatalError("OpenSSL could not compute an HMAC (out of memory)")
        }
        return Array(out[..<Int(length)])
        #else
        return Array(CryptoKit.HMAC<Insecure.SHA1>.authenticationCode(for: message, using: CryptoKit.SymmetricKey(data: key)))
        #endif
    }
}
