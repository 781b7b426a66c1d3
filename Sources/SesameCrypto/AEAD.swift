import CSodium

/// XChaCha20-Poly1305 authenticated encryption with a random 192-bit nonce per message.
///
/// Layout of a sealed box: nonce (24 bytes) ‖ ciphertext ‖ tag (16 bytes). Random nonces of this size never
/// repeat in practice, so callers need not track them.
///
/// A compact box (`sealCompact`, for records stored by the hundred thousand: the vault's items) stores 16 random
/// nonce bytes and leaves the last 8 of the 24 zero: nonce (16 bytes) ‖ ciphertext ‖ tag. XChaCha20 runs those
/// first 16 bytes through HChaCha20 into a key for the message, so what must not repeat under one key is 128 random
/// bits: among q boxes the chance of any repeat stays below q²/2¹²⁹ (2⁻⁶⁵ after 2³² boxes).
public enum AEAD {
    public static let nonceByteCount = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    public static let tagByteCount = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
    public static let overhead = nonceByteCount + tagByteCount
    /// The nonce bytes a compact box stores, and its overhead.
    public static let compactNonceByteCount = 16
    public static let compactOverhead = compactNonceByteCount + tagByteCount

    /// Encrypts and authenticates `plaintext`, binding `associatedData` (which is authenticated, not encrypted).
    public static func seal(
        _ plaintext: UnsafeRawBufferPointer, using key: SymmetricKey, authenticating associatedData: [UInt8]
    ) -> [UInt8] {
        Sodium.ensureInitialized()
        var nonce = [UInt8](repeating: 0, count: nonceByteCount)
        randombytes_buf(&nonce, nonceByteCount)
        return seal(plaintext, using: key, nonce: nonce, authenticating: associatedData)
    }

    /// Seals with a given nonce; only tests call it directly (known-answer vectors), everything else draws a
    /// random nonce through `seal(_:using:authenticating:)`.
    static func seal(
        _ plaintext: UnsafeRawBufferPointer, using key: SymmetricKey, nonce: [UInt8],
        authenticating associatedData: [UInt8]
    ) -> [UInt8] {
        seal(plaintext, using: key, nonce: nonce, storing: nonceByteCount, authenticating: associatedData)
    }

    /// Seals a compact box (see the type's comment): 16 stored random nonce bytes, 8 bytes less than `seal`.
    public static func sealCompact(
        _ plaintext: UnsafeRawBufferPointer, using key: SymmetricKey, authenticating associatedData: [UInt8]
    ) -> [UInt8] {
        Sodium.ensureInitialized()
        var nonce = [UInt8](repeating: 0, count: nonceByteCount)
        randombytes_buf(&nonce, compactNonceByteCount)
        return seal(plaintext, using: key, nonce: nonce, storing: compactNonceByteCount, authenticating: associatedData)
    }

    public static func sealCompact(_ plaintext: [UInt8], using key: SymmetricKey, authenticating associatedData: [UInt8])
        -> [UInt8]
    {
        plaintext.withUnsafeBytes { sealCompact($0, using: key, authenticating: associatedData) }
    }

    /// The box keeps the first `storedNonceCount` bytes of `nonce`; the others must be what the opener assumes.
    private static func seal(
        _ plaintext: UnsafeRawBufferPointer, using key: SymmetricKey, nonce: [UInt8], storing storedNonceCount: Int,
        authenticating associatedData: [UInt8]
    ) -> [UInt8] {
        precondition(nonce.count == nonceByteCount)
        Sodium.ensureInitialized()
        var box = Array(nonce.prefix(storedNonceCount)) + [UInt8](repeating: 0, count: plaintext.count + tagByteCount)
        var dummy: UInt8 = 0
        box.withUnsafeMutableBufferPointer { box in
            nonce.withUnsafeBufferPointer { nonce in
                associatedData.withUnsafeBufferPointer { ad in
                    key.withUnsafeBytes { key in
                        withUnsafeMutablePointer(to: &dummy) { dummy in
                            var written: UInt64 = 0
                            _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                                box.baseAddress! + storedNonceCount, &written,
                                plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(dummy),
                                UInt64(plaintext.count),
                                ad.baseAddress ?? UnsafePointer(dummy), UInt64(ad.count), nil, nonce.baseAddress!,
                                key.baseAddress!.assumingMemoryBound(to: UInt8.self))
                        }
                    }
                }
            }
        }
        return box
    }

    public static func seal(_ plaintext: [UInt8], using key: SymmetricKey, authenticating associatedData: [UInt8])
        -> [UInt8]
    {
        plaintext.withUnsafeBytes { seal($0, using: key, authenticating: associatedData) }
    }

    public static func seal(_ plaintext: SecureBytes, using key: SymmetricKey, authenticating associatedData: [UInt8])
        -> [UInt8]
    {
        plaintext.withUnsafeBytes { seal($0, using: key, authenticating: associatedData) }
    }

    /// Authenticates and decrypts a sealed box. The caller owns the returned plaintext and should zero it.
    public static func open<C: Collection>(
        _ box: C, using key: SymmetricKey, authenticating associatedData: [UInt8]
    ) throws(CryptoError) -> [UInt8] where C.Element == UInt8 {
        let plaintext = try openSecure(box, using: key, authenticating: associatedData)
        return plaintext.withUnsafeBytes { Array($0) }
    }

    /// Like `open`, into memory that is zeroed when released (and locked, unless `lockedInMemory` is false): for keys
    /// and other secrets that must not linger in ordinary heap memory.
    public static func openSecure<C: Collection>(
        _ box: C, using key: SymmetricKey, authenticating associatedData: [UInt8], lockedInMemory: Bool = true
    ) throws(CryptoError) -> SecureBytes where C.Element == UInt8 {
        try openSecure(box, storing: nonceByteCount, using: key, authenticating: associatedData, lockedInMemory: lockedInMemory)
    }

    /// ``openSecure(_:using:authenticating:lockedInMemory:)`` for a compact box (`sealCompact`).
    public static func openSecureCompact<C: Collection>(
        _ box: C, using key: SymmetricKey, authenticating associatedData: [UInt8], lockedInMemory: Bool = true
    ) throws(CryptoError) -> SecureBytes where C.Element == UInt8 {
        try openSecure(box, storing: compactNonceByteCount, using: key, authenticating: associatedData, lockedInMemory: lockedInMemory)
    }

    private static func openSecure<C: Collection>(
        _ box: C, storing storedNonceCount: Int, using key: SymmetricKey, authenticating associatedData: [UInt8],
        lockedInMemory: Bool
    ) throws(CryptoError) -> SecureBytes where C.Element == UInt8 {
        Sodium.ensureInitialized()
        // An array or a slice of one is read where it is; anything else is copied first.
        if let opened = box.withContiguousStorageIfAvailable({ sealed in
            Result { () throws(CryptoError) in
                try openSecure(UnsafeRawBufferPointer(sealed), storing: storedNonceCount, using: key,
                               authenticating: associatedData, lockedInMemory: lockedInMemory)
            }
        }) {
            return try opened.get()
        }
        return try Array(box).withUnsafeBytes { sealed in
            Result { () throws(CryptoError) in
                try openSecure(sealed, storing: storedNonceCount, using: key, authenticating: associatedData,
                               lockedInMemory: lockedInMemory)
            }
        }.get()
    }

    private static func openSecure(
        _ sealed: UnsafeRawBufferPointer, storing storedNonceCount: Int, using key: SymmetricKey,
        authenticating associatedData: [UInt8], lockedInMemory: Bool
    ) throws(CryptoError) -> SecureBytes {
        let sealed = sealed.assumingMemoryBound(to: UInt8.self)
        guard sealed.count >= storedNonceCount + tagByteCount else { throw .truncatedBox }
        // The nonce as sealed: the stored bytes, then zeros (none for a full box). On the stack: every item read
        // opens one box.
        var nonce: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &nonce) {
            UnsafeMutableRawBufferPointer(rebasing: $0[0..<storedNonceCount])
                .copyMemory(from: UnsafeRawBufferPointer(start: sealed.baseAddress, count: storedNonceCount))
        }
        let plaintext = SecureBytes(count: sealed.count - storedNonceCount - tagByteCount, lockedInMemory: lockedInMemory)
        var dummy: UInt8 = 0
        let status = withUnsafeBytes(of: &nonce) { nonce in
            plaintext.withUnsafeMutableBytes { out in
                associatedData.withUnsafeBufferPointer { ad in
                    key.withUnsafeBytes { key in
                        withUnsafeMutablePointer(to: &dummy) { dummy in
                            var written: UInt64 = 0
                            return crypto_aead_xchacha20poly1305_ietf_decrypt(
                                out.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? dummy, &written, nil,
                                sealed.baseAddress! + storedNonceCount, UInt64(sealed.count - storedNonceCount),
                                ad.baseAddress ?? UnsafePointer(dummy), UInt64(ad.count),
                                nonce.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                key.baseAddress!.assumingMemoryBound(to: UInt8.self))
                        }
                    }
                }
            }
        }
        guard status == 0 else { throw .authenticationFailure }
        return plaintext
    }
}
