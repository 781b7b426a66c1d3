import AuthenticationServices
import Foundation
import SesameApp
import SesameAutoFill
import SesameAutoFillApple
import Testing
import UIKit

/// Another iPhone: a new install of the app with its own App Group folder (no vault yet), its own identity store,
/// keychain group and pasteboard. Its app is made with ``makeApp()``.
@MainActor
final class AppInstall {
    let folder: URL
    let store = StandInSystemStore()
    let environment: SesameEnvironment
    let pasteboard = UIPasteboard.withUniqueName()

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sesame-install-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store.standInSetEnabled(true)
        store.standInSetSupportsIncrementalUpdates(true)
        environment = SesameEnvironment(
            vaultPath: folder.appendingPathComponent("vault.sqlite").path,
            keychainGroup: "TEAMID.sesame.install.\(UUID().uuidString)", publicSuffixList: ExtensionHarness.publicSuffixList,
            identityStore: SystemIdentityStore(ASCredentialIdentityStore(standInSystem: store)))
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func makeApp(now: @escaping @Sendable () -> Date = { Date() }) -> AppModel {
        AppModel(environment: environment, pasteboard: pasteboard, now: now)
    }

    /// The services QuickType would offer for, as "service user".
    var suggestions: [String] {
        store.standInIdentities.map { "\($0.service) \($0.user)" }.sorted()
    }
}

/// A folder in Files (iCloud Drive, On My iPhone…) that the person picks in the document picker: a temporary folder
/// whose URL is security-scoped, as the picker hands it over.
final class PickedFolder {
    let url: URL

    init() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sesame-picked-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = URL.standInPicked(folder)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A file in the folder, as the picker hands it over when the person picks that file.
    func pickFile(_ name: String, contents: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(contents).write(to: file)
        return URL.standInPicked(file)
    }

    func names(in subfolder: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(subfolder).path)) ?? []).sorted()
    }

    /// Every regular file under the folder, as paths relative to it.
    var allFiles: [String] {
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path, isDirectory: &isFolder),
               !isFolder.boolValue {
                found.append(path)
            }
        }
        return found.sorted()
    }
}

extension ItemChange {
    static func password(_ value: String) -> ItemChange {
        var change = ItemChange()
        change.password = value
        return change
    }

    static func username(_ value: String) -> ItemChange {
        var change = ItemChange()
        change.username = value
        return change
    }
}
