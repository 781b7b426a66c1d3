import Foundation
import Testing
import SesameStore
@testable import SesameAutoFill

/// The order of the list request with several logins, the empty form, and filling.
@Suite struct MatchingRankingTests {
    @Test func kindsRankInTheIssuesOrderWhateverTheRecentUse() throws {
        let vault = try MatchingVault()
        _ = try vault.service.addEquivalents(["example.com", "example.org"])
        // Added (and used) worst first, so recent use alone would give the reverse order.
        let added = [
            try vault.add("equivalent", "https://www.example.org"),
            try vault.add("domain", "https://login.example.com"),
            try vault.add("subdomain other port", "https://example.com:8443"),
            try vault.add("subdomain", "https://example.com"),
            try vault.add("host other port", "https://www.example.com:8443"),
            try vault.add("host", "https://www.example.com"),
            try vault.add("exact", "https://www.example.com/login"),
        ]
        try vault.add("unrelated", "https://other.com")
        try vault.add("never", "https://www.example.com/login", mode: .never)
        try vault.add("exact, never used", "https://www.example.com/login")
        let trashed = try vault.add("trashed", "https://www.example.com/login")
        try vault.service.moveToTrash(trashed.id)
        for item in added.reversed() { try vault.use(item) }

        let rows = try vault.match(["https://www.example.com/login"])
        #expect(rows.map(\.title) == [
            "exact", "exact, never used", "host", "host other port", "subdomain", "subdomain other port", "domain",
            "equivalent",
        ])
        #expect(rows.map(\.match) == [.exact, .exact, .host, .host, .subdomain, .subdomain, .domain, .equivalent])
        #expect(rows.map(\.samePort) == [true, true, true, false, true, false, true, true])
        #expect(rows.map(\.url).last == "https://www.example.org")
        // The http form gets none of these https logins.
        #expect(try vault.match(["http://www.example.com/login"]).isEmpty)
    }

    @Test func tiesBreakByRecentUseThenTitle() throws {
        let vault = try MatchingVault()
        let zeta = try vault.add("Zeta", "https://example.com")
        let alpha = try vault.add("alpha", "https://example.com")
        try vault.add("Item 10", "https://example.com")
        try vault.add("Item 2", "https://example.com")
        try vault.add("beta", "https://example.com")
        try vault.use(alpha)
        try vault.use(zeta)
        let rows = try vault.match(["https://example.com/login"])
        #expect(rows.map(\.title) == ["Zeta", "alpha", "beta", "Item 2", "Item 10"])
        #expect(rows[0].lastUsed == vault.clock.now)
        #expect(rows[2].lastUsed == nil)
    }

    @Test func titlesSortAsPeopleReadThem() {
        let titles = ["zeta", "Émile", "Item 10", "item 2", "emile", "Item 002", "Bank", "bank", "Item 1a", "Ärzte"]
        let rows = titles.map { CredentialMatch(id: UUID(), title: $0, username: "", url: "", match: .host) }
        // Case and accents only break ties between titles that are otherwise equal.
        #expect(rows.shuffled().sorted(by: CredentialMatcher.ranksBefore).map(\.title) == [
            "Ärzte", "Bank", "bank", "emile", "Émile", "Item 1a", "Item 002", "item 2", "Item 10", "zeta",
        ])
    }

    @Test func titleTiesBreakByUserName() throws {
        let vault = try MatchingVault()
        try vault.add("Mail", username: "zoe", "https://mail.example.com")
        try vault.add("Mail", username: "adam", "https://mail.example.com")
        #expect(try vault.match(["mail.example.com"]).map(\.username) == ["adam", "zoe"])
    }

    @Test func aMatchOnAMoreSpecificIdentifierRanksFirstWithinAKind() throws {
        let vault = try MatchingVault()
        let main = try vault.add("main", "https://example.com/app")
        try vault.add("mobile", "https://m.example.com/app")
        try vault.use(main)
        let rows = try vault.match(["https://m.example.com", "https://example.com"])
        #expect(rows.map(\.title) == ["mobile", "main"])
        #expect(rows.map(\.match) == [.host, .host])
    }

    @Test func severalIdentifiersForSeveralSitesEachFindTheirLogins() throws {
        let vault = try MatchingVault()
        try vault.add("com", "https://example.com")
        try vault.add("org", "https://example.org")
        try vault.add("net", "https://example.net")
        let rows = try vault.match(["https://example.com", "garbage value", "example.org"])
        #expect(rows.map(\.title) == ["com", "org"])
        #expect(rows.map(\.match) == [.exact, .host])
    }

    @Test func oneRowPerItemWithItsBestURL() throws {
        let vault = try MatchingVault()
        try vault.add("Shop", "https://example.com", "https://shop.example.com/login", "https://example.com/login")
        let rows = try vault.match(["https://shop.example.com/login"])
        #expect(rows.count == 1)
        #expect(rows.first?.url == "https://shop.example.com/login")
        #expect(rows.first?.match == .exact)
    }

    @Test func withoutIdentifiersEveryActiveLoginByRecentUse() throws {
        let vault = try MatchingVault()
        let older = try vault.add("Older", "https://a.example")
        let newer = try vault.add("Newer", "https://b.example")
        try vault.add("Beta", "https://c.example")
        try vault.add("alpha", urls: [])
        try vault.add("Hidden", "https://d.example", mode: .never)
        let trashed = try vault.add("Trashed", "https://e.example")
        try vault.service.moveToTrash(trashed.id)
        try vault.use(older)
        try vault.use(newer)
        let rows = try vault.match([])
        #expect(rows.map(\.title) == ["Newer", "Older", "alpha", "Beta", "Hidden"])
        #expect(rows.first { $0.title == "alpha" }?.url == "")
        #expect(rows.first { $0.title == "Beta" }?.url == "https://c.example")
    }

    @Test func identifiersThatAllFailToParseMatchNothing() throws {
        let vault = try MatchingVault()
        try vault.add("Any", "https://example.com")
        #expect(try vault.match(["", "://", "http://exa mple.com", "[::1"]).isEmpty)
    }

    // MARK: - Fill

    @Test func fillHandsOverTheBestMatchAndRecordsItsUse() throws {
        let vault = try MatchingVault()
        try vault.add("Parent", username: "p", password: "parent-pw", "https://example.com")
        let exact = try vault.add("Exact", username: "e", password: "exact-pw", "https://www.example.com/login")
        let credential = try vault.service.fill([ServiceIdentifier("https://www.example.com/login", kind: .url)])
        #expect(credential == Credential(id: exact.id, username: "e", password: "exact-pw"))
        let usage = try vault.vault.usage(ofItemsWithIDs: [exact.id])
        #expect(usage[exact.id]?.lastUsed == vault.clock.now)
        #expect(usage[exact.id]?.count == 1)
    }

    @Test func fillForANamedUserAndTheRankingItLeavesBehind() throws {
        let vault = try MatchingVault()
        try vault.add("Work", username: "alice@work.example", password: "work-pw", "https://mail.example.com")
        try vault.add("Home", username: "Alice", password: "home-pw", "https://mail.example.com")
        #expect(try vault.titles("https://mail.example.com") == ["Home", "Work"])

        _ = vault.clock.advance()
        let work = try vault.service.fill([ServiceIdentifier(parsing: "mail.example.com")], username: "alice@work.example")
        #expect(work.password == "work-pw")
        // The fill was recorded: the work login now ranks first.
        #expect(try vault.titles("https://mail.example.com") == ["Work", "Home"])
        // A user name matches exactly first, then ignoring case.
        #expect(try vault.service.fill([ServiceIdentifier(parsing: "mail.example.com")], username: "alice").password == "home-pw")
    }

    @Test func fillWithoutAMatchSaysSoInOneSentence() throws {
        let vault = try MatchingVault()
        try vault.add("Bank", username: "bob", "https://bank.example.com")
        let noSite = #expect(throws: ServiceFailure.self) {
            try vault.service.fill([ServiceIdentifier(parsing: "https://bob:hunter2@other.example.org:8443/login")])
        }
        #expect(noSite == ServiceFailure(.noMatch, "No login matches other.example.org:8443."))
        let noUser = #expect(throws: ServiceFailure.self) {
            try vault.service.fill([ServiceIdentifier(parsing: "bank.example.com")], username: "carol")
        }
        #expect(noUser == ServiceFailure(.noMatch, "No login for user 'carol' matches bank.example.com."))
        let idn = #expect(throws: ServiceFailure.self) {
            try vault.service.fill([ServiceIdentifier(parsing: "https://xn--bcher-kva.de")])
        }
        #expect(idn?.message == "No login matches bücher.de.")
        let garbage = #expect(throws: ServiceFailure.self) {
            try vault.service.fill([ServiceIdentifier(parsing: "not a site")])
        }
        #expect(garbage?.code == .noMatch)
        let empty = #expect(throws: ServiceFailure.self) { try vault.service.fill([]) }
        #expect(empty?.code == .invalidInput)
    }

    @Test func fillSkipsTrashedLogins() throws {
        let vault = try MatchingVault()
        let item = try vault.add("Old", "https://example.com")
        try vault.service.moveToTrash(item.id)
        #expect(throws: ServiceFailure.self) { try vault.service.fill([ServiceIdentifier(parsing: "example.com")]) }
    }

    // MARK: - What is read

    @Test func candidatesAreTheSitesAndTheirEquivalentsOnly() throws {
        var equivalents = EquivalentDomains()
        equivalents.declare(["google.com", "youtube.com"])
        equivalents.merge([.oneWay(from: ["adobelogin.com"], to: ["adobe.com"], fromObsolete: false)])
        let matcher = CredentialMatcher(equivalents: equivalents, publicSuffixList: testPublicSuffixList)
        func candidates(_ identifiers: String...) throws -> Set<String> {
            try matcher.candidateDomains(for: identifiers.map(ServiceIdentifier.init(parsing:)))
        }
        #expect(try candidates("https://mail.google.com/x") == ["google.com", "youtube.com"])
        #expect(try candidates("https://www.adobe.com") == ["adobe.com", "adobelogin.com"])
        #expect(try candidates("https://adobelogin.com") == ["adobelogin.com"])
        #expect(try candidates("https://a.b.example.co.uk", "http://[::1]:8080", "nonsense here") == ["example.co.uk", "::1"])
        #expect(try candidates("android://h@com.google.app") == ["google.app"])
        #expect(try candidates().isEmpty)
    }

    @Test func unreadableEquivalentsDoNotBreakTheListButAreReported() throws {
        let vault = try MatchingVault()
        try vault.add("Google", "https://google.com")
        try vault.add("YouTube", "https://youtube.com")
        _ = try vault.service.addEquivalents(["google.com", "youtube.com"])
        #expect(try vault.titles("https://youtube.com") == ["YouTube", "Google"])

        try vault.vault.setSetting(named: EquivalentDomains.settingName, to: Array("{\"version\":2,\"groups\":[]}".utf8))
        #expect(try vault.titles("https://youtube.com") == ["YouTube"])
        let newer = #expect(throws: ServiceFailure.self) { try vault.service.equivalents() }
        #expect(newer?.code == .damaged)
        #expect(newer?.message.contains("newer version of Sesame") == true)
        // Nothing overwrites what a newer Sesame wrote.
        #expect(throws: ServiceFailure.self) { try vault.service.addEquivalents(["a.com", "b.com"]) }
        #expect(try vault.vault.setting(named: EquivalentDomains.settingName) == Array("{\"version\":2,\"groups\":[]}".utf8))

        try vault.vault.setSetting(named: EquivalentDomains.settingName, to: [0xFF, 0x00])
        #expect(try vault.titles("https://youtube.com") == ["YouTube"])
        #expect((try? vault.service.equivalents()) == nil)
    }
}
