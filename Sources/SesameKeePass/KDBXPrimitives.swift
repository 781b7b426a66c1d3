import CSodium

/// The hashes, MAC and stream ciphers of the format, all from libsodium.
enum KDBXPrimitives {
    static func sha256(_ parts: [UInt8]...) -> [UInt8] {
        ensureSodium()
        var state = crypto_hash_sha256_state()
        crypto_hash_sha256_init(&state)
        for part in parts { part.withUnsafeBufferPointer { _ = crypto_hash_sha256_update(&state, $0.baseAddress, UInt64($0.count)) } }
        var out = [UInt8](repeating: 0, count: 32)
        crypto_hash_sha256_final(&state, &out)
        return out
    }

    static func sha512(_ parts: [UInt8]...) -> [UInt8] {
        ensureSodium()
        var state = crypto_hash_sha512_state()
        crypto_hash_sha512_init(&state)
        for part in parts { part.withUnsafeBufferPointer { _ = crypto_hash_sha512_update(&state, $0.baseAddress, UInt64($0.count)) } }
        var out = [UInt8](repeating: 0, count: 64)
        crypto_hash_sha512_final(&state, &out)
        return out
    }

    static func hmacSHA256(key: [UInt8], _ parts: ArraySlice<UInt8>...) -> [UInt8] {
        ensureSodium()
        var state = crypto_auth_hmacsha256_state()
        crypto_auth_hmacsha256_init(&state, key, key.count)
        for part in parts { part.withUnsafeBufferPointer { _ = crypto_auth_hmacsha256_update(&state, $0.baseAddress, UInt64($0.count)) } }
        var out = [UInt8](repeating: 0, count: 32)
        crypto_auth_hmacsha256_final(&state, &out)
        return out
    }

    /// Constant-time comparison, for MACs and hashes that decide between "wrong key" and "open".
    static func equal(_ a: [UInt8], _ b: some Collection<UInt8>) -> Bool {
        let b = Array(b)
        guard a.count == b.count, !a.isEmpty else { return a.count == b.count }
        return sodium_memcmp(a, b, a.count) == 0
    }

    /// ChaCha20 (RFC 7539: 32-byte key, 12-byte nonce) XORed over `data` starting at 64-byte block `counter`.
    static func chaCha20(_ data: inout [UInt8], key: [UInt8], nonce: [UInt8], counter: UInt32 = 0) {
        ensureSodium()
        guard !data.isEmpty else { return }
        data.withUnsafeMutableBufferPointer { buffer in
            _ = crypto_stream_chacha20_ietf_xor_ic(buffer.baseAddress!, buffer.baseAddress!, UInt64(buffer.count), nonce, counter, key)
        }
    }

    /// Salsa20 (32-byte key, 8-byte nonce) XORed over `data` starting at 64-byte block `counter`.
    static func salsa20(_ data: inout [UInt8], key: [UInt8], nonce: [UInt8], counter: UInt64) {
        ensureSodium()
        guard !data.isEmpty else { return }
        data.withUnsafeMutableBufferPointer { buffer in
            _ = crypto_stream_salsa20_xor_ic(buffer.baseAddress!, buffer.baseAddress!, UInt64(buffer.count), nonce, counter, key)
        }
    }

    private static let initialized: Void = {
        guard sodium_init() >= 0 else { fatalError("libsodium could not be initialised") }
    }()
    private static func ensureSodium() { _ = initialized }
}
