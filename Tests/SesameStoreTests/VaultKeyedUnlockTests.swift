import Foundation
import Testing
import SesameCrypto
@testable import SesameStore

/// Opening a vault with the key the master password derived, without Argon2id: what the AutoFill extension does
/// with a key from the keychain.
@Suite struct VaultKeyedUnlockTests {
    @Test func theDerivedKeyOpensTheVaultInAnotherHandle() throws {
        let folder = TemporaryFolder()
        let item = Item(title: "GitHub", username: "alice", password: "pw1", urls: [ItemURL("https://github.com")])
        let key: VaultUnlockKey
        do {
            let vault = try makeVault(in: folder)
            try vault.add(item)
            vault.lock()
            key = try vault.unlockReturningKey(password: SecureBytes(utf8: "correct horse"))
            #expect(key.bytes.count == 32)
            vault.close()
        }
        let reopened = try Vault(path: folder.file("vault.sqlite"), publicSuffixList: testPublicSuffixList)
        try reopened.unlock(key: key)
        #expect(try reopened.item(withID: item.id).item.password == "pw1")
    }

    @Test func aWrongKeyIsAWrongPasswordAndLeavesTheVaultLocked() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        vault.lock()
        #expect(throws: VaultError.wrongPassword) { try vault.unlock(key: VaultUnlockKey(bytes: .random(count: 32))) }
        #expect(throws: VaultError.wrongPassword) { try vault.unlock(key: VaultUnlockKey(bytes: .random(count: 7))) }
        #expect(!vault.isUnlocked)
    }

    @Test func aKeyFromBeforeAMasterPasswordChangeNoLongerOpens() throws {
        let folder = TemporaryFolder()
        let vault = try makeVault(in: folder)
        let old = try vault.unlockReturningKey(password: SecureBytes(utf8: "correct horse"))
        try vault.changeMasterPassword(to: SecureBytes(utf8: "battery staple"))
        vault.lock()
        #expect(throws: VaultError.wrongPassword) { try vault.unlock(key: old) }
        let new = try vault.unlockReturningKey(password: SecureBytes(utf8: "battery staple"))
        vault.lock()
        try vault.unlock(key: new)
        #expect(vault.isUnlocked)
    }
}
