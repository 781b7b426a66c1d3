import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
import SesameCrypto
import SesameStore
import Testing
import UIKit

/// Two iPhones (two app instances on two vault paths) share one folder picked in Files, as a person sets it up: the
/// first turns sync on in an empty folder, the second joins from it on a new install. They converge by themselves:
/// a change is published a moment after it is made, and the other app's presenter hears the new file and merges it.
@MainActor
@Suite struct AppSyncTests {
    /// Sets up sync on the harness's vault (GitHub, Example) in a new picked folder, and joins it from a new install.
    private func twoPhones() async throws -> (ExtensionHarness, AppModel, AppInstall, AppModel, PickedFolder) {
        let h = try ExtensionHarness()
        let folder = PickedFolder()
        let first = AppModel(environment: h.environment, pasteboard: .withUniqueName())
        try await first.unlock(password: ExtensionHarness.password)
        quick(first.sync)
        try await first.setUpSync(in: folder.url, masterPassword: ExtensionHarness.password)
        #expect(first.sync.status.isIdle)
        #expect(folder.names().contains("vault.hdr"))

        let install = AppInstall()
        let second = install.makeApp()
        quick(second.sync)
        try await second.joinSyncedVault(in: folder.url, password: ExtensionHarness.password)
        try await waitUntil { second.items.count == 2 }
        #expect(Set(second.items.map(\.title)) == ["GitHub", "Example"])
        return (h, first, install, second, folder)
    }

    private func quick(_ sync: AppSync) {
        sync.delayAfterChange = .milliseconds(10)
        sync.delayAfterFolderChange = .milliseconds(10)
    }

    private func password(of id: UUID, in app: AppModel) async throws -> String {
        try await app.provider.perform { try $0.reveal(id).password }
    }

    @Test func aChangeOnOnePhoneReachesTheOtherWithoutAskingAndTheSuggestionsFollow() async throws {
        let (h, first, install, second, folder) = try await twoPhones()
        // The second phone's install lives until the end (its deinit removes its files).
        defer { withExtendedLifetime(install) {} }
        // The joined phone's suggestions follow the logins its first round brought in.
        try await waitUntil { install.suggestions == ["example.com bob", "github.com alice"] }

        try await first.update(h.github.id, .password("changed on the first phone"))
        try await waitUntil { (try? await self.password(of: h.github.id, in: second)) == "changed on the first phone" }

        let added = try await second.add(Item(title: "Mail", username: "carol", password: "m", urls: [ItemURL("https://mail.example.org")]))
        try await waitUntil { first.items.contains { $0.id == added.id } }
        try await waitUntil { h.storedIdentities.contains("example.org carol \(added.id.uuidString.lowercased())") }

        // Every file of the folder was reached under file coordination, and once both phones stopped (no round
        // running), every access of the picked folder was balanced by its stop.
        let coordinated = Set(NSFileCoordinator.standInCoordinatedPaths(under: folder.url))
        for file in folder.allFiles {
            #expect(coordinated.contains(folder.url.appendingPathComponent(file).standardizedFileURL.path), "\(file)")
        }
        first.enterBackground()
        second.enterBackground()
        try await waitUntil { first.sync.status != .syncing && second.sync.status != .syncing }
        #expect(folder.url.standInOpenAccesses == 0)
    }

    @Test func anEditOfTheSameLoginOnBothPhonesIsKeptAsAConflictUntilOneVersionIsChosen() async throws {
        let (h, first, install, second, folder) = try await twoPhones()
        defer { withExtendedLifetime((install, folder)) {} }
        // Both offline for a while: nothing is published until asked.
        for app in [first, second] {
            app.sync.delayAfterChange = .seconds(3600)
            app.sync.delayAfterFolderChange = .seconds(3600)
        }
        try await first.update(h.github.id, .password("first phone's"))
        try await second.update(h.github.id, .password("second phone's"))
        try await first.update(h.example.id, .username("bob.first"))
        await first.sync.syncNow()
        await second.sync.syncNow()
        await first.sync.syncNow()

        // Both versions survive on both phones, which show the same one; the other login merged cleanly.
        #expect(first.sync.conflicts.map(\.id) == [h.github.id])
        #expect(second.sync.conflicts.map(\.id) == [h.github.id])
        #expect(first.sync.conflicts.first?.versions.count == 2)
        let shownFirst = try await password(of: h.github.id, in: first)
        let shownSecond = try await password(of: h.github.id, in: second)
        #expect(shownFirst == shownSecond)
        #expect(["first phone's", "second phone's"].contains(shownFirst))
        #expect(second.items.first { $0.id == h.example.id }?.username == "bob.first")

        // The second phone keeps the version that is not shown; both settle on it, without a conflict.
        let conflict = try #require(second.sync.conflicts.first)
        let other = try #require(conflict.versions.first { $0.number == 2 })
        let kept = shownFirst == "first phone's" ? "second phone's" : "first phone's"
        try await second.sync.keep(other, of: conflict)
        await first.sync.syncNow()
        #expect(second.sync.conflicts.isEmpty)
        #expect(first.sync.conflicts.isEmpty)
        #expect(try await password(of: h.github.id, in: first) == kept)
        #expect(try await password(of: h.github.id, in: second) == kept)
    }

    @Test func theFolderIsKeptAcrossLaunchesAndRoundsStopWhileLockedOrInTheBackground() async throws {
        let (h, first, install, second, folder) = try await twoPhones()
        defer { withExtendedLifetime((install, folder)) {} }
        await first.lock()
        // A new launch of the first phone: the bookmark brings the folder back after the unlock.
        let relaunched = AppModel(environment: h.environment, pasteboard: .withUniqueName())
        quick(relaunched.sync)
        #expect(relaunched.sync.isConfigured)
        try await relaunched.unlock(password: ExtensionHarness.password)
        #expect(relaunched.sync.folderName != nil)

        // In the background the app neither listens nor syncs; back in the foreground it catches up.
        relaunched.enterBackground()
        try await second.update(h.example.id, .password("while the other was away"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await password(of: h.example.id, in: relaunched) == "ex-secret")
        await relaunched.enterForeground()
        try await waitUntil { (try? await self.password(of: h.example.id, in: relaunched)) == "while the other was away" }
    }

    @Test func aFolderHoldingAnotherVaultIsRefusedAndAWrongPasswordJoinsNothing() async throws {
        let (h, first, install, second, folder) = try await twoPhones()
        defer { withExtendedLifetime((h, first, install, second)) {} }
        let other = try ExtensionHarness()
        let app = AppModel(environment: other.environment, pasteboard: .withUniqueName())
        try await app.unlock(password: ExtensionHarness.password)
        await #expect(throws: AppFailure.self) {
            try await app.setUpSync(in: folder.url, masterPassword: ExtensionHarness.password)
        }
        #expect(!app.sync.isConfigured)

        let newInstall = AppInstall()
        let stranger = newInstall.makeApp()
        await #expect(throws: AppFailure.self) {
            try await stranger.joinSyncedVault(in: folder.url, password: "not the master password")
        }
        #expect(!stranger.vaultExists)
    }

    @Test func aLinkPlantedInTheFolderIsRefusedAndTheRoundGoesOn() async throws {
        let (h, first, install, second, folder) = try await twoPhones()
        defer { withExtendedLifetime((install, second)) {} }
        await first.lock()
        let app = AppModel(environment: h.environment, pasteboard: .withUniqueName())
        // What another device's sync tool may bring: an acknowledgement that is a link to this phone's vault.
        let acks = folder.url.appendingPathComponent("acks")
        try FileManager.default.createDirectory(at: acks, withIntermediateDirectories: true)
        let planted = acks.appendingPathComponent("0123456789abcdef0123456789abcdef.ack")
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: h.environment.vaultPath)
        try await app.unlock(password: ExtensionHarness.password)
        await app.sync.syncNow()

        #expect(app.sync.lastSummary?.rejected.map(\.file).contains("acks/0123456789abcdef0123456789abcdef.ack") == true)
        #expect(app.sync.status == .failed("1 sync file(s) were refused; the rest was merged."))
        // The link is left alone, and the vault it names still opens and syncs: this phone's change reaches the other.
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted.path) == h.environment.vaultPath)
        try await app.update(h.github.id, .password("after the link"))
        await app.sync.syncNow()
        await second.sync.syncNow()
        #expect(try await password(of: h.github.id, in: second) == "after the link")
    }

    @Test func turningSyncOnAsksForTheMasterPasswordItWraps() async throws {
        let h = try ExtensionHarness()
        let folder = PickedFolder()
        let app = AppModel(environment: h.environment, pasteboard: .withUniqueName())
        try await app.unlock(password: ExtensionHarness.password)
        await #expect(throws: (any Error).self) {
            try await app.setUpSync(in: folder.url, masterPassword: "a guess")
        }
        #expect(!folder.names().contains("vault.hdr"))
        #expect(!app.sync.isConfigured)
    }
}

extension SyncStatus {
    var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }
}
