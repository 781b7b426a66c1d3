#if canImport(CryptoKit)
import CryptoKit
import Foundation

extension P256SigningKey {
    /// The key as CryptoKit's `P256.Signing.PrivateKey` (a value CryptoKit zeroes itself).
    final class Backend {
        private let key: P256.Signing.PrivateKey

        private init(key: P256.Signing.PrivateKey) { self.key = key }

        static func generate() throws(CryptoError) -> Backend {
            Backend(key: P256.Signing.PrivateKey())
        }

        convenience init(pkcs8 der: some ContiguousBytes) throws(CryptoError) {
            do {
                let key = try der.withUnsafeBytes { bytes in
                    try P256.Signing.PrivateKey(derRepresentation: UnsafeRawBufferPointer(bytes))
                }
                self.init(key: key)
            } catch {
                throw CryptoError.invalidKey("it is not an ES256 (P-256) PKCS#8 key")
            }
        }

        func publicKey() throws(CryptoError) -> P256PublicKey {
            try P256PublicKey(uncompressed: Array(key.publicKey.x963Representation))
        }

        func pkcs8() throws(CryptoError) -> SecureBytes {
            // CryptoKit's DER form of a private key is PKCS#8 `PrivateKeyInfo`; the Data copy is wiped at once.
            var der = key.derRepresentation
            defer { der.resetBytes(in: 0..<der.count) }
            return SecureBytes(copying: der)
        }

        func signature(for message: some ContiguousBytes) throws(CryptoError) -> [UInt8] {
            do {
                let bytes = message.withUnsafeBytes { Data($0) }
                return Array(try key.signature(for: bytes).derRepresentation)
            } catch {
                throw CryptoError.operationFailed("sign with ES256")
            }
        }
    }
}
#endif
