import Foundation
import SesameCrypto
import SesameStore
import SesameSync
import Testing

/// `vault.hdr` after a master password change: the next generation, published by the device that changed it,
/// adopted by the others, and never replaced by a header that no holder of the root made.
@Suite struct SyncHeaderTests {
    let folder = TemporaryFolder()

    private func opens(_ header: SyncHeader, with password: String) -> Bool {
        guard let key = try? PasswordKDF.deriveKey(from: SecureBytes(utf8: password), parameters: header.kdf) else {
            return false
        }
        return (try? header.keyring(passwordKey: key)) != nil
    }

    @Test func passwdPublishesTheNextGenerationAndOtherDevicesAdoptIt() throws {
        let shared = FolderTransport(root: folder.file("shared"))
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        let original = try SyncHeader(decoding: try #require(try shared.readHeader()))
        #expect(original.generation == 0 && opens(original, with: testPassword))

        try first.changeMasterPassword(to: SecureBytes(utf8: "a new password"))
        #expect(try first.sync(with: shared).headerPublished)
        let published = try SyncHeader(decoding: try #require(try shared.readHeader()))
        #expect(published.generation == 1 && published.vault == original.vault)
        #expect(opens(published, with: "a new password"))
        #expect(!opens(published, with: testPassword), "the old password opens no current header")

        // The other device keeps its own password and its root; it adopts the new header and keeps it.
        #expect(try second.sync(with: shared).headerAdopted)
        let again = try second.sync(with: shared)
        #expect(!again.headerAdopted && !again.headerPublished)
        #expect(try shared.readHeader() == published.encoded)
        // A transport that rolls the header back gets the newer one again.
        try shared.writeHeader(original.encoded)
        #expect(try second.sync(with: shared).headerPublished)
        #expect(try shared.readHeader() == published.encoded)
    }

    @Test func aHeaderNoHolderOfTheRootMadeIsNeitherAdoptedNorKept() throws {
        let shared = FolderTransport(root: folder.file("shared"))
        let first = try makeSyncedVault(at: folder.file("a.sqlite"), transport: shared)
        _ = try first.sync(with: shared)
        let genuine = try #require(try shared.readHeader())
        // The transport swaps in a header of the same vault, a high generation, its own root and password.
        let mine = try SyncHeader(decoding: genuine)
        let kdf = try KDFParameters.generate(memoryMiB: 19, passes: 2)
        let forged = SyncHeader(
            vault: mine.vault, kdf: kdf, keyring: SyncKeyring(root: SymmetricKey()),
            passwordKey: try PasswordKDF.deriveKey(from: SecureBytes(utf8: "attacker"), parameters: kdf), generation: 9)
        try shared.writeHeader(forged.encoded)
        let report = try first.sync(with: shared)
        #expect(report.headerPublished && !report.headerAdopted)
        #expect(try shared.readHeader() == genuine)
    }
}
