import SesameCrypto

/// A credential public key in COSE form (RFC 9052 §7, RFC 9053 §7.1.1) as it goes into authenticator data: an EC2
/// key on P-256 for ES256, `{1: 2, 3: -7, -1: 1, -2: x, -3: y}`, 77 bytes
/// (`a5 01 02 03 26 20 01 21 58 20 ‹x› 22 58 20 ‹y›`).
///
/// Both coordinates are exactly 32 bytes: a 33-byte coordinate (a sign byte, as some big-integer libraries write it)
/// is accepted at registration by the common relying-party libraries and then fails every sign-in.
public enum COSEKey {
    public static let es256ByteCount = 77

    /// The COSE key of an ES256 public key.
    public static func es256(_ key: P256PublicKey) -> [UInt8] {
        let encoded = CBOR.map([
            (.unsigned(1), .unsigned(2)),                 // kty: EC2
            (.unsigned(3), .integer(COSEAlgorithm.es256)), // alg: ES256
            (.negative(-1), .unsigned(1)),                // crv: P-256
            (.negative(-2), .bytes(key.x)),               // x
            (.negative(-3), .bytes(key.y)),               // y
        ]).encoded
        // P256PublicKey holds 32-byte coordinates only, so the size is fixed; a change here must fail loudly.
        precondition(encoded.count == es256ByteCount, "an ES256 COSE key is 77 bytes")
        return encoded
    }
}
