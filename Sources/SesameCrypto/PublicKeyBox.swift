import CSodium

/// NaCl's `crypto_box` (X25519 key agreement, XSalsa20-Poly1305): what the KeePassXC-Browser protocol encrypts
/// with. Layout of a box: the 16-byte tag, then the ciphertext; the 24-byte nonce travels beside it.
public enum PublicKeyBox {
    public static let keyByteCount = Int(crypto_box_PUBLICKEYBYTES)
    public static let nonceByteCount = Int(crypto_box_NONCEBYTES)
    public static let tagByteCount = Int(crypto_box_MACBYTES)

    /// A key pair whose secret half lives in locked memory and is zeroed when freed.
    public final class KeyPair: Sendable {
        public let publicKey: [UInt8]
        let secretKey: SecureBytes

        public init() {
            Sodium.ensureInitialized()
            let secret = SecureBytes(count: Int(crypto_box_SECRETKEYBYTES))
            var publicKey = [UInt8](repeating: 0, count: keyByteCount)
            secret.withUnsafeMutableBytes { secret in
                _ = crypto_box_keypair(&publicKey, secret.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            self.publicKey = publicKey
            secretKey = secret
        }
    }

    /// Encrypts `message` for `recipient` from `sender`.
    public static func seal(_ message: [UInt8], nonce: [UInt8], to recipient: [UInt8], from sender: KeyPair)
        throws(CryptoError) -> [UInt8]
    {
        try check(nonce: nonce, key: recipient)
        var box = [UInt8](repeating: 0, count: message.count + tagByteCount)
        // One spare byte keeps the input pointer valid for an empty message.
        let input = message + [0]
        let status = sender.secretKey.withUnsafeBytes { secret in
            crypto_box_easy(
                &box, input, UInt64(message.count), nonce, recipient,
                secret.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard status == 0 else { throw .authenticationFailure }
        return box
    }

    /// Decrypts and authenticates a box `sender` made for `recipient`.
    public static func open(_ box: [UInt8], nonce: [UInt8], from sender: [UInt8], to recipient: KeyPair)
        throws(CryptoError) -> [UInt8]
    {
        try check(nonce: nonce, key: sender)
        guard box.count >= tagByteCount else { throw .truncatedBox }
        var message = [UInt8](repeating: 0, count: box.count - tagByteCount + 1)
        let status = recipient.secretKey.withUnsafeBytes { secret in
            crypto_box_open_easy(
                &message, box, UInt64(box.count), nonce, sender,
                secret.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard status == 0 else { throw .authenticationFailure }
        message.removeLast()
        return message
    }

    /// The nonce plus one, read as a little-endian number (libsodium's `sodium_increment`): the protocol's answer
    /// to a request's nonce.
    public static func increment(_ nonce: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var next = nonce
        sodium_increment(&next, next.count)
        return next
    }

    private static func check(nonce: [UInt8], key: [UInt8]) throws(CryptoError) {
        guard nonce.count == nonceByteCount else {
            throw .incorrectSize(expected: nonceByteCount, actual: nonce.count)
        }
        guard key.count == keyByteCount else { throw .incorrectSize(expected: keyByteCount, actual: key.count) }
    }
}
