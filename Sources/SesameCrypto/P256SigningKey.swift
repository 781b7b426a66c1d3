import Foundation

/// An ECDSA P-256 private key (ES256, COSE algorithm -7) from the platform's library: OpenSSL's libcrypto on Linux
/// (`P256SigningKey+OpenSSL.swift`), CryptoKit on Apple platforms (`P256SigningKey+CryptoKit.swift`). No curve
/// arithmetic is done here.
///
/// The key comes and goes as PKCS#8 DER (RFC 5208 `PrivateKeyInfo`), the form passkeys are kept and exchanged in
/// (KeePass's PEM, Bitwarden's and the Credential Exchange Format's base64url), always in ``SecureBytes``; the
/// library's own key object is freed (and its scalar cleared) when this value is released.
public final class P256SigningKey: @unchecked Sendable {
    // @unchecked: the backend's key is never mutated after initialisation; both backends may sign from several
    // threads at once (OpenSSL's EVP_PKEY is reference-counted and read-only here, CryptoKit's key is a value).
    let backend: Backend

    /// The public point, each coordinate exactly 32 bytes (left-padded with zeros: a coordinate that happens to start
    /// with a zero byte is still 32 bytes long, which is what COSE keys and relying parties require).
    public let publicKey: P256PublicKey

    init(backend: Backend) throws(CryptoError) {
        self.backend = backend
        publicKey = try backend.publicKey()
    }

    /// A fresh random key.
    public static func generate() throws(CryptoError) -> P256SigningKey {
        try P256SigningKey(backend: try Backend.generate())
    }

    /// Reads a PKCS#8 `PrivateKeyInfo` holding a P-256 key. Anything else is refused: another curve or algorithm
    /// (Ed25519, RSA), a SEC1 `ECPrivateKey` without the PKCS#8 wrapping, damaged or trailing bytes.
    public convenience init(pkcs8 der: some ContiguousBytes) throws(CryptoError) {
        let isPKCS8 = der.withUnsafeBytes { Self.looksLikePKCS8(UnsafeRawBufferPointer($0)) }
        guard isPKCS8 else { throw CryptoError.invalidKey("it is not a PKCS#8 private key") }
        try self.init(backend: try Backend(pkcs8: der))
    }

    /// The key as PKCS#8 DER.
    public func pkcs8() throws(CryptoError) -> SecureBytes {
        try backend.pkcs8()
    }

    /// An ECDSA signature with SHA-256 over `message`, DER-encoded (`SEQUENCE { r, s }`, 70 to 72 bytes): the form
    /// WebAuthn relying parties verify. The nonce is random, so two signatures of one message differ.
    public func signature(for message: some ContiguousBytes) throws(CryptoError) -> [UInt8] {
        try backend.signature(for: message)
    }

    /// The first bytes of any PKCS#8 `PrivateKeyInfo`: a SEQUENCE, then INTEGER 0 (the version), then the
    /// algorithm identifier's SEQUENCE. A SEC1 `ECPrivateKey` has version 1 and an OCTET STRING instead. Checked on
    /// both platforms alike, since CryptoKit also accepts SEC1.
    static func looksLikePKCS8(_ der: UnsafeRawBufferPointer) -> Bool {
        guard der.count >= 8, der[0] == 0x30 else { return false }
        var offset = 1
        // The outer length: short form, or long form with one or two length bytes (keys are small).
        switch der[1] {
        case 0..<0x80: offset = 2
        case 0x81: offset = 3
        case 0x82: offset = 4
        default: return false
        }
        guard der.count >= offset + 4 else { return false }
        return der[offset] == 0x02 && der[offset + 1] == 0x01 && der[offset + 2] == 0x00 && der[offset + 3] == 0x30
    }
}

extension P256SigningKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "P256SigningKey(redacted)" }
    public var debugDescription: String { description }
}

/// A P-256 public point as its two affine coordinates.
public struct P256PublicKey: Sendable, Equatable, Hashable {
    public static let coordinateByteCount = 32

    /// Exactly 32 bytes each, big-endian.
    public let x: [UInt8]
    public let y: [UInt8]

    public init(x: [UInt8], y: [UInt8]) throws(CryptoError) {
        guard x.count == Self.coordinateByteCount else { throw CryptoError.incorrectSize(expected: 32, actual: x.count) }
        guard y.count == Self.coordinateByteCount else { throw CryptoError.incorrectSize(expected: 32, actual: y.count) }
        self.x = x
        self.y = y
    }

    /// The uncompressed SEC1 encoding `04 ‖ x ‖ y` (65 bytes).
    public var uncompressed: [UInt8] { [0x04] + x + y }

    init(uncompressed point: [UInt8]) throws(CryptoError) {
        guard point.count == 65, point[0] == 0x04 else { throw CryptoError.invalidKey("its public point is not uncompressed") }
        try self.init(x: Array(point[1...32]), y: Array(point[33...64]))
    }
}
