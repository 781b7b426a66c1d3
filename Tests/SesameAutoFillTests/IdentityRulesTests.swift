import Foundation
import SesameAutoFill
import SesameDomains
import SesameStore
import Testing

/// Which identities an item gives: where QuickType may offer it, under which name, with which rank.
@Suite struct IdentityRulesTests {
    let suffixes: PublicSuffixList

    init() throws {
        suffixes = testPublicSuffixList
    }

    func services(_ item: Item) -> [ServiceIdentifier] {
        CredentialIdentity.identities(for: item, usage: nil, suffixes: suffixes).map(\.serviceIdentifier)
    }

    @Test func theDefaultModeOffersAnItemOnItsRegistrableDomain() {
        let item = testLogin("Bank", user: "alice", urls: ["https://login.secure.example.co.uk/signin?next=1"])
        let identities = CredentialIdentity.identities(for: item, usage: nil, suffixes: suffixes)
        #expect(identities == [CredentialIdentity(
            serviceIdentifier: domainService("example.co.uk"), user: "alice",
            recordIdentifier: item.id.uuidString.lowercased(), rank: 0)])
    }

    @Test func anItemHasOneIdentityPerSite() {
        let item = testLogin("Example", urls: [
            "https://www.example.com/login", "https://accounts.example.com", "example.com", "https://example.org/",
        ])
        #expect(services(item) == [domainService("example.com"), domainService("example.org")])
    }

    /// The identity's site is computed from one public-suffix lookup; it must agree with `registrableDomain(of:)`
    /// (what the index and the matcher use) under wildcard, exception and private rules.
    @Test(arguments: [
        "www.example.co.uk", "a.b.c.example.com", "example.com", "foo.bar.ck", "x.y.foo.bar.ck", "www.ck",
        "a.www.ck", "city.kawasaki.jp", "www.city.kawasaki.jp", "a.b.kawasaki.jp", "alice.github.io",
        "deep.alice.github.io", "bücher.de", "www.xn--bcher-kva.de", "s3.amazonaws.com", "x.s3.amazonaws.com",
        "a.b.compute.amazonaws.com", "co.uk", "github.io", "localhost", "192.168.1.1",
    ])
    func theSiteIsTheRegistrableDomain(hostText: String) throws {
        let host = try Host(parsing: hostText)
        let item = testLogin("Site", urls: ["https://\(hostText)/"])
        let expected = suffixes.publicSuffix(of: host) == host.ascii || host.isIPAddress
            ? urlService("https://\(host.kind == .ipv6 ? "[\(host.ascii)]" : host.ascii)")
            : domainService(suffixes.registrableDomain(of: host))
        #expect(services(item) == [expected])
    }

    @Test func recordIdentifiersAreLowercaseUUIDs() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(CredentialIdentity.recordIdentifier(for: id) == id.uuidString.lowercased())
        }
    }

    @Test func privateSuffixesAreSitesOfTheirOwn() {
        let item = testLogin("Pages", urls: ["https://alice.github.io/blog", "https://bob.github.io"])
        #expect(services(item) == [domainService("alice.github.io"), domainService("bob.github.io")])
    }

    @Test func itemsInModeNeverGetNone() {
        #expect(services(testLogin("Hidden", urls: ["https://example.com"], match: .never)).isEmpty)
        var mixed = testLogin("Mixed", urls: [])
        mixed.urls = [ItemURL("https://skip.example.net", match: .never), ItemURL("https://keep.example.org")]
        #expect(services(mixed) == [domainService("example.org")])
    }

    @Test func hostModeOffersTheHostOnly() {
        let item = testLogin("Intranet", urls: ["https://intranet.corp.example.com/app"], match: .host)
        #expect(services(item) == [domainService("intranet.corp.example.com")])
    }

    @Test func exactModeOffersTheURL() {
        let item = testLogin("Admin", urls: ["https://Example.com:8443/admin/login?x=1#top", "example.net/path"],
                             match: .exact)
        #expect(services(item) == [
            urlService("https://example.com:8443/admin/login"), urlService("https://example.net/path"),
        ])
    }

    @Test func hostsWithoutARegistrableDomainGetTheirOrigin() {
        let item = testLogin("Devices", urls: [
            "http://192.168.1.1:8080/admin", "[::1]:3000", "localhost:5000/app", "https://github.io/", "http://nas/",
        ])
        #expect(services(item) == [
            urlService("http://192.168.1.1:8080"), urlService("http://nas"), urlService("https://[::1]:3000"),
            urlService("https://github.io"), urlService("https://localhost:5000"),
        ])
    }

    @Test func scopesCoveredByTheItemsDomainAreDropped() {
        var item = testLogin("Corp", urls: [])
        item.urls = [
            ItemURL("https://www.example.com"), ItemURL("https://intranet.example.com", match: .host),
            ItemURL("https://example.com/login", match: .exact), ItemURL("https://mail.other.com", match: .host),
            ItemURL("https://wiki.other.com", match: .host),
        ]
        #expect(services(item) == [
            domainService("example.com"), domainService("mail.other.com"), domainService("wiki.other.com"),
        ])
    }

    @Test func internationalizedNamesAreStoredInASCII() {
        let item = testLogin("Bücher", urls: ["https://www.bücher.de/konto"])
        #expect(services(item) == [domainService("xn--bcher-kva.de")])
    }

    @Test func unparseableURLsAreSkipped() {
        let item = testLogin("Broken", urls: ["https://exa mple.com", "http://[::1", "https://ok.example.com"])
        #expect(services(item) == [domainService("example.com")])
    }

    @Test func anItemWithoutUserNameShowsItsTitle() {
        let item = testLogin("Home router", user: "", urls: ["https://router.example.com"])
        #expect(CredentialIdentity.identities(for: item, usage: nil, suffixes: suffixes).map(\.user) == ["Home router"])
    }

    @Test func anItemWithNothingToFillGetsNone() {
        #expect(services(testLogin("Bookmark", user: "", password: "", urls: ["https://example.com"])).isEmpty)
        #expect(!services(testLogin("Username only", user: "bob", password: "", urls: ["https://example.com"])).isEmpty)
    }

    @Test func rankIsTheLastUse() {
        let item = testLogin("Used", urls: ["https://example.com"])
        let used = ItemUsage(lastUsed: Date(timeIntervalSince1970: 1_760_000_000.9), count: 4)
        #expect(CredentialIdentity.identities(for: item, usage: used, suffixes: suffixes).map(\.rank) == [1_760_000_000])
        #expect(CredentialIdentity.rank(for: nil) == 0)
        #expect(CredentialIdentity.rank(for: ItemUsage(lastUsed: .distantPast, count: 1)) == 1)
    }

    @Test func identitiesNeverCarryThePassword() throws {
        let item = testLogin("Secret", user: "carol", password: "hunter2-unique-password", urls: ["https://example.com"])
        let identities = CredentialIdentity.identities(for: item, usage: nil, suffixes: suffixes)
        let encoded = String(decoding: try JSONEncoder().encode(identities), as: UTF8.self)
        #expect(!identities.isEmpty)
        #expect(!encoded.contains("hunter2"))
        #expect(!String(describing: identities).contains("hunter2"))
        #expect(!String(describing: identities).contains("carol"))
    }

    @Test func recordIdentifiersNameItemsAndNothingElse() {
        let id = UUID()
        let identity = CredentialIdentity(serviceIdentifier: domainService("example.com"), user: "a",
                                          recordIdentifier: CredentialIdentity.recordIdentifier(for: id))
        #expect(identity.recordIdentifier == id.uuidString.lowercased())
        #expect(identity.itemID == id)
        var other = identity
        other.recordIdentifier = id.uuidString
        #expect(other.itemID == id)
        for foreign in [nil, "", "0:local:vault.kdbx:\(id.uuidString)", "not-a-uuid", id.uuidString + " "] {
            other.recordIdentifier = foreign
            #expect(other.itemID == nil)
        }
    }
}
