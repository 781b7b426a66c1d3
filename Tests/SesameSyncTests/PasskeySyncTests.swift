import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import SesameSyncTransport
import Testing

/// Passkeys travel with their item through sync like passwords: a new device receives them whole, edits on either
/// side keep them, and both versions of a conflict hold their own.
@Suite struct PasskeySyncTests {
    let folder = TemporaryFolder()
    var shared: FolderTransport { FolderTransport(root: folder.file("sync")) }

    func passkey(_ user: String) throws -> Passkey {
        Passkey(credentialID: SecureRandom.bytes(count: 16), relyingPartyID: "example.org", userHandle: Array(user.utf8),
                userName: user, privateKey: try PasskeyPrivateKey.generate().key,
                created: Date(timeIntervalSinceReferenceDate: 700_000_000))
    }

    @Test func passkeysReachTheOtherDeviceAndSurviveItsEdits() throws {
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let alice = try passkey("alice")
        let item = Item(title: "Example", username: "alice", password: "pw", passkeys: [alice])
        try first.add(item)
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        #expect(try second.item(withID: item.id).item.passkeys == [alice])
        // The second device edits the item and adds a passkey; the first sees both passkeys afterwards.
        let bob = try passkey("bob")
        try second.updateItem(withID: item.id) { $0.notes = "edited"; $0.passkeys.append(bob) }
        for vault in [second, first] { _ = try vault.sync(with: shared) }
        let synced = try first.item(withID: item.id).item
        #expect(synced.passkeys == [alice, bob] && synced.notes == "edited")
        #expect(try synced.passkeys[1].privateKey.signingKey().publicKey == bob.privateKey.signingKey().publicKey)
    }

    @Test func bothVersionsOfAConflictKeepTheirPasskeys() throws {
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let item = Item(title: "Router", password: "original", passkeys: [try passkey("alice")])
        try first.add(item)
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        let fromFirst = try passkey("first"), fromSecond = try passkey("second")
        try first.updateItem(withID: item.id) { $0.passkeys.append(fromFirst) }
        try second.updateItem(withID: item.id) { $0.passkeys.append(fromSecond) }
        for vault in [first, second, first] { _ = try vault.sync(with: shared) }
        let conflicts = try second.syncConflicts()
        #expect(conflicts.count == 1)
        #expect(Set(conflicts[0].versions.map { $0.item.passkeys.last?.userName ?? "" }) == ["first", "second"])
        #expect(conflicts[0].versions.allSatisfy { $0.item.passkeys.first == item.passkeys[0] })
    }
}
