import Foundation
import SesameCrypto

/// The key the master password derives (Argon2id's output, the key-encryption key), kept so a vault can be opened
/// again without running Argon2id: the AutoFill extension cannot afford Argon2id's memory, and a session kept
/// across extension processes must reopen the vault in each.
///
/// It unwraps the vault key exactly as the password does, with the same authenticated check: a key that is wrong
/// or stale (the master password changed since, which changes the salt and the vault key) is refused as a wrong
/// password, never half-accepted. Whoever holds it can open the vault, like the vault key itself; keep it where
/// only this device and this user can read it (the keychain), never in a file.
public struct VaultUnlockKey: Sendable {
    public let bytes: SecureBytes

    public init(bytes: SecureBytes) {
        self.bytes = bytes
    }
}

extension Vault {
    /// Unlocks with the master password and returns the key it derived, for a keychain copy.
    @discardableResult
    public func unlockReturningKey(password: SecureBytes) throws -> VaultUnlockKey {
        try withErrorMapping {
            let header = try readHeader()
            let wrappingKey = try PasswordKDF.deriveKey(from: password, parameters: header.kdf)
            try unlock(header: header, wrappingKey: wrappingKey)
            return VaultUnlockKey(bytes: wrappingKey.withUnsafeBytes { SecureBytes(copying: $0) })
        }
    }

    /// Unlocks with a key ``unlockReturningKey(password:)`` returned, without Argon2id. Throws
    /// `VaultError.wrongPassword` when the key does not open this vault (any longer).
    public func unlock(key: VaultUnlockKey) throws {
        try withErrorMapping {
            let header = try readHeader()
            let wrappingKey: SymmetricKey
            do {
                wrappingKey = try SymmetricKey(bytes: key.bytes)
            } catch {
                throw VaultError.wrongPassword
            }
            try unlock(header: header, wrappingKey: wrappingKey)
        }
    }

    private func unlock(header: VaultHeader, wrappingKey: SymmetricKey) throws {
        guard let unwrapped = header.unwrapVaultKey(with: wrappingKey) else { throw VaultError.wrongPassword }
        let vaultKey = try SymmetricKey(bytes: unwrapped.key)
        keys = Keys(vault: vaultKey)
        try checkIntegrity(keyStatesDigests: unwrapped.wrapping == .keepsDigests)
        if unwrapped.wrapping == .predatesDigests, !database.isReadOnly {
            try rewrapKey(vaultKey, under: wrappingKey, replacing: header)
        }
        try rebuildIndexIfNeeded()
    }
}
