import Foundation
import SesameCrypto
import SesameStore
@testable import SesameAutoFill

/// A clock tests move by hand.
final class MatchingClock: @unchecked Sendable {
    var now = Date(timeIntervalSince1970: 1_800_000_000)

    func advance(_ seconds: TimeInterval = 60) -> Date {
        now += seconds
        return now
    }
}

/// A throwaway vault in its own folder, answered by a real `LocalVaultService`; removed with the value.
final class MatchingVault {
    let folder: String
    let vault: Vault
    let service: LocalVaultService
    let clock = MatchingClock()

    init() throws {
        folder = FileManager.default.temporaryDirectory.path + "/sesame-matching-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        vault = try Vault.create(
            at: folder + "/vault.sqlite", password: SecureBytes(utf8: "matching"),
            kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: testPublicSuffixList)
        let clock = clock
        service = LocalVaultService(vault: vault, now: { clock.now })
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @discardableResult
    func add(_ title: String, username: String = "", password: String = "pw", urls: [ItemURL],
             mode: MatchMode = .domain) throws -> ItemView {
        try service.add(Item(title: title, username: username, password: password, urls: urls, matchMode: mode))
    }

    @discardableResult
    func add(_ title: String, username: String = "", password: String = "pw", _ urls: String...,
             mode: MatchMode = .domain) throws -> ItemView {
        try add(title, username: username, password: password, urls: urls.map { ItemURL($0) }, mode: mode)
    }

    /// Records a fill of `item` one minute after the previous clock reading.
    func use(_ item: ItemView) throws {
        try vault.recordUse(ofItemWithID: item.id, at: clock.advance())
    }

    func match(_ identifiers: [String]) throws -> [CredentialMatch] {
        try service.match(identifiers.map(ServiceIdentifier.init(parsing:)))
    }

    func titles(_ identifiers: String...) throws -> [String] {
        try match(identifiers).map(\.title)
    }
}
