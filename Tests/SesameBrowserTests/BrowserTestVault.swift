import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto
import SesameStore

/// A throwaway vault in its own folder behind a real `LocalVaultService`, with a clock the test moves.
final class BrowserTestVault {
    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    }

    let folder: String
    let path: String
    let vault: Vault
    let service: LocalVaultService
    let clock = Clock()

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/sesame-browser-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        path = folder + "/vault.sqlite"
        vault = try Vault.create(
            at: path, password: SecureBytes(utf8: "browser"),
            kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: testPublicSuffixList)
        let clock = clock
        service = LocalVaultService(vault: vault, now: { clock.now })
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @discardableResult
    func add(_ title: String, username: String = "", password: String = "pw", _ urls: String...) throws -> ItemView {
        try service.add(Item(title: title, username: username, password: password, urls: urls.map { ItemURL($0) }))
    }

    /// An association made as `sesame browser allow` makes it.
    func associate(_ name: String = "firefox") throws -> BrowserKey {
        let key = Data(PublicKeyBox.KeyPair().publicKey).base64EncodedString()
        try service.associateBrowser(name: name, key: key)
        return BrowserKey(id: name, key: key)
    }
}
