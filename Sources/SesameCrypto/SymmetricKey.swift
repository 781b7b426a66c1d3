import CSodium

/// A 256-bit secret key. Opaque: no `Codable`, no revealing description, bytes only through closures.
public struct SymmetricKey: Sendable {
    public static let byteCount = 32

    let bytes: SecureBytes

    /// A fresh random key.
    public init() {
        bytes = SecureBytes.random(count: Self.byteCount)
    }

    /// Wraps existing key bytes, which must be exactly 32 bytes long.
    public init(bytes: SecureBytes) throws(CryptoError) {
        guard bytes.count == Self.byteCount else {
            throw .incorrectSize(expected: Self.byteCount, actual: bytes.count)
        }
        self.bytes = bytes
    }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// An independent sub-key for one purpose, so that a key used for items never doubles as an index key.
    ///
    /// Uses libsodium's `crypto_kdf_derive_from_key` (BLAKE2b); `context` must be exactly 8 ASCII characters.
    public func deriveSubkey(id: UInt64, context: StaticString) -> SymmetricKey {
        Sodium.ensureInitialized()
        precondition(context.utf8CodeUnitCount == crypto_kdf_CONTEXTBYTES, "KDF contexts are 8 characters")
        let subkey = SecureBytes(count: Self.byteCount)
        subkey.withUnsafeMutableBytes { out in
            bytes.withUnsafeBytes { master in
                context.withUTF8Buffer { ctx in
                    ctx.withMemoryRebound(to: CChar.self) { ctx in
                        _ = crypto_kdf_derive_from_key(
                            out.baseAddress!.assumingMemoryBound(to: UInt8.self), out.count, id,
                            ctx.baseAddress!, master.baseAddress!.assumingMemoryBound(to: UInt8.self))
                    }
                }
            }
        }
        return try! SymmetricKey(bytes: subkey)  // size is fixed above
    }

    /// HMAC-SHA-256 of `message` under this key.
    public func authenticationCode<C: Collection>(for message: C) -> [UInt8] where C.Element == UInt8 {
        Sodium.ensureInitialized()
        var code = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        // One spare byte keeps the nonnull input pointer valid for an empty message.
        let input = Array(message) + [0]
        bytes.withUnsafeBytes { key in
            input.withUnsafeBufferPointer { input in
                code.withUnsafeMutableBufferPointer { out in
                    _ = crypto_auth_hmacsha256(
                        out.baseAddress!, input.baseAddress!, UInt64(input.count - 1),
                        key.baseAddress!.assumingMemoryBound(to: UInt8.self))
                }
            }
        }
        return code
    }
}

extension SymmetricKey {
    /// Keyed BLAKE2b-256 of `message`: a pseudorandom function that is cheap on short inputs, for digests that
    /// cover every row of a large vault.
    public func keyedHash(_ message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        message.withUnsafeBytes { input in out.withUnsafeMutableBytes { keyedHash(input, into: $0) } }
        return out
    }

    /// ``keyedHash(_:)`` between buffers the caller owns, for loops over many rows that should not allocate.
    /// `out` must hold 32 bytes.
    public func keyedHash(_ message: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        precondition(out.count >= 32)
        Sodium.ensureInitialized()
        var spare: UInt8 = 0  // a valid pointer for an empty message
        withUnsafeMutablePointer(to: &spare) { spare in
            bytes.withUnsafeBytes { key in
                _ = crypto_generichash(
                    out.baseAddress!.assumingMemoryBound(to: UInt8.self), 32,
                    message.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(spare), UInt64(message.count),
                    key.baseAddress!.assumingMemoryBound(to: UInt8.self), key.count)
            }
        }
    }
}

extension SymmetricKey: Equatable {
    /// Constant-time comparison.
    public static func == (lhs: SymmetricKey, rhs: SymmetricKey) -> Bool { lhs.bytes.isEqual(to: rhs.bytes) }
}

extension SymmetricKey: CustomStringConvertible {
    public var description: String { "SymmetricKey(redacted)" }
}
