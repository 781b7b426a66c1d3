import SesameCrypto

/// The vault's single header row: how to turn the master password into the key that unwraps the vault key.
struct VaultHeader: Equatable {
    var vaultID: [UInt8]
    var kdf: KDFParameters
    var wrappedKey: [UInt8]
    var checksum: [UInt8]

    /// What the wrapped key's associated data says about the vault. Version 2 states that the vault keeps the keyed
    /// digests over its rows (`Vault+Integrity`), so deleting them cannot pass the vault off as one written before
    /// they existed: changing the statement needs the master password.
    enum KeyWrapping: UInt8 {
        case predatesDigests = 1
        case keepsDigests = 2
    }

    /// Binds the wrapped key to this vault, so a key box copied from another vault does not open here, and to what
    /// the vault keeps (see `KeyWrapping`).
    func wrappingAssociatedData(_ wrapping: KeyWrapping) -> [UInt8] {
        Array("sesame.vault-key.v\(wrapping.rawValue)".utf8) + vaultID
    }

    /// The vault key, and how it was wrapped, when `wrappingKey` (from the master password) opens it; nil otherwise.
    func unwrapVaultKey(with wrappingKey: SymmetricKey) -> (key: SecureBytes, wrapping: KeyWrapping)? {
        for wrapping in [KeyWrapping.keepsDigests, .predatesDigests] {
            if let key = try? AEAD.openSecure(wrappedKey, using: wrappingKey, authenticating: wrappingAssociatedData(wrapping)) {
                return (key, wrapping)
            }
        }
        return nil
    }

    /// A BLAKE2b checksum over every field. It tells accidental damage to the header apart from a wrong
    /// password, which otherwise look the same: the vault key would simply fail to unwrap.
    func computedChecksum() -> [UInt8] {
        var bytes = Array("sesame.header.v1".utf8)
        bytes += vaultID
        bytes += withUnsafeBytes(of: kdf.algorithm.littleEndian, Array.init)
        bytes += withUnsafeBytes(of: kdf.passes.littleEndian, Array.init)
        bytes += withUnsafeBytes(of: kdf.memoryBytes.littleEndian, Array.init)
        bytes += kdf.salt
        bytes += wrappedKey
        return Digest.blake2b(bytes)
    }

    var isIntact: Bool { checksum == computedChecksum() }

    /// A header that wraps `vaultKey` under a key derived from `password`.
    static func make(vaultID: [UInt8], vaultKey: SymmetricKey, password: SecureBytes, kdf: KDFParameters) throws
        -> VaultHeader
    {
        make(vaultID: vaultID, vaultKey: vaultKey,
             wrappingKey: try PasswordKDF.deriveKey(from: password, parameters: kdf), kdf: kdf)
    }

    /// The same, with the key the password derives already at hand (the sync header is wrapped under it too).
    static func make(vaultID: [UInt8], vaultKey: SymmetricKey, wrappingKey: SymmetricKey, kdf: KDFParameters)
        -> VaultHeader
    {
        var header = VaultHeader(vaultID: vaultID, kdf: kdf, wrappedKey: [], checksum: [])
        header.wrappedKey = vaultKey.withUnsafeBytes {
            AEAD.seal($0, using: wrappingKey, authenticating: header.wrappingAssociatedData(.keepsDigests))
        }
        header.checksum = header.computedChecksum()
        return header
    }
}
