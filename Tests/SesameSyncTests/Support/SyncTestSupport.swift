import Foundation
import SesameCrypto
import SesameDomains
import SesameStore
import SesameSync

/// A fresh folder per test, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.path + "/sesame-sync-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

let testPassword = "correct horse"
let emptySuffixList = PublicSuffixList(utf8: Array("com\norg\n".utf8))

/// The cheapest Argon2id the vault accepts, so tests stay fast.
func testKDF() -> KDFParameters { try! KDFParameters.generate(memoryMiB: 19, passes: 2) }

/// The first copy of a synced vault, set up on `transport`.
func makeSyncedVault(at path: String, transport: some SyncTransport) throws -> Vault {
    let vault = try Vault.create(
        at: path, password: SecureBytes(utf8: testPassword), kdf: testKDF(), publicSuffixList: emptySuffixList)
    let header = try vault.setUpSync(password: SecureBytes(utf8: testPassword))
    try transport.writeHeader(header.encoded)
    return vault
}

/// Another device joining through `transport`, with the master password.
func cloneSyncedVault(at path: String, transport: some SyncTransport) throws -> Vault {
    let header = try SyncHeader(decoding: try transport.readHeader() ?? [])
    let vault = try Vault.cloneForSync(
        at: path, header: header, password: SecureBytes(utf8: testPassword), publicSuffixList: emptySuffixList)
    _ = try vault.sync(with: transport)
    return vault
}

extension Vault {
    /// What a user sees, in a comparable form: every live item (id, state, title, password, notes), sorted,
    /// plus the ids in conflict.
    func visibleState() throws -> [String] {
        var lines = try allItems(in: [.active, .trashed]).items.map { item in
            "\(item.id) \(try self.item(withID: item.id).state) \(item.title) \(item.password) \(item.notes)"
        }
        lines += try syncConflicts().map { "conflict \($0.itemID) \($0.versions.map(\.id))" }
        return lines.sorted()
    }
}

/// Copies the files of `source` that `destination` lacks (a sync tool delivering), optionally only some.
func copyBatches(from source: FolderTransport, to destination: FolderTransport,
                 where include: (BatchName) -> Bool = { _ in true }) throws {
    let present = Set(try destination.listBatches())
    for name in try source.listBatches() where !present.contains(name) && include(name) {
        try destination.writeBatch(name, try source.readBatch(name)!)
    }
}
