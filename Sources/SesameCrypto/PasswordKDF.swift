import CSodium

/// Turns a master password into a key-encryption key with Argon2id.
public enum PasswordKDF {
    /// Derives a 256-bit key. Costs about 0.1 s and 64 MiB at the default parameters.
    public static func deriveKey(from password: SecureBytes, parameters: KDFParameters) throws(CryptoError)
        -> SymmetricKey
    {
        try parameters.validate()
        Sodium.ensureInitialized()
        let key = SecureBytes(count: SymmetricKey.byteCount)
        let status = key.withUnsafeMutableBytes { out in
            password.withUnsafeBytes { pw in
                parameters.salt.withUnsafeBufferPointer { salt in
                    crypto_pwhash(
                        out.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(out.count),
                        // SecureBytes always has an address, even when empty, as crypto_pwhash's nonnull pointers require.
                        pw.baseAddress!.assumingMemoryBound(to: CChar.self),
                        UInt64(pw.count), salt.baseAddress!, parameters.passes, Int(parameters.memoryBytes),
                        parameters.algorithm)
                }
            }
        }
        guard status == 0 else {
            throw .invalidKDFParameters("the key derivation ran out of memory (\(parameters.memoryMiB) MiB)")
        }
        return try SymmetricKey(bytes: key)
    }
}
