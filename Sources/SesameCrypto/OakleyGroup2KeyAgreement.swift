import Foundation
#if canImport(COpenSSL)
import COpenSSL

/// Finite-field Diffie-Hellman in the RFC 2409 Second Oakley Group (1024-bit prime, generator 2), through OpenSSL:
/// the group of the Secret Service's `dh-ietf1024-sha256-aes128-cbc-pkcs7` sessions. libsodium has no
/// finite-field DH, and OpenSSL 3 has no name for this group, so it is built from its parameters.
///
/// Integers on the wire are unsigned big-endian and always exactly ``keySize`` bytes, left-padded with zeros:
/// an unpadded key or shared secret breaks about one session in 256 with other implementations.
public final class OakleyGroup2KeyAgreement {
    public static let keySize = 128

    /// RFC 2409 §6.2.
    static let prime: [UInt8] = hexBytes("""
        FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD\
        EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED\
        EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE65381FFFFFFFFFFFFFFFF
        """)

    private let key: OpaquePointer
    /// This side's public key, ``keySize`` bytes.
    public let publicKey: [UInt8]

    /// A fresh private key.
    public init() throws {
        let parameters = try Self.makeKey(publicKey: nil)
        defer { EVP_PKEY_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, parameters, nil) else { throw CryptoError.outOfMemory }
        defer { EVP_PKEY_CTX_free(context) }
        var generated: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, EVP_PKEY_generate(context, &generated) == 1, let generated else {
            ERR_clear_error()
            throw CryptoError.keyAgreementFailed
        }
        key = generated
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(generated, OSSL_PKEY_PARAM_PUB_KEY, &number) == 1, let number else {
            EVP_PKEY_free(generated)
            throw CryptoError.keyAgreementFailed
        }
        defer { BN_free(number) }
        var bytes = [UInt8](repeating: 0, count: Self.keySize)
        guard BN_bn2binpad(number, &bytes, Int32(Self.keySize)) == Int32(Self.keySize) else {
            EVP_PKEY_free(generated)
            throw CryptoError.keyAgreementFailed
        }
        publicKey = bytes
    }

    deinit { EVP_PKEY_free(key) }

    /// The shared secret with a peer, ``keySize`` bytes left-padded. Shorter peer keys are accepted (they are
    /// integers); keys outside 2…p-2 are refused.
    public func sharedSecret(peerPublicKey: [UInt8]) throws -> SecureBytes {
        guard !peerPublicKey.isEmpty, peerPublicKey.count <= Self.keySize else { throw CryptoError.keyAgreementFailed }
        let peer = try Self.makeKey(publicKey: peerPublicKey)
        defer { EVP_PKEY_free(peer) }
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else { throw CryptoError.outOfMemory }
        defer { EVP_PKEY_CTX_free(context) }
        let secret = SecureBytes(count: Self.keySize)
        var length = Self.keySize
        let ok = secret.withUnsafeMutableBytes { out in
            EVP_PKEY_derive_init(context) == 1
                && EVP_PKEY_CTX_set_dh_pad(context, 1) == 1
                && EVP_PKEY_derive_set_peer_ex(context, peer, 1) == 1
                && EVP_PKEY_derive(context, out.baseAddress?.assumingMemoryBound(to: UInt8.self), &length) == 1
        }
        ERR_clear_error()
        guard ok, length == Self.keySize else { throw CryptoError.keyAgreementFailed }
        return secret
    }

    /// The group's parameters as a key, with `publicKey` when given.
    private static func makeKey(publicKey: [UInt8]?) throws -> OpaquePointer {
        guard let builder = OSSL_PARAM_BLD_new() else { throw CryptoError.outOfMemory }
        defer { OSSL_PARAM_BLD_free(builder) }
        // The builder keeps the names' pointers until it makes the array: they must outlive it.
        let names: [UnsafeMutablePointer<CChar>] = [OSSL_PKEY_PARAM_FFC_P, OSSL_PKEY_PARAM_FFC_G, OSSL_PKEY_PARAM_PUB_KEY]
            .map { (name: String) in name.withCString { strdup($0)! } }
        defer { names.forEach { free($0) } }
        let p = BN_bin2bn(prime, Int32(prime.count), nil)
        let g = BN_new()
        let pub = publicKey.map { BN_bin2bn($0, Int32($0.count), nil) }
        defer { BN_free(p); BN_free(g); if let pub { BN_free(pub) } }
        guard let p, let g, BN_set_word(g, 2) == 1,
              OSSL_PARAM_BLD_push_BN(builder, names[0], p) == 1,
              OSSL_PARAM_BLD_push_BN(builder, names[1], g) == 1
        else { throw CryptoError.outOfMemory }
        if let pub {
            guard let pub, OSSL_PARAM_BLD_push_BN(builder, names[2], pub) == 1 else {
                throw CryptoError.outOfMemory
            }
        }
        guard let parameters = OSSL_PARAM_BLD_to_param(builder) else { throw CryptoError.outOfMemory }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "DH", nil) else { throw CryptoError.outOfMemory }
        defer { EVP_PKEY_CTX_free(context) }
        var made: OpaquePointer?
        // Selections: all domain parameters (0x84), plus the public key (0x02).
        let selection: Int32 = publicKey == nil ? 0x84 : 0x86
        guard EVP_PKEY_fromdata_init(context) == 1, EVP_PKEY_fromdata(context, &made, selection, parameters) == 1,
              let made
        else {
            ERR_clear_error()
            throw CryptoError.keyAgreementFailed
        }
        return made
    }

    private static func hexBytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }
}
#endif
