import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore
import SesameSync
import Testing

/// The equivalent-domain groups travel with sync as their own records: changes reach every device, concurrent
/// changes merge into the same union everywhere, and removals made after seeing a group win.
@Suite struct SyncedSettingsTests {
    let folder = TemporaryFolder()

    private func groups(_ vault: Vault) throws -> Set<Set<String>> {
        Set(try LocalVaultService(vault: vault).equivalents().groups.map { Set($0.domains) })
    }

    @Test func equivalentsSyncAndConcurrentChangesMergeTheSameEverywhere() throws {
        let shared = FolderTransport(root: folder.file("shared"))
        let first = try Vault.create(
            at: folder.file("a.sqlite"), password: SecureBytes(utf8: testPassword), kdf: testKDF(),
            publicSuffixList: emptySuffixList)
        // Declared before sync was set up: setup records the groups, the first round publishes them.
        _ = try LocalVaultService(vault: first).addEquivalents(["alpha.com", "beta.com"])
        try shared.writeHeader(try first.setUpSync(password: SecureBytes(utf8: testPassword)).encoded)
        _ = try first.sync(with: shared)
        let second = try cloneSyncedVault(at: folder.file("b.sqlite"), transport: shared)
        #expect(try groups(second) == [["alpha.com", "beta.com"]])

        // Both devices change the groups offline.
        _ = try LocalVaultService(vault: first).addEquivalents(["gamma.com", "delta.com"])
        _ = try LocalVaultService(vault: second).addEquivalents(["epsilon.com", "zeta.com"])
        for vault in [first, second, first] { _ = try vault.sync(with: shared) }
        let union: Set<Set<String>> = [["alpha.com", "beta.com"], ["gamma.com", "delta.com"], ["epsilon.com", "zeta.com"]]
        #expect(try groups(first) == union)
        #expect(try groups(second) == union)
        #expect(try first.syncConflicts().isEmpty, "settings are merged, never listed as item conflicts")

        // A removal made after seeing every version supersedes them all, on every device.
        _ = try LocalVaultService(vault: second).removeEquivalents(["gamma.com"])
        for vault in [second, first] { _ = try vault.sync(with: shared) }
        let after: Set<Set<String>> = [["alpha.com", "beta.com"], ["epsilon.com", "zeta.com"]]
        #expect(try groups(first) == after)
        #expect(try groups(second) == after)
        let third = try cloneSyncedVault(at: folder.file("c.sqlite"), transport: shared)
        #expect(try groups(third) == after)
    }
}
