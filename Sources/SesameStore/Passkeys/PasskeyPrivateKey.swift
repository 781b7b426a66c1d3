import Foundation
import SesameCrypto

/// A passkey's private key as PKCS#8 DER in ``SecureBytes`` (zeroed when the last copy is released): what the item's
/// sealed payload keeps, and what KeePass (as PEM), Bitwarden and the Credential Exchange Format (as base64url) carry.
///
/// Keys made or imported through ``init(pkcs8:)``, ``init(pem:)`` and ``generate()`` are checked to be ES256
/// (P-256) keys; one read back from a sealed payload is taken as stored, and a damaged one fails when it signs.
public struct PasskeyPrivateKey: Sendable {
    /// The largest key kept: a P-256 PKCS#8 key is about 140 bytes; this leaves room for what other writers add.
    public static let maximumByteCount = 4096

    private let der: SecureBytes

    /// Wraps DER bytes without checking them (the payload reader; the key was checked when it was stored).
    init(unchecked der: SecureBytes) {
        self.der = der
    }

    /// A PKCS#8 key, checked: it must be a P-256 key, and no larger than ``maximumByteCount``.
    public init(pkcs8 der: SecureBytes) throws(CryptoError) {
        guard der.count <= Self.maximumByteCount else { throw CryptoError.invalidKey("it is larger than any P-256 key") }
        _ = try Self.signingKey(der)
        self.der = der
    }

    /// A key from PEM text (KeePass's `KPEX_PASSKEY_PRIVATE_KEY_PEM`), read as leniently as ``PEM`` reads.
    public init(pem text: String) throws(CryptoError) {
        guard let der = PEM.privateKey(from: text) else { throw CryptoError.invalidKey("its PEM text cannot be read") }
        try self.init(pkcs8: der)
    }

    /// A key from base64url PKCS#8 (Bitwarden's `keyValue`, the Credential Exchange Format's `key`).
    public init(base64URL text: String) throws(CryptoError) {
        guard text.utf8.count <= Self.maximumByteCount * 2, let der = Base64URL.decodeSecret(text) else {
            throw CryptoError.invalidKey("it is not base64url")
        }
        try self.init(pkcs8: der)
    }

    /// A new random P-256 key, with the signing key it came from (its public point goes into the registration).
    public static func generate() throws(CryptoError) -> (key: PasskeyPrivateKey, signingKey: P256SigningKey) {
        let signingKey = try P256SigningKey.generate()
        return (PasskeyPrivateKey(unchecked: try signingKey.pkcs8()), signingKey)
    }

    /// The platform's signing key for this key; fails if the stored bytes are not a P-256 PKCS#8 key.
    public func signingKey() throws(CryptoError) -> P256SigningKey {
        try Self.signingKey(der)
    }

    private static func signingKey(_ der: SecureBytes) throws(CryptoError) -> P256SigningKey {
        let result = der.withUnsafeBytes { bytes in Result { () throws(CryptoError) in try P256SigningKey(pkcs8: bytes) } }
        return try result.get()
    }

    public var byteCount: Int { der.count }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try der.withUnsafeBytes(body)
    }

    /// PEM text for KeePass files. A `String` cannot be wiped: made only for an export.
    public var pemText: String { PEM.privateKeyText(der) }

    /// base64url text for Bitwarden's and the Credential Exchange Format's files. A `String` cannot be wiped either.
    public var base64URLText: String { der.withUnsafeBytes { Base64URL.encode($0) } }
}

extension PasskeyPrivateKey: Equatable {
    /// Constant time, as for every secret.
    public static func == (lhs: PasskeyPrivateKey, rhs: PasskeyPrivateKey) -> Bool {
        lhs.der.isEqual(to: rhs.der)
    }
}

extension PasskeyPrivateKey: Codable {
    /// base64url of the PKCS#8 bytes: the agent's and the backup's JSON carry keys like passwords.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard text.utf8.count <= Self.maximumByteCount * 2, let der = Base64URL.decodeSecret(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a passkey's private key is not base64url"))
        }
        self.init(unchecked: der)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64URLText)
    }
}

extension PasskeyPrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "PasskeyPrivateKey(redacted)" }
    public var debugDescription: String { description }
}
