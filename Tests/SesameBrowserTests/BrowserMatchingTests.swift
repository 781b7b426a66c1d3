import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameStore
import Testing

/// `get-logins` through the core: the core's matcher, stricter for browsers (no sibling hosts, best tier only),
/// and only for an association the user allowed.
@Suite struct BrowserMatchingTests {
    @Test func aSiblingHostNeverFillsAndSubdomainsOfAStoredSiteDo() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        try test.add("B", username: "bee", "https://b.example.com")
        try test.add("Root", username: "root", "https://example.com")

        let sibling = try test.service.browserLogins(BrowserLoginQuery(url: "https://ab.example.com/login", keys: [key]))
        #expect(sibling.logins.map(\.username) == ["root"])
        let own = try test.service.browserLogins(BrowserLoginQuery(url: "https://b.example.com/login", keys: [key]))
        // Best tier only: the exact host wins over the parent domain.
        #expect(own.logins.map(\.username) == ["bee"])
        #expect(own.association == "firefox")
    }

    @Test func onlyTheBestTierComesBackEachItemOnceWithItsPassword() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        try test.add("One", username: "alice", password: "a-pw", "https://login.example.org", "https://login.example.org/x")
        try test.add("Two", username: "bob", password: "b-pw", "https://login.example.org")
        try test.add("Parent", username: "carol", "https://example.org")

        let found = try test.service.browserLogins(BrowserLoginQuery(url: "https://login.example.org/", keys: [key]))
        #expect(found.logins.map(\.username).sorted() == ["alice", "bob"])
        #expect(Set(found.logins.map(\.id)).count == 2)
        #expect(found.logins.first { $0.username == "alice" }?.password == "a-pw")
    }

    @Test func aFormThatSubmitsOverHTTPGetsNoHTTPSLogin() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        try test.add("Bank", username: "alice", "https://bank.example.com")

        let page = BrowserLoginQuery(url: "https://bank.example.com/", submitURL: "http://bank.example.com/login", keys: [key])
        #expect(try test.service.browserLogins(page).logins.isEmpty)
        let plain = BrowserLoginQuery(url: "http://bank.example.com/", keys: [key])
        #expect(try test.service.browserLogins(plain).logins.isEmpty)
        let secure = BrowserLoginQuery(url: "https://bank.example.com/", submitURL: "https://bank.example.com/login", keys: [key])
        #expect(try test.service.browserLogins(secure).logins.map(\.username) == ["alice"])
    }

    /// Issue 22: the form's action (`submitURL`) is the page's choice, so it never adds a login; only the page's
    /// own URL does, and only http and https pages get any.
    @Test func theFormsTargetNeverFetchesAnotherSitesLogin() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        try test.add("GitHub", username: "alice", password: "gh-pw", "https://github.com")
        let action = "https://github.com/session"
        for page in ["https://evil.example/login", "http://github.com/", "data:text/html,<form>", "file:///tmp/x.html",
                     "about:blank", "github.com", "javascript:alert(1)", "moz-extension://abc/popup.html"] {
            let query = BrowserLoginQuery(url: page, submitURL: action, keys: [key])
            #expect(try test.service.browserLogins(query).logins.isEmpty, "\(page)")
        }
        let own = BrowserLoginQuery(url: "https://github.com/login", submitURL: "https://evil.example/steal", keys: [key])
        #expect(try test.service.browserLogins(own).logins.map(\.username) == ["alice"])
        let clear = BrowserLoginQuery(url: "https://github.com/login", submitURL: "http://github.com/session", keys: [key])
        #expect(try test.service.browserLogins(clear).logins.isEmpty)
    }

    /// Issue 22: `set-login` and `get-totp` from a page reach only the logins that page is given.
    @Test func savingAndOneTimeCodesFollowThePagesOwnMatches() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        var item = Item(title: "GitHub", username: "alice", password: "gh-pw", urls: [ItemURL("https://github.com")])
        item.oneTimeCode = "otpauth://totp/GitHub:alice?secret=JBSWY3DPEHPK3PXP"
        let github = try test.service.add(item)
        let action = "https://github.com/session"
        for page in ["https://evil.example/", "http://github.com/", "data:text/html,x", "about:blank"] {
            let save = BrowserLoginSave(url: page, submitURL: action, username: "mallory", password: "owned",
                                        itemID: github.id, key: key)
            #expect(throws: ServiceFailure.self, "\(page)") { try test.service.saveBrowserLogin(save) }
            let code = BrowserOneTimeCodeQuery(url: page, submitURL: action, itemID: github.id, key: key)
            #expect(throws: ServiceFailure.self, "\(page)") { try test.service.browserOneTimeCode(code) }
        }
        #expect(try test.service.reveal(github.id).password == "gh-pw")
        let count = try test.service.list(.active).items.count
        #expect(throws: ServiceFailure.self) {
            try test.service.saveBrowserLogin(BrowserLoginSave(url: "file:///tmp/x", submitURL: nil, username: "m",
                                                               password: "p", itemID: nil, key: key))
        }
        #expect(try test.service.list(.active).items.count == count)
        let own = BrowserOneTimeCodeQuery(url: "https://github.com/login", submitURL: action, itemID: github.id, key: key)
        #expect(try test.service.browserOneTimeCode(own)?.code.count == 6)
    }

    @Test func anUnknownOrRevokedKeyGetsNothing() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        try test.add("Site", username: "alice", "https://site.example")
        let query = { (keys: [BrowserKey]) in BrowserLoginQuery(url: "https://site.example", keys: keys) }

        let forged = BrowserKey(id: key.id, key: try BrowserTestVault().associate().key)
        #expect(throws: ServiceFailure.self) { try test.service.browserLogins(query([forged])) }
        #expect(throws: ServiceFailure.self) { try test.service.browserLogins(query([])) }
        #expect(try test.service.testBrowserAssociation(key))
        #expect(try !test.service.testBrowserAssociation(forged))

        try test.service.revokeBrowserAssociation(name: key.id)
        #expect(throws: ServiceFailure.self) { try test.service.browserLogins(query([key])) }
        #expect(try !test.service.testBrowserAssociation(key))
        #expect(throws: ServiceFailure.self) { try test.service.revokeBrowserAssociation(name: key.id) }
    }

    @Test func setLoginAddsANewLoginOrUpdatesOnlyOneThePageIsOffered() throws {
        let test = try BrowserTestVault()
        let key = try test.associate()
        let mail = try test.add("Mail", username: "alice", password: "old", "https://mail.example.com")
        let other = try test.add("Other", username: "eve", password: "keep", "https://other.example.net")

        let update = BrowserLoginSave(url: "https://mail.example.com/login", submitURL: nil, username: "alice",
                                      password: "new", itemID: mail.id, key: key)
        try test.service.saveBrowserLogin(update)
        #expect(try test.service.reveal(mail.id).password == "new")

        var elsewhere = update
        elsewhere.itemID = other.id
        #expect(throws: ServiceFailure.self) { try test.service.saveBrowserLogin(elsewhere) }
        #expect(try test.service.reveal(other.id).password == "keep")

        let added = try test.service.saveBrowserLogin(BrowserLoginSave(
            url: "https://shop.example.org:8443/account?x=1", submitURL: nil, username: "bob", password: "pw2",
            itemID: nil, key: key))
        let item = try test.service.reveal(added.id)
        #expect(item.urls.map(\.url) == ["https://shop.example.org:8443"])
        #expect(item.title == "shop.example.org" && item.username == "bob" && item.password == "pw2")
    }

    @Test func associationsAreSealedInTheVaultWithTheirTimes() throws {
        let test = try BrowserTestVault()
        let key = try test.associate("laptop-firefox")
        #expect(throws: ServiceFailure.self) { try test.service.associateBrowser(name: "laptop-firefox", key: key.key) }
        #expect(throws: ServiceFailure.self) { try test.service.associateBrowser(name: "other", key: key.key) }
        #expect(throws: ServiceFailure.self) { try test.service.associateBrowser(name: "bad", key: "not base64") }

        let created = test.clock.now
        #expect(try test.service.browserAssociations().map(\.lastUsed) == [nil])
        test.clock.now += 3600
        try test.add("Site", "https://site.example")
        _ = try test.service.browserLogins(BrowserLoginQuery(url: "https://site.example", keys: [key]))
        let stored = try #require(try test.service.browserAssociations().first)
        #expect(stored.name == "laptop-firefox" && stored.created == created && stored.lastUsed == test.clock.now)

        // Nothing of it is readable in the file.
        let file = try Data(contentsOf: URL(fileURLWithPath: test.path))
            + ((try? Data(contentsOf: URL(fileURLWithPath: test.path + "-wal"))) ?? Data())
        #expect(file.range(of: Data("laptop-firefox".utf8)) == nil)
        #expect(file.range(of: Data(key.key.utf8)) == nil)
    }

    @Test func theDatabaseHashIsStableForTheVaultAndDiffersBetweenVaults() throws {
        let test = try BrowserTestVault()
        let hash = try test.service.browserDatabaseHash()
        #expect(hash.count == 64 && hash.allSatisfy(\.isHexDigit))
        #expect(try test.service.browserDatabaseHash() == hash)
        #expect(try BrowserTestVault().service.browserDatabaseHash() != hash)
        test.vault.lock()
        #expect(throws: ServiceFailure.self) { try test.service.browserDatabaseHash() }
    }
}
