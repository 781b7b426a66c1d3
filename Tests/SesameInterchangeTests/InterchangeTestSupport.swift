import Foundation
import Testing
import SesameAutoFill
import SesameCrypto
import SesameDomains
import SesameInterchange
import SesameStore

/// Helpers for this target's tests: fixtures, a vault in a temporary folder, reading a file as a user would.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    static func read(_ name: String) throws -> (format: ImportFormat, batch: ImportBatch) {
        try ImportReader.read(try bytes(name), as: nil) { _ in SecureBytes(utf8: "unused") }
    }
}

/// A fresh unlocked vault (cheapest Argon2id) behind the core's API, removed with its folder when released.
final class TestVault {
    let folder: String
    let service: LocalVaultService

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/sesame-interchange-" + UUID().uuidString
        let list = PublicSuffixList(utf8: Array(
            FileManager.default.contents(atPath: "/usr/share/publicsuffix/public_suffix_list.dat") ?? Data()))
        let vault = try Vault.create(
            at: folder + "/vault.sqlite", password: SecureBytes(utf8: "master"),
            kdf: try KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: list)
        service = LocalVaultService(vault: vault)
    }

    var items: [Item] { (try? service.vault.allItems().items) ?? [] }

    deinit { try? FileManager.default.removeItem(atPath: folder) }
}
