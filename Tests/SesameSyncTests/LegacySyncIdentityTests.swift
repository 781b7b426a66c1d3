import Foundation
import SesameCrypto
@testable import SesameStore
import SesameSync
import Testing

/// A vault synced before key epochs stored its sync identity as vault id ‖ root (one root, epoch 0, the log
/// sealed under that root's log key). Such vaults must keep syncing, and rotate like any other on `passwd`.
@Suite struct LegacySyncIdentityTests {
    let folder = TemporaryFolder()
    let password = testPassword
    let suffixes = emptySuffixList

    private func makeLegacy(_ vault: Vault) throws {
        let keys = try vault.requireKeys()
        let identity = try #require(try vault.syncIdentity(keys: keys))
        #expect(identity.keyring.entries.count == 1)
        var raw = identity.vault.byteArray + identity.keyring.current.keys.root.withUnsafeBytes { Array($0) }
        defer { zeroize(&raw) }
        try vault.database.writeTransaction {
            try vault.writeSetting(named: Vault.syncIdentitySetting, value: raw, keys: keys)
        }
    }

    private func titles(_ vault: Vault) throws -> Set<String> {
        Set(try vault.allItems(in: [.active]).items.map(\.title))
    }

    @Test func aVaultSyncedBeforeKeyEpochsKeepsSyncingAndRotatesOnPasswd() throws {
        let shared = FolderTransport(root: folder.path + "/shared")
        let kdf = try KDFParameters.generate(memoryMiB: 19, passes: 2)
        let laptop = try Vault.create(at: folder.path + "/a.sqlite", password: SecureBytes(utf8: password), kdf: kdf,
                                      publicSuffixList: suffixes)
        try laptop.add(Item(title: "Old item", password: "one"))
        try shared.writeHeader(try laptop.setUpSync(password: SecureBytes(utf8: password)).encoded)
        _ = try laptop.sync(with: shared)
        let phone = try Vault.cloneForSync(
            at: folder.path + "/b.sqlite", header: try SyncHeader(decoding: try #require(try shared.readHeader())),
            password: SecureBytes(utf8: password), publicSuffixList: suffixes)
        _ = try phone.sync(with: shared)
        try makeLegacy(laptop)
        try makeLegacy(phone)

        // The log sealed before still opens (conflict resolution reads it), and new changes sync.
        try phone.add(Item(title: "Phone item", password: "two"))
        _ = try phone.sync(with: shared)
        _ = try laptop.sync(with: shared)
        #expect(try titles(laptop) == ["Old item", "Phone item"])
        #expect(try laptop.syncConflicts().isEmpty)

        try laptop.changeMasterPassword(to: SecureBytes(utf8: "new one"))
        let rotated = try #require(try laptop.syncIdentity(keys: try laptop.requireKeys()))
        #expect(rotated.keyring.entries.map(\.epoch) == [0, 1])
        try laptop.add(Item(title: "After", password: "three"))
        _ = try laptop.sync(with: shared)
        _ = try phone.sync(with: shared)
        #expect(try phone.needsNewSyncPassword)
        try phone.adoptSyncPassword(SecureBytes(utf8: "new one"))
        _ = try phone.sync(with: shared)
        _ = try laptop.sync(with: shared)
        #expect(try titles(phone) == ["Old item", "Phone item", "After"])
        #expect(try titles(laptop) == titles(phone))
    }
}
