import Foundation
import Testing
import SesameStore
@testable import SesameAutoFill

/// One login and one login form: how (or whether) the login is offered.
struct MatchCase: Sendable, CustomTestStringConvertible {
    var note: String
    var stored: [ItemURL]
    var mode: MatchMode
    var form: [String]
    /// nil: the login must not be offered.
    var expected: MatchKind?
    var samePort: Bool
    /// The stored URL the row must name; the first stored URL when nil.
    var url: String?
    var groups: [EquivalentGroup]

    init(_ note: String, _ stored: String, _ form: String, _ expected: MatchKind?, samePort: Bool = true,
         mode: MatchMode = .domain, groups: [EquivalentGroup] = []) {
        self.init(note, stored: [ItemURL(stored)], form: [form], expected, samePort: samePort, mode: mode, groups: groups)
    }

    init(_ note: String, stored: [ItemURL], form: [String], _ expected: MatchKind?, samePort: Bool = true,
         mode: MatchMode = .domain, url: String? = nil, groups: [EquivalentGroup] = []) {
        self.note = note
        self.stored = stored
        self.mode = mode
        self.form = form
        self.expected = expected
        self.samePort = samePort
        self.url = url
        self.groups = groups
    }

    var testDescription: String { note }
}

extension MatchCase {
    static let google = EquivalentGroup.shared(["google.com", "youtube.com"])
    static let adobe = EquivalentGroup.oneWay(from: ["adobelogin.com"], to: ["adobe.com"], fromObsolete: false)
}

/// The table: each case runs through the matcher on the item alone and through a real vault (keyed index
/// lookup, equivalents stored in the vault, LocalVaultService), and both must agree with it.
let matchCases: [MatchCase] = [
    // Exact: scheme, host, port and path; the query and fragment never count.
    MatchCase("same URL", "https://example.com/login", "https://example.com/login", .exact),
    MatchCase("query and fragment ignored", "https://example.com/login", "https://example.com/login?next=/x#top", .exact),
    MatchCase("root with and without slash", "https://example.com", "https://example.com/", .exact),
    MatchCase("explicit default port", "https://example.com:443", "https://example.com", .exact),
    MatchCase("host case folds", "https://Example.COM/Login", "https://example.com/Login", .exact),
    MatchCase("user info in the form ignored", "https://example.com", "https://bob:secret@example.com", .exact),
    MatchCase("whitespace around the identifier", "https://example.com", "  https://example.com \n", .exact),
    MatchCase("percent-encoding normalized", "https://example.com/straße", "https://example.com/stra%C3%9Fe", .exact),
    MatchCase("trailing slash is another path", "https://example.com/login", "https://example.com/login/", .host),
    MatchCase("a path prefix is not exact", "https://example.com", "https://example.com/login", .host),
    MatchCase("a longer stored path is not exact", "https://example.com/a/b", "https://example.com/a", .host),
    MatchCase("paths are case-sensitive", "https://example.com/Login", "https://example.com/login", .host),

    // Schemes.
    MatchCase("http login offered on https (upgrade), not exact", "http://example.com", "https://example.com", .host),
    MatchCase("https login never offered on http", "https://example.com", "http://example.com", nil),
    MatchCase("https login not offered on http subdomain either", "https://example.com", "http://www.example.com", nil),
    MatchCase("wss login not offered on ws", "wss://example.com/socket", "ws://example.com/socket", nil),
    MatchCase("bare stored host stands for the web site", "example.com", "https://example.com", .exact),
    MatchCase("bare stored host on http", "example.com", "http://example.com", .exact),
    MatchCase("bare stored host, bare domain identifier", "example.com", "example.com", .exact),
    MatchCase("stored URL, bare domain identifier", "https://example.com", "example.com", .host),
    MatchCase("ssh login on the same host, other service", "ssh://git@github.com", "https://github.com", .host, samePort: false),

    // Ports.
    MatchCase("same explicit port", "https://example.com:8443", "https://example.com:8443/x", .host),
    MatchCase("stored other port", "https://example.com:8443", "https://example.com", .host, samePort: false),
    MatchCase("form other port", "https://example.com", "https://example.com:8443", .host, samePort: false),
    MatchCase("exact with explicit port", "https://example.com:8443/admin", "https://example.com:8443/admin", .exact),
    MatchCase("exact needs the same port", "https://example.com:8443/admin", "https://example.com:9443/admin", .host, samePort: false),
    MatchCase("bare host with port", "example.com:8443", "https://example.com:8443", .exact),
    MatchCase("bare host with the https default port", "example.com:443", "https://example.com", .exact),
    MatchCase("bare host with 443 on http", "example.com:443", "http://example.com", .host, samePort: false),
    MatchCase("http to https upgrade keeps an explicit port", "http://example.com:8080", "https://example.com:8080", .host),
    MatchCase("other port on a sibling host", "https://www.example.com:8443", "https://login.example.com", .domain, samePort: false),

    // Subdomains, parents, same site.
    MatchCase("stored parent", "https://example.com", "https://www.example.com", .subdomain),
    MatchCase("stored subdomain", "https://www.example.com", "https://example.com", .subdomain),
    MatchCase("siblings share the site", "https://login.example.com", "https://www.example.com", .domain),
    MatchCase("deep subdomain", "https://example.com", "https://a.b.example.com", .subdomain),
    MatchCase("cousins", "https://a.b.example.com", "https://c.b.example.com", .domain),
    MatchCase("co.uk parent", "https://example.co.uk", "https://www.example.co.uk", .subdomain),
    MatchCase("co.uk siblings", "https://www.example.co.uk", "https://login.example.co.uk", .domain),
    MatchCase("co.uk never across registrants", "https://example.co.uk", "https://other.co.uk", nil),
    MatchCase("a public suffix is not a parent", "https://example.co.uk", "https://co.uk", nil),
    MatchCase("com.au subdomain", "https://shop.example.com.au", "https://example.com.au", .subdomain),
    MatchCase("other TLD", "https://example.com", "https://example.org", nil),
    MatchCase("look-alike suffix", "https://example.com", "https://example.com.evil.net", nil),
    MatchCase("not at a label boundary", "https://myexample.com", "https://example.com", nil),
    MatchCase("wildcard suffix *.ck", "https://a.example.ck", "https://b.example.ck", nil),
    MatchCase("exception !www.ck is a site", "https://www.ck", "https://login.www.ck", .subdomain),

    // Private suffixes.
    MatchCase("github.io users are separate sites", "https://alice.github.io", "https://bob.github.io", nil),
    MatchCase("github.io same user", "https://alice.github.io", "https://alice.github.io/repo", .host),
    MatchCase("github.io user's subdomain", "https://alice.github.io", "https://www.alice.github.io", .subdomain),
    MatchCase("the suffix itself is not a parent", "https://github.io", "https://alice.github.io", nil),
    MatchCase("github.com is not github.io", "https://github.com", "https://alice.github.io", nil),
    MatchCase("blogspot users are separate sites", "https://alice.blogspot.com", "https://bob.blogspot.com", nil),
    MatchCase("blogspot same blog", "https://alice.blogspot.com", "https://alice.blogspot.com", .exact),
    MatchCase("herokuapp apps are separate sites", "https://app1.herokuapp.com", "https://app2.herokuapp.com", nil),

    // Internationalized names.
    MatchCase("IDN stored, punycode form", "https://bücher.de", "https://xn--bcher-kva.de", .exact),
    MatchCase("punycode stored, IDN form", "https://xn--bcher-kva.de/login", "https://BÜCHER.de/login", .exact),
    MatchCase("IDN subdomain", "https://shop.bücher.de", "https://bücher.de", .subdomain),
    MatchCase("IDN is not its ASCII look-alike", "https://bücher.de", "https://bucher.de", nil),
    MatchCase("IDN siblings", "https://www.münchen.de", "https://login.xn--mnchen-3ya.de", .domain),

    // IP literals: their own site, by host only.
    MatchCase("IPv4 same host", "http://192.168.1.1", "http://192.168.1.1/login", .host),
    MatchCase("IPv4 other address", "http://192.168.1.1", "http://192.168.1.2", nil),
    MatchCase("IPv4 other port", "http://192.168.1.1:8080", "http://192.168.1.1", .host, samePort: false),
    MatchCase("bare IPv4 fits any port", "192.168.1.1", "http://192.168.1.1:8080", .host),
    MatchCase("IPv4 shorthand", "http://127.0.0.1", "http://127.1", .exact),
    MatchCase("IPv4 is no parent", "http://10.0.0.1", "http://10.0.0.10", nil),
    MatchCase("IPv6 loopback", "http://[::1]:8080", "http://[::1]:8080/", .exact),
    MatchCase("IPv6 spellings", "http://[2001:db8::1]", "http://[2001:DB8:0::1]", .exact),
    MatchCase("IPv6 is not IPv4", "http://[::1]", "http://127.0.0.1", nil),
    MatchCase("bare IPv6 with port", "[::1]:8443", "https://[::1]:8443", .exact),

    // localhost: its own site, ports matter.
    MatchCase("localhost same port", "http://localhost:3000", "http://localhost:3000/login", .host),
    MatchCase("localhost other port", "http://localhost:3000", "http://localhost:8080", .host, samePort: false),
    MatchCase("bare localhost fits any port", "localhost", "http://localhost:5173", .host),
    MatchCase("localhost is not app.localhost's parent site", "http://localhost", "http://app.localhost", nil),
    MatchCase("localhost is not 127.0.0.1", "http://localhost:3000", "http://127.0.0.1:3000", nil),
    MatchCase("localhost https login not on http", "https://localhost:8443", "http://localhost:8443", nil),

    // App identifiers: exact host only.
    MatchCase("same Android app", "android://hash1@com.example.app", "android://hash2@com.example.app", .exact),
    MatchCase("android and androidapp name the same app", "androidapp://com.example.app", "android://h@com.example.app", .host),
    MatchCase("app is not a web site", "android://hash@com.example.app", "https://example.app", nil),
    MatchCase("web site is not an app", "https://example.app", "android://hash@com.example.app", nil),
    MatchCase("app host is not a domain", "android://hash@com.example.app", "android://hash@app.com.example.app", nil),
    MatchCase("app never equivalent", "android://hash@com.google.app", "https://youtube.com", nil,
              groups: [.shared(["google.app", "youtube.com"])]),

    // Match modes.
    MatchCase("host mode, same host", "https://example.com", "https://example.com/login", .host, mode: .host),
    MatchCase("host mode, subdomain refused", "https://example.com", "https://www.example.com", nil, mode: .host),
    MatchCase("host mode, other port", "https://example.com", "https://example.com:8443", .host, samePort: false, mode: .host),
    MatchCase("exact mode, exact", "https://example.com/login", "https://example.com/login", .exact, mode: .exact),
    MatchCase("exact mode, longer path refused", "https://example.com/login", "https://example.com/login/x", nil, mode: .exact),
    MatchCase("exact mode, other port refused", "https://example.com", "https://example.com:8443", nil, mode: .exact),
    MatchCase("exact mode, bare stored URL on https", "example.com/admin", "https://example.com/admin", .exact, mode: .exact),
    MatchCase("exact mode, bare stored URL on another port", "example.com/admin", "https://example.com:8443/admin", nil, mode: .exact),
    MatchCase("never mode", "https://example.com", "https://example.com", nil, mode: .never),
    MatchCase("URL mode overrides the item's", stored: [ItemURL("https://example.com", match: .domain)],
              form: ["https://www.example.com"], .subdomain, mode: .host),
    MatchCase("URL mode never", stored: [ItemURL("https://example.com", match: .never)],
              form: ["https://example.com"], nil),
    MatchCase("item never wins over URL mode", stored: [ItemURL("https://example.com", match: .domain)],
              form: ["https://example.com"], nil, mode: .never),
    MatchCase("best of several URLs", stored: [ItemURL("https://example.com/login", match: .exact), ItemURL("https://example.com")],
              form: ["https://www.example.com"], .subdomain, url: "https://example.com"),
    MatchCase("the better URL is named", stored: [ItemURL("https://www.example.com"), ItemURL("https://login.example.com")],
              form: ["https://login.example.com/x"], .host, url: "https://login.example.com"),
    MatchCase("unparseable stored URL skipped", stored: [ItemURL("http://[oops"), ItemURL("https://example.com")],
              form: ["https://example.com"], .exact, url: "https://example.com"),

    // Equivalent domains.
    MatchCase("shared group", "https://accounts.google.com", "https://www.youtube.com", .equivalent, groups: [MatchCase.google]),
    MatchCase("shared group, other direction", "https://youtube.com", "https://google.com", .equivalent, groups: [MatchCase.google]),
    MatchCase("shared group holds sites, not hosts", "https://m.youtube.com", "https://mail.google.com", .equivalent, groups: [MatchCase.google]),
    MatchCase("equivalents need domain mode", "https://youtube.com", "https://google.com", nil, mode: .host, groups: [MatchCase.google]),
    MatchCase("equivalent, other port", "https://google.com:8443", "https://youtube.com", .equivalent, samePort: false, groups: [MatchCase.google]),
    MatchCase("equivalent never downgrades", "https://google.com", "http://youtube.com", nil, groups: [MatchCase.google]),
    MatchCase("one-way from → to", "https://adobelogin.com", "https://www.adobe.com", .equivalent, groups: [MatchCase.adobe]),
    MatchCase("one-way never to → from", "https://adobe.com", "https://adobelogin.com", nil, groups: [MatchCase.adobe]),
    MatchCase("one-way groups do not chain", "https://a.com", "https://c.com", nil,
              groups: [.oneWay(from: ["a.com"], to: ["b.com"], fromObsolete: false),
                       .oneWay(from: ["b.com"], to: ["c.com"], fromObsolete: true)]),
    MatchCase("a group with a private-suffix site", "https://alice.github.io", "https://example.com", .equivalent,
              groups: [.shared(["alice.github.io", "example.com"])]),
    MatchCase("a private-suffix neighbour is not in the group", "https://bob.github.io", "https://example.com", nil,
              groups: [.shared(["alice.github.io", "example.com"])]),
    MatchCase("same site beats the group", "https://www.google.com", "https://google.com", .subdomain, groups: [MatchCase.google]),
    MatchCase("IDN groups", "https://bücher.de", "https://books.example", .equivalent,
              groups: [.shared(["xn--bcher-kva.de", "books.example"])]),

    // What the form names.
    MatchCase("second identifier matches", stored: [ItemURL("https://example.org")],
              form: ["https://example.com/login", "example.org"], .host),
    MatchCase("best over identifiers", stored: [ItemURL("https://example.com")],
              form: ["https://www.example.com", "https://example.com"], .exact),
    MatchCase("garbage before a good identifier", stored: [ItemURL("https://example.com")],
              form: ["http://[::1", "https://example.com"], .exact),
    MatchCase("only garbage", stored: [ItemURL("https://example.com")], form: ["not a url", "http://", ""], nil),
    MatchCase("a very long identifier", stored: [ItemURL("https://example.com")],
              form: [String(repeating: "a.", count: 3000) + "com"], nil),
    MatchCase("duplicate identifiers", stored: [ItemURL("https://example.com")],
              form: ["https://example.com", "https://EXAMPLE.com/", "example.com"], .exact),
    MatchCase("control characters", stored: [ItemURL("https://example.com")], form: ["https://exa\u{0}mple.com"], nil),
]

@Suite struct MatchingCaseTests {
    @Test func tableIsLargeEnough() {
        #expect(matchCases.count >= 80)
    }

    @Test(arguments: matchCases)
    func matcherOnTheItem(_ test: MatchCase) throws {
        let item = Item(title: "Login", username: "user", password: "pw", urls: test.stored, matchMode: test.mode)
        let equivalents = EquivalentDomains(groups: EquivalentDomains.normalized(test.groups, list: testPublicSuffixList).groups)
        let rows = try CredentialMatcher(equivalents: equivalents, publicSuffixList: testPublicSuffixList)
            .rank([item], for: test.form.map(ServiceIdentifier.init(parsing:)), usage: [:])
        check(rows, test, ItemView(item))
    }

    @Test(arguments: matchCases)
    func throughTheVault(_ test: MatchCase) throws {
        let vault = try MatchingVault()
        if !test.groups.isEmpty { _ = try vault.service.importEquivalents(test.groups) }
        // A login of an unrelated site must never show up.
        try vault.add("Unrelated", "https://unrelated.example.net")
        let item = try vault.add("Login", username: "user", urls: test.stored, mode: test.mode)
        check(try vault.match(test.form), test, item)
    }

    private func check(_ rows: [CredentialMatch], _ test: MatchCase, _ item: ItemView,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        guard let expected = test.expected else {
            #expect(rows.isEmpty, "offered as \(rows.map(\.match))", sourceLocation: sourceLocation)
            return
        }
        #expect(rows.count == 1, sourceLocation: sourceLocation)
        guard let row = rows.first else { return }
        #expect(row.id == item.id, sourceLocation: sourceLocation)
        #expect(row.match == expected, sourceLocation: sourceLocation)
        #expect(row.samePort == test.samePort, "samePort", sourceLocation: sourceLocation)
        #expect(row.url == (test.url ?? test.stored.first?.url), sourceLocation: sourceLocation)
        #expect(row.username == "user", sourceLocation: sourceLocation)
    }
}
