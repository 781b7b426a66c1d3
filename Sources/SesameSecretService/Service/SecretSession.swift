import Foundation
import SesameCrypto

/// A client's transport session (`OpenSession`): `plain`, or `dh-ietf1024-sha256-aes128-cbc-pkcs7`, whose AES-128
/// key comes from a DH exchange in the RFC 2409 group and HKDF-SHA256. It belongs to the bus connection that
/// opened it and ends with `Close()` or when that connection leaves the bus.
final class SecretSession {
    enum Algorithm: String {
        case plain
        case dh = "dh-ietf1024-sha256-aes128-cbc-pkcs7"
    }

    let path: String
    let owner: String
    let algorithm: Algorithm
    private let key: SecureBytes?

    private init(path: String, owner: String, algorithm: Algorithm, key: SecureBytes?) {
        self.path = path
        self.owner = owner
        self.algorithm = algorithm
        self.key = key
    }

    static func plain(path: String, owner: String) -> SecretSession {
        SecretSession(path: path, owner: owner, algorithm: .plain, key: nil)
    }

    /// A DH session for a client's public key; returns it with this side's public key (128 bytes, left-padded).
    static func dh(path: String, owner: String, clientPublicKey: [UInt8]) throws(BusError) -> (SecretSession, [UInt8]) {
        do {
            let agreement = try OakleyGroup2KeyAgreement()
            let shared = try agreement.sharedSecret(peerPublicKey: clientPublicKey)
            let key = try HKDF.sha256(key: shared, length: 16)
            return (SecretSession(path: path, owner: owner, algorithm: .dh, key: key), agreement.publicKey)
        } catch {
            throw .invalidArgs("The client's DH public key is not valid for this group.")
        }
    }

    /// Encrypts a secret for the client.
    func encode(_ secret: SecureBytes, contentType: String) throws(BusError) -> TransportSecret {
        guard let key else {
            return TransportSecret(
                session: path, parameters: [], value: secret.withUnsafeBytes { Array($0) }, contentType: contentType)
        }
        let iv = SecureRandom.bytes(count: AESCBC.blockSize)
        do {
            let value = try secret.withUnsafeBytes { try AESCBC.encrypt($0, key: key, iv: iv) }
            return TransportSecret(session: path, parameters: iv, value: value, contentType: contentType)
        } catch {
            throw .failed("Could not encrypt the secret.")
        }
    }

    /// Decrypts a secret the client sent.
    func decode(_ secret: TransportSecret) throws(BusError) -> SecureBytes {
        guard let key else {
            guard secret.parameters.isEmpty else { throw .invalidArgs("A plain session's secret has no parameters.") }
            return SecureBytes(copying: secret.value)
        }
        guard secret.parameters.count == AESCBC.blockSize else {
            throw .invalidArgs("The secret's parameters must be a 16-byte IV.")
        }
        do {
            return try AESCBC.decrypt(secret.value, key: key, iv: secret.parameters)
        } catch {
            throw .invalidArgs("The secret could not be decrypted with this session's key.")
        }
    }
}
