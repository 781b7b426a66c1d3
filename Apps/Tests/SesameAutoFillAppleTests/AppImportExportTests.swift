import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
import SesameCrypto
import SesameInterchange
import SesameKeePass
import SesameStore
import Testing
import UIKit

/// Import and export through the document picker, as a person does it: pick a file, give its password, read the
/// summary; pick a folder, give the master password again, find the file there.
@MainActor
@Suite struct AppImportExportTests {
    static let keePassPassword = "the KeePass file's own"

    private func unlockedApp(_ h: ExtensionHarness) async throws -> AppModel {
        let app = AppModel(environment: h.environment, pasteboard: .withUniqueName())
        try await app.unlock(password: ExtensionHarness.password)
        return app
    }

    private func keePassFile(_ items: [Item]) throws -> [UInt8] {
        try KeePassFile.file(from: items, credentials: KeePassCredentials(password: SecureBytes(utf8: Self.keePassPassword)))
    }

    @Test func aKeePassFilePickedInTheDocumentPickerImportsWithTheCLIsSummaryAndTheSuggestionsFollow() async throws {
        let h = try ExtensionHarness()
        let app = try await unlockedApp(h)
        let folder = PickedFolder()
        let bank = Item(title: "Bank", username: "dave", password: "b4nk", urls: [ItemURL("https://bank.example.net")])
        // GitHub is in the vault already with this password: skipped, as `sesame import` skips it.
        let file = try folder.pickFile("Passwords.kdbx", contents: try keePassFile([bank, h.github]))

        let pending = try await app.prepareImport(of: file)
        #expect(pending.format == .kdbx)
        #expect(pending.password == .keePass)
        await #expect(throws: AppFailure.self) { try await app.runImport(pending, password: "wrong") }
        #expect(app.items.count == 2)

        let outcome = try await app.runImport(pending, password: Self.keePassPassword)
        #expect(outcome.lines == ["Imported from a KeePass (KDBX) file: 1 created, 0 updated, 1 skipped, 0 rejected."])
        #expect(outcome.lines == ImportReportText(format: .kdbx, dryRun: false, created: 1, updated: 0, skipped: 1, rejected: []).lines)
        #expect(Set(app.items.map(\.title)) == ["GitHub", "Example", "Bank"])
        let imported = try #require(app.items.first { $0.title == "Bank" })
        #expect(h.storedIdentities.contains("example.net dave \(imported.id.uuidString.lowercased())"))
        #expect(file.standInOpenAccesses == 0)
    }

    @Test func aCSVWithABadRowImportsTheRestAndSaysWhichRowWasLeftOut() async throws {
        let h = try ExtensionHarness()
        let app = try await unlockedApp(h)
        let folder = PickedFolder()
        let csv = "name,url,username,password,note\nShop,https://shop.example,erin,s1,\n,,,,\n"
        let file = try folder.pickFile("Chrome Passwords.csv", contents: Array(csv.utf8))
        let pending = try await app.prepareImport(of: file)
        #expect(pending.format == .chrome)
        #expect(pending.password == nil)
        let outcome = try await app.runImport(pending)
        #expect(outcome.created == 1)
        #expect(outcome.rejected.count == 1)
        #expect(outcome.lines.count == 2)
        #expect(outcome.lines.last?.hasPrefix("Rejected line 3: ") == true)
        #expect(app.items.contains { $0.title == "Shop" })
    }

    @Test func aFileSesameCannotReadOrTooLargeIsRefusedBeforeAnyPasswordIsAsked() async throws {
        let h = try ExtensionHarness()
        let app = try await unlockedApp(h)
        let folder = PickedFolder()
        let unknown = try folder.pickFile("notes.txt", contents: Array("just some notes\n".utf8))
        await #expect(throws: AppFailure.self) { try await app.prepareImport(of: unknown) }

        // A sparse file larger than any import: refused from its size, before a byte is read.
        let huge = folder.url.appendingPathComponent("huge.kdbx")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data(ImportFormatSignature.kdbx)))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 600 << 20)
        try handle.close()
        do {
            _ = try await app.prepareImport(of: URL.standInPicked(huge))
            Issue.record("a 600 MiB file was read")
        } catch let failure as AppFailure {
            #expect(failure.message.contains("over the 512 MiB Sesame reads"))
        }
    }

    @Test func anExportAsksForTheMasterPasswordAgainAndABackupRestoresOnAnotherPhone() async throws {
        let h = try ExtensionHarness()
        let clock = ManualClock()
        let app = AppModel(environment: h.environment, pasteboard: .withUniqueName(), now: clock.now)
        try await app.unlock(password: ExtensionHarness.password)
        let folder = PickedFolder()
        await #expect(throws: ServiceFailure.self) {
            try await app.export(.sesame, masterPassword: "a guess", filePassword: "backup", to: folder.url)
        }
        await #expect(throws: AppFailure.self) {
            try await app.export(.sesame, masterPassword: ExtensionHarness.password, filePassword: "", to: folder.url)
        }
        #expect(folder.names().isEmpty)

        let outcome = try await app.export(.sesame, masterPassword: ExtensionHarness.password, filePassword: "backup", to: folder.url)
        #expect(outcome.logins == 2)
        #expect(outcome.fileName == "Sesame 2026-12-26.sesame")
        let again = try await app.export(.sesame, masterPassword: ExtensionHarness.password, filePassword: "backup", to: folder.url)
        #expect(again.fileName == "Sesame 2026-12-26 2.sesame")
        let path = folder.url.appendingPathComponent(outcome.fileName).path
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(folder.url.standInOpenAccesses == 0)

        // Another phone restores it through the picker.
        let install = AppInstall()
        let other = install.makeApp()
        try await other.createVault(password: "another phone's master password")
        let pending = try await other.prepareImport(of: URL.standInPicked(folder.url.appendingPathComponent(outcome.fileName)))
        #expect(pending.password == .backup)
        let restored = try await other.runImport(pending, password: "backup")
        #expect(restored.created == 2)
        #expect(try await other.provider.perform { try $0.reveal(h.github.id).password } == "gh-secret")
    }

    @Test func aKeePassExportOpensWithItsOwnPasswordAndACSVHoldsThePasswords() async throws {
        let h = try ExtensionHarness()
        let app = try await unlockedApp(h)
        let folder = PickedFolder()
        let kdbx = try await app.export(.kdbx, masterPassword: ExtensionHarness.password, filePassword: "kp", to: folder.url)
        let bytes = Array(try Data(contentsOf: folder.url.appendingPathComponent(kdbx.fileName)))
        let (entries, _) = try KeePassFile.readEntries(bytes, credentials: KeePassCredentials(password: SecureBytes(utf8: "kp")))
        #expect(Set(entries.map(\.item.password)) == ["gh-secret", "ex-secret"])

        let csv = try await app.export(.csv, masterPassword: ExtensionHarness.password, to: folder.url)
        let text = try String(contentsOf: folder.url.appendingPathComponent(csv.fileName), encoding: .utf8)
        #expect(text.contains("gh-secret"))
    }
}

/// The first bytes of a KeePass file, so a test can make one that is recognised from its size alone.
enum ImportFormatSignature {
    static let kdbx: [UInt8] = [0x03, 0xD9, 0xA2, 0x9A, 0x67, 0xFB, 0x4B, 0xB5]
}
