import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import Testing

/// Key epochs: `sesame passwd` gives the synced vault a fresh root, so the old password and a copy of the old
/// `vault.hdr` (git history keeps one) open nothing written afterwards, and cannot add a device of their own.
@Suite struct SyncKeyEpochTests {
    let folder = TemporaryFolder()

    private func keyring(of header: [UInt8], password: String) throws -> SyncKeyring {
        let header = try SyncHeader(decoding: header)
        return try header.keyring(passwordKey: try PasswordKDF.deriveKey(from: SecureBytes(utf8: password),
                                                                         parameters: header.kdf))
    }

    private func titles(_ vault: Vault) throws -> Set<String> {
        Set(try vault.allItems(in: [.active]).items.map(\.title))
    }

    private func newestBatch(of vault: Vault, in transport: FolderTransport) throws -> (BatchName, [UInt8]) {
        let name = try #require(try transport.listBatches().filter { $0.device == vault.deviceID }.max())
        return (name, try #require(try transport.readBatch(name)))
    }

    @Test func theOldPasswordAndHeaderOpenNothingWrittenAfterPasswd() throws {
        let shared = FolderTransport(root: folder.file("shared"))
        let laptop = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        try laptop.add(Item(title: "Before", password: "old secret"))
        #expect(try laptop.sync(with: shared, snapshotEvery: 1).snapshotWritten != nil)
        let oldHeader = try #require(try shared.readHeader())
        let old = try keyring(of: oldHeader, password: testPassword)

        try laptop.changeMasterPassword(to: SecureBytes(utf8: "a new password"))
        try laptop.add(Item(title: "After", password: "new secret"))
        let report = try laptop.sync(with: shared, snapshotEvery: 1000)
        #expect(report.headerPublished && !report.summary(conflicts: 0).newPasswordNeeded)
        // Its snapshot under the retired key is replaced once, though 1,000 batches have not passed.
        #expect(report.snapshotWritten != nil)
        #expect(try laptop.sync(with: shared, snapshotEvery: 1000).snapshotWritten == nil)

        let (name, file) = try newestBatch(of: laptop, in: shared)
        #expect(try Batch.epoch(of: file) == 1)
        for entry in old.entries {
            #expect(throws: SyncError.authenticationFailed) {
                _ = try Batch.open(file, vault: try SyncHeader(decoding: oldHeader).vault, device: name.device,
                                   seq: name.seq, key: entry.keys.batch)
            }
        }
        // The new header holds both roots (older files stay readable to new devices), under the new password only.
        let current = try #require(try shared.readHeader())
        #expect(try keyring(of: current, password: "a new password").entries.map(\.epoch) == [0, 1])
        #expect(throws: SyncError.wrongPassword) { _ = try keyring(of: current, password: testPassword) }
        // Snapshots and acknowledgements written now are sealed under the new root too.
        let acknowledgement = try laptop.syncAcknowledgement()
        #expect(throws: SyncError.authenticationFailed) {
            _ = try Acknowledgement.open(acknowledgement.file, vault: try SyncHeader(decoding: oldHeader).vault,
                                         device: laptop.deviceID, key: old.current.keys.batch)
        }

        // A device joining now reads both epochs with the new password alone.
        let header = try SyncHeader(decoding: current)
        let tablet = try Vault.cloneForSync(
            at: folder.file("t.sqlite"), header: header, password: SecureBytes(utf8: "a new password"),
            publicSuffixList: emptySuffixList)
        _ = try tablet.sync(with: shared)
        #expect(try titles(tablet) == ["Before", "After"])
    }

    @Test func aDeviceBehindTheNewKeyPublishesNothingUntilItIsGivenThePassword() throws {
        let shared = FolderTransport(root: folder.file("shared"))
        let laptop = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let phone = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        try laptop.changeMasterPassword(to: SecureBytes(utf8: "a new password"))
        try laptop.add(Item(title: "Laptop item", password: "one"))
        _ = try laptop.sync(with: shared)

        try phone.add(Item(title: "Phone item", password: "two"))
        let published = try shared.listBatches().count
        let behind = try phone.sync(with: shared)
        #expect(behind.headerAdopted && behind.summary(conflicts: 0).newPasswordNeeded)
        #expect(behind.flushed == nil && behind.written.isEmpty, "nothing is sealed under the retired key")
        #expect(try shared.listBatches().count == published)
        #expect(try phone.syncStatus().pendingOps == 1 && phone.syncStatus().newPasswordNeeded)
        #expect(try titles(phone) == ["Phone item"], "the laptop's new batch waits for the key")
        #expect(behind.ingest.waiting.count == 1 && behind.ingest.sealedUnderMissingKey == behind.ingest.waiting)

        #expect(throws: VaultError.wrongPassword) { try phone.adoptSyncPassword(SecureBytes(utf8: testPassword)) }
        #expect(try phone.needsNewSyncPassword)
        #expect(try phone.adoptSyncPassword(SecureBytes(utf8: "a new password")))
        #expect(try !phone.needsNewSyncPassword)
        #expect(try !phone.adoptSyncPassword(SecureBytes(utf8: "a new password")), "nothing left to take in")
        let caughtUp = try phone.sync(with: shared)
        #expect(!caughtUp.summary(conflicts: 0).newPasswordNeeded && caughtUp.written.count == 1)
        let (_, file) = try newestBatch(of: phone, in: shared)
        #expect(try Batch.epoch(of: file) == 1)
        _ = try laptop.sync(with: shared)
        #expect(try titles(phone) == ["Laptop item", "Phone item"])
        #expect(try laptop.visibleState() == phone.visibleState())
        // The phone keeps its own master password.
        #expect(throws: VaultError.wrongPassword) {
            try Vault(path: folder.file("b.sqlite"), publicSuffixList: emptySuffixList)
                .unlock(password: SecureBytes(utf8: "a new password"))
        }
    }

    @Test func whatAnOldPasswordHolderWritesIsNeverApplied() throws {
        let shared = FolderTransport(root: folder.file("shared"))
        let laptop = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let phone = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        try phone.add(Item(title: "Phone item", password: "two"))
        _ = try phone.sync(with: shared)
        let oldHeader = try #require(try shared.readHeader())
        let vault = try SyncHeader(decoding: oldHeader).vault
        let old = try keyring(of: oldHeader, password: testPassword).current

        try laptop.changeMasterPassword(to: SecureBytes(utf8: "a new password"))
        // The laptop had not merged the phone's last batch before the change: it holds it, sealed under the key
        // it retired, until the phone vouches for it under the new one.
        let held = try laptop.sync(with: shared)
        #expect(held.ingest.heldUnderRetiredKey.map(\.device) == [phone.deviceID] && held.ingest.appliedBatches == 0)
        #expect(try titles(laptop).isEmpty)
        _ = try phone.sync(with: shared)
        try phone.adoptSyncPassword(SecureBytes(utf8: "a new password"))
        let vouched = try phone.sync(with: shared)
        #expect(vouched.written.count == 1, "an empty batch under the new key vouches for the older one")
        _ = try laptop.sync(with: shared)
        #expect(try titles(laptop) == ["Phone item"])
        try phone.add(Item(title: "Moved", password: "three"))
        _ = try phone.sync(with: shared)
        _ = try laptop.sync(with: shared)
        #expect(try titles(laptop) == ["Phone item", "Moved"])

        func forged(device: UUID, seq: UInt64, previous: [UInt8]) -> [UInt8] {
            let op = SyncOp(id: OpID(device: device, counter: 99), item: UUID(), kind: .delete, parents: [],
                            time: HybridTimestamp(milliseconds: 1, counter: 0))
            return Batch(device: device, seq: seq, previousHash: previous, seen: [:], ops: [op])
                .sealed(vault: vault, key: old.keys.batch, epoch: 0)
        }
        // A device of its own, under the key it knows: held for ever, since no batch under the new key vouches.
        let stranger = UUID()
        try shared.writeBatch(BatchName(device: stranger, seq: 1), forged(device: stranger, seq: 1, previous: Batch.noPreviousHash))
        // The phone's next file, under the key the phone has left: refused.
        let (last, lastFile) = try newestBatch(of: phone, in: shared)
        try shared.writeBatch(BatchName(device: phone.deviceID, seq: last.seq + 1),
                              forged(device: phone.deviceID, seq: last.seq + 1, previous: Batch.hash(ofFile: lastFile)))
        let report = try laptop.sync(with: shared)
        #expect(report.ingest.rejected.map(\.name) == [BatchName(device: phone.deviceID, seq: last.seq + 1)])
        #expect(report.ingest.rejected.allSatisfy { $0.reason == .retiredKey(epoch: 0) })
        #expect(report.ingest.heldUnderRetiredKey == [BatchName(device: stranger, seq: 1)])
        #expect(try report.ingest.appliedBatches == 0 && titles(laptop) == ["Phone item", "Moved"])
    }

    @Test func anOldPasswordHoldersHeaderLocksNoDeviceOut() throws {
        let shared = FolderTransport(root: folder.file("shared"))
        let laptop = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let phone = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        let oldHeader = try SyncHeader(decoding: try #require(try shared.readHeader()))
        let old = try keyring(of: oldHeader.encoded, password: testPassword)
        try laptop.changeMasterPassword(to: SecureBytes(utf8: "a new password"))
        _ = try laptop.sync(with: shared)

        // Tagged under the retired root, a generation far ahead, wrapped under a password only they know.
        let kdf = testKDF()
        let forged = SyncHeader(
            vault: oldHeader.vault, kdf: kdf, keyring: old.merged(with: SyncKeyring(entries: [.init(epoch: 5, root: SymmetricKey())])),
            passwordKey: try PasswordKDF.deriveKey(from: SecureBytes(utf8: "attacker"), parameters: kdf), generation: 99)
        try shared.writeHeader(forged.encoded)
        // The phone, behind, cannot tell it from a genuine change: it adopts it.
        #expect(try phone.sync(with: shared).headerAdopted)
        // The laptop, which holds the newest root, does not: it keeps its header and goes on publishing.
        try laptop.add(Item(title: "Laptop item", password: "one"))
        let laptopRound = try laptop.sync(with: shared)
        #expect(laptopRound.headerPublished && laptopRound.written.count == 1)
        // The phone sees the genuine header again and is given the real password: it takes in the new root and
        // makes a header that supersedes the forged one, which the laptop adopts.
        _ = try phone.sync(with: shared)
        #expect(throws: VaultError.wrongPassword) { try phone.adoptSyncPassword(SecureBytes(utf8: testPassword)) }
        #expect(try phone.adoptSyncPassword(SecureBytes(utf8: "a new password")))
        for _ in 0..<2 {
            _ = try phone.sync(with: shared)
            _ = try laptop.sync(with: shared)
        }
        #expect(try !phone.needsNewSyncPassword && !laptop.needsNewSyncPassword)
        let final = try SyncHeader(decoding: try #require(try shared.readHeader()))
        #expect(final.generation == 100 && final.supersedes(forged))
        #expect(try keyring(of: final.encoded, password: "a new password").entries.map(\.epoch) == [0, 1])
        #expect(try titles(phone) == ["Laptop item"])
    }

    @Test func aForgedHeaderAtTheEpochLimitMakesAPasswordChangeFailNotCrash() throws {
        let shared = FolderTransport(root: folder.file("shared"))
        _ = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let phone = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        let oldHeader = try SyncHeader(decoding: try #require(try shared.readHeader()))
        let old = try keyring(of: oldHeader.encoded, password: testPassword)
        let kdf = testKDF()
        let forged = SyncHeader(
            vault: oldHeader.vault, kdf: kdf,
            keyring: old.merged(with: SyncKeyring(entries: [.init(epoch: .max, root: SymmetricKey())])),
            passwordKey: try PasswordKDF.deriveKey(from: SecureBytes(utf8: "attacker"), parameters: kdf), generation: 5)
        try shared.writeHeader(forged.encoded)
        #expect(try phone.sync(with: shared).headerAdopted)
        #expect(throws: (any Error).self) { try phone.changeMasterPassword(to: SecureBytes(utf8: "new")) }
        // One transaction: the failed change left the vault as it was.
        try Vault(path: folder.file("b.sqlite"), publicSuffixList: emptySuffixList).unlock(password: SecureBytes(utf8: testPassword))
    }

    @Test func twoDevicesChangingThePasswordAtOnceEndWithEveryKey() throws {
        let shared = FolderTransport(root: folder.file("shared"))
        let laptop = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let phone = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        try laptop.changeMasterPassword(to: SecureBytes(utf8: "laptop password"))
        try phone.changeMasterPassword(to: SecureBytes(utf8: "phone password"))
        try laptop.add(Item(title: "Laptop item", password: "one"))
        try phone.add(Item(title: "Phone item", password: "two"))
        let devices = [laptop, phone]
        var adoptions = 0
        for _ in 0..<4 {
            for device in devices { _ = try device.sync(with: shared) }
            for device in devices where try device.needsNewSyncPassword {
                // The user types the password the header names; whichever of the two it is.
                if (try? device.adoptSyncPassword(SecureBytes(utf8: "laptop password"))) == nil {
                    try device.adoptSyncPassword(SecureBytes(utf8: "phone password"))
                }
                adoptions += 1
            }
        }
        #expect(adoptions >= 2 && adoptions <= 3)
        for device in devices { #expect(try !device.needsNewSyncPassword) }
        #expect(try titles(laptop) == ["Laptop item", "Phone item"])
        #expect(try laptop.visibleState() == phone.visibleState())
        let final = try #require(try shared.readHeader())
        let opened = try (try? keyring(of: final, password: "laptop password"))
            ?? keyring(of: final, password: "phone password")
        #expect(opened.entries.count == 3, "epoch 0 and both roots of epoch 1")
    }
}
