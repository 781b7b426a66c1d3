#if !canImport(CryptoKit) && canImport(COpenSSL)
import COpenSSL
import Foundation

extension P256SigningKey {
    /// The key as OpenSSL 3's `EVP_PKEY`, freed with the value (`EVP_PKEY_free` clears the private scalar).
    final class Backend {
        private let key: OpaquePointer

        private init(key: OpaquePointer) { self.key = key }

        deinit { EVP_PKEY_free(key) }

        static func generate() throws(CryptoError) -> Backend {
            guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw CryptoError.outOfMemory }
            defer { EVP_PKEY_CTX_free(context) }
            var generated: OpaquePointer?
            guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
                  EVP_PKEY_generate(context, &generated) == 1, let generated
            else {
                ERR_clear_error()
                throw CryptoError.operationFailed("generate a P-256 key")
            }
            return Backend(key: generated)
        }

        convenience init(pkcs8 der: some ContiguousBytes) throws(CryptoError) {
            let key: OpaquePointer? = der.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
                var cursor: UnsafePointer<UInt8>? = base
                guard let info = d2i_PKCS8_PRIV_KEY_INFO(nil, &cursor, bytes.count) else { return nil }
                // PKCS8_PRIV_KEY_INFO_free clears the key octets it holds.
                defer { PKCS8_PRIV_KEY_INFO_free(info) }
                // Trailing bytes after the structure are damage, not part of the key.
                guard cursor == base + bytes.count else { return nil }
                return EVP_PKCS82PKEY(info)
            }
            guard let key else {
                ERR_clear_error()
                throw CryptoError.invalidKey("it is not a PKCS#8 private key")
            }
            var group = [CChar](repeating: 0, count: 64)
            var length = 0
            let isP256 = EVP_PKEY_is_a(key, "EC") == 1
                && EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, &group, group.count, &length) == 1
                && String(decoding: group.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) == "prime256v1"
            ERR_clear_error()
            guard isP256 else {
                EVP_PKEY_free(key)
                throw CryptoError.invalidKey("it is not an ES256 (P-256) key")
            }
            self.init(key: key)
        }

        func publicKey() throws(CryptoError) -> P256PublicKey {
            // The coordinates as integers, padded here to 32 bytes: the "pub" parameter would follow the point
            // format the key was saved with, which may be compressed.
            func coordinate(_ name: String) -> [UInt8]? {
                var number: OpaquePointer?
                guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else { return nil }
                defer { BN_free(number) }
                var bytes = [UInt8](repeating: 0, count: P256PublicKey.coordinateByteCount)
                guard BN_bn2binpad(number, &bytes, Int32(bytes.count)) == Int32(bytes.count) else { return nil }
                return bytes
            }
            guard let x = coordinate(OSSL_PKEY_PARAM_EC_PUB_X), let y = coordinate(OSSL_PKEY_PARAM_EC_PUB_Y) else {
                ERR_clear_error()
                throw CryptoError.invalidKey("its public point cannot be read")
            }
            return try P256PublicKey(x: x, y: y)
        }

        func pkcs8() throws(CryptoError) -> SecureBytes {
            guard let info = EVP_PKEY2PKCS8(key) else {
                ERR_clear_error()
                throw CryptoError.operationFailed("encode the key as PKCS#8")
            }
            defer { PKCS8_PRIV_KEY_INFO_free(info) }
            // Measured first, then written straight into secure memory: OpenSSL never allocates the encoding.
            let length = i2d_PKCS8_PRIV_KEY_INFO(info, nil)
            guard length > 0 else {
                ERR_clear_error()
                throw CryptoError.operationFailed("encode the key as PKCS#8")
            }
            let der = SecureBytes(count: Int(length))
            let written = der.withUnsafeMutableBytes { buffer in
                var cursor = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
                return i2d_PKCS8_PRIV_KEY_INFO(info, &cursor)
            }
            guard written == length else {
                ERR_clear_error()
                throw CryptoError.operationFailed("encode the key as PKCS#8")
            }
            return der
        }

        func signature(for message: some ContiguousBytes) throws(CryptoError) -> [UInt8] {
            guard let context = EVP_MD_CTX_new() else { throw CryptoError.outOfMemory }
            defer { EVP_MD_CTX_free(context) }
            let signature: [UInt8]? = message.withUnsafeBytes { message in
                let input = message.baseAddress?.assumingMemoryBound(to: UInt8.self)
                var length = 0
                guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1,
                      EVP_DigestSign(context, nil, &length, input, message.count) == 1, length > 0
                else { return nil }
                var output = [UInt8](repeating: 0, count: length)
                guard EVP_DigestSign(context, &output, &length, input, message.count) == 1 else { return nil }
                return Array(output.prefix(length))
            }
            ERR_clear_error()
            guard let signature else { throw CryptoError.operationFailed("sign with ES256") }
            return signature
        }
    }
}
#endif
