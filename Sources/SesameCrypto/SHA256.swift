import CSodium
import Foundation

/// SHA-256 from libsodium, on every platform: WebAuthn hashes relying party ids and client data with it.
public enum SHA256 {
    public static let byteCount = 32

    /// The digest of `bytes`.
    public static func hash(_ bytes: some ContiguousBytes) -> [UInt8] {
        Sodium.ensureInitialized()
        var out = [UInt8](repeating: 0, count: byteCount)
        bytes.withUnsafeBytes { input in
            // One spare byte keeps the nonnull input pointer valid for empty input.
            let empty: [UInt8] = [0]
            if let base = input.baseAddress, input.count > 0 {
                _ = crypto_hash_sha256(&out, base.assumingMemoryBound(to: UInt8.self), UInt64(input.count))
            } else {
                _ = crypto_hash_sha256(&out, empty, 0)
            }
        }
        return out
    }
}
