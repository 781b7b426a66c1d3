import Foundation
import SesameCrypto

/// The encryption of one host process's conversation with the extension: the host's key pair (new for every
/// `change-public-keys`), the extension's session key, and every request nonce seen under them, so that a
/// replayed request is refused (KeePassXC accepts replays). Thread-safe: held requests answer from other threads.
final class BrowserSession: @unchecked Sendable {
    // @unchecked: everything mutable is guarded by `lock`.
    enum Failure: Error, Equatable {
        /// No `change-public-keys` yet.
        case noClientKey
        /// Not base64, wrong sizes, or the box did not authenticate.
        case cannotDecrypt
        /// The nonce was used before in this session.
        case replayedNonce
    }

    /// A session that saw this many requests must change keys (a bound on the memory replay detection takes).
    static let maximumRequests = 1_000_000

    private let lock = NSLock()
    private var hostKeys: PublicKeyBox.KeyPair?
    private var clientKey: [UInt8]?
    private var seenNonces = Set<[UInt8]>()

    /// Starts a new session for the extension's key; returns the host's new public key.
    func changeKeys(clientKey: [UInt8]) -> [UInt8] {
        let keys = PublicKeyBox.KeyPair()
        lock.withLock {
            hostKeys = keys
            self.clientKey = clientKey
            seenNonces.removeAll()
        }
        return keys.publicKey
    }

    /// Decrypts a request's `message` under its `nonce` (both base64), refusing a nonce seen before.
    func open(message: String, nonce: String) throws(Failure) -> [UInt8] {
        let (keys, client) = lock.withLock { (hostKeys, clientKey) }
        guard let keys, let client else { throw .noClientKey }
        guard let box = Data(base64Encoded: message), let nonceBytes = Data(base64Encoded: nonce),
              nonceBytes.count == PublicKeyBox.nonceByteCount
        else { throw .cannotDecrypt }
        let plain: [UInt8]
        do {
            plain = try PublicKeyBox.open(Array(box), nonce: Array(nonceBytes), from: client, to: keys)
        } catch {
            throw .cannotDecrypt
        }
        // Checked after authenticating, so nobody without the key can fill the set.
        let fresh = lock.withLock { () -> Bool in
            guard seenNonces.count < Self.maximumRequests else { return false }
            return seenNonces.insert(Array(nonceBytes)).inserted
        }
        guard fresh else { throw .replayedNonce }
        return plain
    }

    /// Encrypts a reply under `nonce` (base64) for the extension.
    func seal(_ message: [UInt8], nonce: [UInt8]) throws(Failure) -> String {
        let (keys, client) = lock.withLock { (hostKeys, clientKey) }
        guard let keys, let client else { throw .noClientKey }
        do {
            return Data(try PublicKeyBox.seal(message, nonce: nonce, to: client, from: keys)).base64EncodedString()
        } catch {
            throw .cannotDecrypt
        }
    }
}
