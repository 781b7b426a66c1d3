import Foundation
import Testing
import SesameCrypto
import SesameStore
@testable import SesameAutoFill

/// A throwaway vault behind a LocalVaultService, for the site-credential rules git and the Secret Service use.
final class SiteVault {
    let folder = FileManager.default.temporaryDirectory.path + "/sesame-site-" + UUID().uuidString
    let service: LocalVaultService
    var clock = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let vault = try Vault.create(at: folder + "/v.sqlite", password: SecureBytes(utf8: "pw"),
                                     kdf: KDFParameters.generate(memoryMiB: 19, passes: 2), publicSuffixList: testPublicSuffixList)
        var box: SiteVault?
        service = LocalVaultService(vault: vault, now: { box?.clock ?? Date() })
        box = self
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func add(_ url: String, user: String, password: String, match: MatchMode = .domain, expires: Date? = nil) throws -> UUID {
        let item = Item(title: url, username: user, password: password, urls: [ItemURL(url)], matchMode: match, expires: expires)
        try service.add(item)
        return item.id
    }

    func lookup(_ scheme: String, _ host: String, path: String? = nil, user: String? = nil) throws -> [String] {
        try service.lookupSiteCredentials(SiteCredentialQuery(scheme: scheme, host: host, path: path, username: user))
            .map(\.credential.password)
    }
}

@Suite struct SiteCredentialsTests {
    @Test func lookupNeedsSameHostPortAndScheme() throws {
        let vault = try SiteVault()
        _ = try vault.add("https://git.example.com", user: "alice", password: "host-wide")
        _ = try vault.add("https://www.example.com", user: "alice", password: "other-host")
        _ = try vault.add("https://git.example.com:8443", user: "alice", password: "other-port")
        _ = try vault.add("http://git.example.com", user: "alice", password: "plain-http")
        _ = try vault.add("git.example.com", user: "bob", password: "bare-host")
        #expect(Set(try vault.lookup("https", "git.example.com")) == ["host-wide", "bare-host"])
        #expect(try vault.lookup("https", "git.example.com:443", user: "alice") == ["host-wide"])
        #expect(try vault.lookup("https", "git.example.com:8443") == ["other-port"])
        // A bare host means https: it never answers a cleartext scheme.
        #expect(try vault.lookup("http", "git.example.com") == ["plain-http"])
        #expect(try vault.lookup("imap", "git.example.com").isEmpty)
        #expect(try vault.lookup("https", "example.com").isEmpty)
        #expect(try vault.lookup("https", "GIT.Example.COM", user: "bob") == ["bare-host"])
    }

    @Test func pathsPreferTheSameRepositoryThenHostWideLogins() throws {
        let vault = try SiteVault()
        _ = try vault.add("https://git.example.com", user: "alice", password: "host-wide")
        _ = try vault.add("https://git.example.com/org/repo.git", user: "alice", password: "repo")
        _ = try vault.add("https://git.example.com/other/thing.git", user: "alice", password: "other-repo")
        #expect(try vault.lookup("https", "git.example.com", path: "org/repo.git") == ["repo", "host-wide"])
        #expect(try vault.lookup("https", "git.example.com", path: "/nothing/here.git") == ["host-wide"])
        #expect(try vault.lookup("https", "git.example.com").first == "host-wide")
    }

    @Test func expiredAndNeverMatchingItemsAreNotReturned() throws {
        let vault = try SiteVault()
        _ = try vault.add("https://a.example", user: "u", password: "expired", expires: vault.clock.addingTimeInterval(-1))
        _ = try vault.add("https://a.example", user: "u", password: "never", match: .never)
        _ = try vault.add("https://a.example", user: "v", password: "valid", expires: vault.clock.addingTimeInterval(60))
        #expect(try vault.lookup("https", "a.example") == ["valid"])
    }

    @Test func saveUpdatesTheSameLocationAndUserOrAddsOne() throws {
        let vault = try SiteVault()
        let first = try vault.service.saveSiteCredential(
            SiteCredential(scheme: "https", host: "git.example.com", username: "alice", password: "one"))
        #expect(first.title == "git.example.com")
        #expect(first.urls.map(\.url) == ["https://git.example.com"])
        let second = try vault.service.saveSiteCredential(
            SiteCredential(scheme: "https", host: "git.example.com", username: "alice", password: "two",
                           oauthRefreshToken: "refresh"))
        #expect(second.id == first.id)
        let stored = try vault.service.reveal(second.id)
        #expect(stored.passwordHistory.map(\.password) == ["one"])
        #expect(stored.fields == [CustomField(name: "oauth_refresh_token", value: "refresh", isProtected: true)])
        // Another user, another path: separate items.
        let bob = try vault.service.saveSiteCredential(
            SiteCredential(scheme: "https", host: "git.example.com", username: "bob", password: "b"))
        let repo = try vault.service.saveSiteCredential(
            SiteCredential(scheme: "https", host: "git.example.com", path: "org/repo.git", username: "alice", password: "r"))
        #expect(Set([first.id, bob.id, repo.id]).count == 3)
        #expect(repo.urls.map(\.url) == ["https://git.example.com/org/repo.git"])
        #expect(try vault.service.list().items.count == 3)
        let match = try vault.service.lookupSiteCredentials(
            SiteCredentialQuery(scheme: "https", host: "git.example.com", username: "alice")).first
        #expect(match?.oauthRefreshToken == "refresh")
    }

    @Test func rejectMovesMatchesToTrashOnlyWithTheSamePassword() throws {
        let vault = try SiteVault()
        let good = try vault.add("https://git.example.com", user: "alice", password: "good")
        let stale = try vault.add("https://git.example.com", user: "carol", password: "stale")
        var query = SiteCredentialQuery(scheme: "https", host: "git.example.com", password: "not-stored")
        #expect(try vault.service.rejectSiteCredentials(query).isEmpty)
        query.password = "stale"
        #expect(try vault.service.rejectSiteCredentials(query) == [stale])
        #expect(try vault.lookup("https", "git.example.com") == ["good"])
        #expect(try vault.service.list(.trashed).items.map(\.id) == [stale])
        query.password = nil
        #expect(try vault.service.rejectSiteCredentials(query) == [good])
        #expect(try vault.lookup("https", "git.example.com").isEmpty)
        try vault.service.restore(good)
        #expect(try vault.lookup("https", "git.example.com") == ["good"])
    }

    @Test func lookupRecordsUseSoTheLastUsedWinsATie() throws {
        let vault = try SiteVault()
        _ = try vault.add("https://h.example", user: "a", password: "A")
        let b = try vault.add("https://h.example", user: "b", password: "B")
        _ = try vault.service.credential(for: b)
        #expect(try vault.lookup("https", "h.example").first == "B")
    }
}

@Suite struct ImportTests {
    @Test func importedItemsKeepTheirTimes() throws {
        let vault = try SiteVault()
        let created = Date(timeIntervalSince1970: 1_500_000_000), modified = Date(timeIntervalSince1970: 1_600_000_000)
        let item = Item(title: "From KeePass", created: created, modified: modified)
        try vault.service.importItems([item])
        let stored = try vault.service.resolve(item.id.uuidString)
        #expect(stored.created == created)
        #expect(stored.modified == modified)
    }
}

@Suite struct SiteCredentialLocationTests {
    @Test(arguments: ["evil.example@a.example", "a.example/.evil.example", "a.example#.evil.example",
                      "a.example?.evil.example", "a.example:0", "::1", "a.example:"])
    func queriesWithHostsThatAreNotPlainAreRefused(_ host: String) throws {
        let vault = try SiteVault()
        _ = try vault.add("https://a.example", user: "alice", password: "s3cret")
        #expect(!SiteCredentials.isValid(SiteCredentialQuery(scheme: "https", host: host)))
        #expect(throws: ServiceFailure.self) { try vault.lookup("https", host) }
    }

    @Test func aProtocolThatIsNotPlainIsRefused() throws {
        let vault = try SiteVault()
        _ = try vault.add("https://a.example", user: "alice", password: "s3cret")
        #expect(!SiteCredentials.isValid(SiteCredentialQuery(scheme: "https://a.example#", host: "evil.example")))
        #expect(throws: ServiceFailure.self) { try vault.lookup("https://a.example#", "evil.example") }
    }
}

@Suite struct URLPasswordTests {
    /// A URL is printed by list, match and show: one with a password in it never enters the vault.
    @Test(arguments: ["https://u:pw@a.example/", "u:pw@a.example", "https://u:@a.example", "ssh://git:x@h.example/r"])
    func itemsWithAPasswordInAURLAreRefused(_ url: String) throws {
        let vault = try SiteVault()
        let added = #expect(throws: ServiceFailure.self) { _ = try vault.add(url, user: "u", password: "p") }
        #expect(added?.message.contains("holds a password") == true, "\(String(describing: added))")
        #expect(added?.message.contains("pw") == false)
        let kept = try vault.add("https://a.example", user: "u", password: "p")
        var change = ItemChange()
        change.addURLs = [ItemURL(url)]
        #expect(throws: ServiceFailure.self) { _ = try vault.service.update(kept, change) }
        #expect(try vault.service.list().items.count == 1)
    }

    @Test func aUserNameInAURLIsKept() throws {
        let vault = try SiteVault()
        _ = try vault.add("ssh://git@h.example/r", user: "u", password: "p")
        _ = try vault.add("android://hash@com.example.app", user: "u", password: "p")
        #expect(try vault.service.list().items.count == 2)
    }
}
