import Foundation
import SesameCrypto
import SesameSync
import Testing

/// `vault.hdr` reconciliation (`SyncHeaderReconciliation`) on in-memory stores.
@Suite struct SyncHeaderReconciliationTests {
    @Test func aMissingOrForeignMadeHeaderIsReplacedByThisCopysAndAnotherVaultsIsLeftAlone() throws {
        let laptop = MemorySyncStore()
        let local = try #require(laptop.localHeader)
        guard case .publish(let bytes) = try laptop.reconcileSyncHeader(published: nil) else {
            Issue.record("a missing header is published")
            return
        }
        #expect(bytes == local.encoded)
        guard case .unchanged = try laptop.reconcileSyncHeader(published: local.encoded) else {
            Issue.record("the same header changes nothing")
            return
        }
        // Made by nobody holding a root of this vault, of a later generation: published over.
        let stranger = MemorySyncStore.header(vault: laptop.vaultID, keyring: SyncKeyring(root: SymmetricKey()),
                                              generation: 5)
        guard case .publish = try laptop.reconcileSyncHeader(published: stranger.encoded) else {
            Issue.record("a header made by no holder of a root is replaced")
            return
        }
        #expect(laptop.localHeader == local && laptop.keptAsideHeader == nil)
        let otherVault = MemorySyncStore()
        guard case .unchanged = try laptop.reconcileSyncHeader(published: try #require(otherVault.localHeader).encoded)
        else {
            Issue.record("another vault's header is not this copy's to replace")
            return
        }
        guard case .publish = try laptop.reconcileSyncHeader(published: Array("not a header".utf8)) else {
            Issue.record("a malformed header is replaced")
            return
        }
    }

    @Test func aNewerHeaderFromAHolderOfTheNewestRootIsAdoptedAndMayAskForTheNewPassword() throws {
        let laptop = MemorySyncStore()
        let keyring = laptop.syncKeyring().keyring
        let rotated = try keyring.rotated(after: 0)
        let newer = MemorySyncStore.header(vault: laptop.vaultID, keyring: rotated, generation: 1)
        guard case .adopted = try laptop.reconcileSyncHeader(published: newer.encoded) else {
            Issue.record("a password change elsewhere is adopted")
            return
        }
        #expect(laptop.localHeader == newer)
        #expect(try laptop.needsNewSyncPassword)
        // An older generation after that is replaced by the adopted one.
        let older = MemorySyncStore.header(vault: laptop.vaultID, keyring: keyring, generation: 0)
        guard case .publish(let bytes) = try laptop.reconcileSyncHeader(published: older.encoded) else {
            Issue.record("an older header is replaced")
            return
        }
        #expect(bytes == newer.encoded)
    }

    @Test func aConcurrentPasswordChangeIsKeptAsideAndThisCopysHeaderPublished() throws {
        let laptop = MemorySyncStore()
        let keyring = laptop.syncKeyring().keyring
        // Both copies changed the password at once: each has a root of epoch 1 the other lacks.
        let ours = try keyring.rotated(after: 0)
        laptop.takeIn(ours)
        let ownHeader = MemorySyncStore.header(vault: laptop.vaultID, keyring: ours, generation: 1)
        laptop.storeHeader(ownHeader, pending: false)
        let theirs = MemorySyncStore.header(vault: laptop.vaultID, keyring: try keyring.rotated(after: 0), generation: 1)
        guard case .publish(let bytes) = try laptop.reconcileSyncHeader(published: theirs.encoded) else {
            Issue.record("this copy's header is published")
            return
        }
        #expect(bytes == ownHeader.encoded)
        #expect(laptop.keptAsideHeader == theirs)
        #expect(try laptop.needsNewSyncPassword)
        // Once this copy's header supersedes the one kept aside (a later generation), it is forgotten.
        let merged = MemorySyncStore.header(vault: laptop.vaultID, keyring: ours, generation: 2)
        laptop.storeHeader(merged, pending: false)
        _ = try laptop.reconcileSyncHeader(published: merged.encoded)
        #expect(laptop.keptAsideHeader == nil)
    }
}
