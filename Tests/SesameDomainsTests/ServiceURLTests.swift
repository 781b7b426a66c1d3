import Testing
@testable import SesameDomains

@Suite struct ServiceURLTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let scheme: String?
        let host: String
        let port: Int?
        let effectivePort: Int?
        let path: String
        let user: String?

        init(_ input: String, scheme: String?, host: String, port: Int? = nil, effectivePort: Int? = nil,
             path: String = "", user: String? = nil) {
            self.input = input
            self.scheme = scheme
            self.host = host
            self.port = port
            self.effectivePort = effectivePort
            self.path = path
            self.user = user
        }

        var testDescription: String { input.debugDescription }
    }

    static let cases: [Case] = [
        Case("https://user@m.example.co.uk:8443/login?x#y",
             scheme: "https", host: "m.example.co.uk", port: 8443, effectivePort: 8443, path: "/login", user: "user"),
        Case("http://[::1]:8080/", scheme: "http", host: "::1", port: 8080, effectivePort: 8080),
        Case("localhost:3000", scheme: nil, host: "localhost", port: 3000, effectivePort: 3000),
        Case("Example.COM.", scheme: nil, host: "example.com"),
        Case("example.com:8443", scheme: nil, host: "example.com", port: 8443, effectivePort: 8443),
        Case("example.com/login", scheme: nil, host: "example.com", path: "/login"),
        // A bare host keeps a port equal to a default: without a scheme there is no default.
        Case("example.com:443", scheme: nil, host: "example.com", port: 443, effectivePort: 443),
        Case("HTTPS://Example.COM:443/Path/To?q=1", scheme: "https", host: "example.com", effectivePort: 443, path: "/Path/To"),
        Case("https://example.com", scheme: "https", host: "example.com", effectivePort: 443),
        Case("https://example.com/", scheme: "https", host: "example.com", effectivePort: 443),
        Case("https://example.com:00443", scheme: "https", host: "example.com", effectivePort: 443),
        Case("https://example.com:", scheme: "https", host: "example.com", effectivePort: 443),
        Case("http://example.com:80/", scheme: "http", host: "example.com", effectivePort: 80),
        Case("http://example.com:443/", scheme: "http", host: "example.com", port: 443, effectivePort: 443),
        Case("https://example.com#top", scheme: "https", host: "example.com", effectivePort: 443),
        Case("https://example.com?next=/home", scheme: "https", host: "example.com", effectivePort: 443),
        Case("https://example.com/a/b/?c#d", scheme: "https", host: "example.com", effectivePort: 443, path: "/a/b/"),
        Case("ftp://files.example.com/pub", scheme: "ftp", host: "files.example.com", effectivePort: 21, path: "/pub"),
        Case("ssh://git@github.com:22/owner/repo.git",
             scheme: "ssh", host: "github.com", effectivePort: 22, path: "/owner/repo.git", user: "git"),
        Case("custom+app.v2://host.example", scheme: "custom+app.v2", host: "host.example"),
        Case("android://Z3d_-AB12==@com.example.app/",
             scheme: "android", host: "com.example.app", user: "Z3d_-AB12=="),
        // User info: the password is dropped, the name percent-decoded.
        Case("https://alice:secret@example.com/", scheme: "https", host: "example.com", effectivePort: 443, user: "alice"),
        Case("https://alice%40corp.com@example.com", scheme: "https", host: "example.com", effectivePort: 443,
             user: "alice@corp.com"),
        Case("https://@example.com", scheme: "https", host: "example.com", effectivePort: 443),
        Case("https://:pw@example.com", scheme: "https", host: "example.com", effectivePort: 443),
        Case("https://a%zz@example.com", scheme: "https", host: "example.com", effectivePort: 443, user: "a%zz"),
        // Hosts are normalized as by Host.
        Case("https://BÜCHER.de/straße", scheme: "https", host: "xn--bcher-kva.de", effectivePort: 443,
             path: "/stra%C3%9Fe"),
        Case("https://[2001:DB8::1]/", scheme: "https", host: "2001:db8::1", effectivePort: 443),
        Case("https://192.168.0.1:8443", scheme: "https", host: "192.168.0.1", port: 8443, effectivePort: 8443),
        Case("https://0x7f.1/", scheme: "https", host: "127.0.0.1", effectivePort: 443),
        Case("::1", scheme: nil, host: "::1"),
        Case("[::1]:8443", scheme: nil, host: "::1", port: 8443, effectivePort: 8443),
        Case("user@example.com", scheme: nil, host: "example.com", user: "user"),
        // Whitespace around is ignored, a "://" in the query is not a scheme, "//" starts an authority.
        Case("  https://example.com/ \n", scheme: "https", host: "example.com", effectivePort: 443),
        Case("example.com/redirect?to=https://evil.example", scheme: nil, host: "example.com", path: "/redirect"),
        Case("//example.com/path", scheme: nil, host: "example.com", path: "/path"),
        // Paths are escaped as a browser would send them.
        Case("example.com/a b", scheme: nil, host: "example.com", path: "/a%20b"),
        Case("https://example.com/%7Euser", scheme: "https", host: "example.com", effectivePort: 443, path: "/%7Euser"),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) throws {
        let url = try ServiceURL(parsing: testCase.input)
        #expect(url.scheme == testCase.scheme)
        #expect(url.host.ascii == testCase.host)
        #expect(url.port == testCase.port)
        #expect(url.effectivePort == testCase.effectivePort)
        #expect(url.path == testCase.path)
        #expect(url.user == testCase.user)
    }

    @Test(arguments: [
        "", "   ", "https://", "https:///path", "https://?q", "https://exa mple.com", "https://example.com:65536",
        "https://example.com:-1", "https://example.com:80a", "https://example.com:8 0", "http://::1/",
        "https://[::1/", "https://[::1]x/", "https://[::1]:x/", "https://a..b/", "https://user@/", "example.com:http",
        "https://ex%61mple.com/", "https://example.com:443:443/", "https://bad user@example.com/",
        "https://example.com:0", "https://example.com:00000/",
    ])
    func rejects(_ input: String) {
        let error = #expect(throws: DomainError.self) { try ServiceURL(parsing: input) }
        guard case .invalidURL? = error else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
    }

    @Test func errorsNeverCarryThePassword() {
        do {
            _ = try ServiceURL(parsing: "https://bob:hunter2@exa mple.com/login")
            Issue.record("parsed an invalid URL")
        } catch {
            #expect(error == .invalidURL("https://bob:***@exa mple.com/login"))
            #expect(!error.description.contains("hunter2"))
        }
        #expect(ServiceURL.redactingPassword("bob:pw@host") == "bob:***@host")
        #expect(ServiceURL.redactingPassword("https://host/a:b@c") == "https://host/a:b@c")
    }

    @Test(arguments: [
        ("https://example.com", "HTTPS://EXAMPLE.COM:443/"),
        ("https://bücher.de/", "https://xn--bcher-kva.de"),
        ("http://[::1]:8080", "http://[0:0:0:0:0:0:0:1]:8080/?x"),
        ("example.com", "Example.COM."),
        ("https://u@example.com/a", "https://u:pw@example.com/a#frag"),
    ])
    func equalSpellings(_ first: String, _ second: String) throws {
        #expect(try ServiceURL(parsing: first) == ServiceURL(parsing: second))
    }

    @Test(arguments: [
        ("https://example.com", "http://example.com"),
        ("https://example.com", "https://example.com:8443"),
        ("https://example.com/a", "https://example.com/b"),
        ("example.com", "https://example.com"),
        ("https://a@example.com", "https://b@example.com"),
    ])
    func differentServices(_ first: String, _ second: String) throws {
        #expect(try ServiceURL(parsing: first) != ServiceURL(parsing: second))
    }

    // MARK: - Locations handed over in pieces (git, the Secret Service)

    @Test(arguments: [
        ("https", "a.example", "https", "a.example", nil as Int?),
        ("HTTPS", "A.Example:8443", "https", "a.example", 8443),
        ("https", "a.example:443", "https", "a.example", nil),
        ("https", "a.example:65535", "https", "a.example", 65535),
        ("http", "[::1]:8080", "http", "::1", 8080),
        ("https", "[2001:DB8::1]", "https", "2001:db8::1", nil),
        ("smtp", "192.0.2.1:25", "smtp", "192.0.2.1", nil),
        ("https", "bücher.example", "https", "xn--bcher-kva.example", nil),
    ])
    func readsPlainLocations(_ scheme: String, _ authority: String, _ wantScheme: String, _ host: String, _ port: Int?) throws {
        let url = try ServiceURL(scheme: scheme, authority: authority)
        #expect(url.scheme == wantScheme)
        #expect(url.host.ascii == host)
        #expect(url.port == port)
        #expect(url.path == "" && url.user == nil)
    }

    @Test(arguments: [
        ("https", "evil.example@a.example"), ("https", "a.example/.evil.example"), ("https", "a.example#.evil.example"),
        ("https", "a.example?.evil.example"), ("https://a.example#", "evil.example"), ("https", "a.example:0"),
        ("https", "a.example:"), ("https", "a.example:65536"), ("https", "a.example:+80"), ("https", "::1"),
        ("https", "[::1"), ("https", "[::1]x"), ("https", "[::1]:"), ("https", ""), ("", "a.example"),
        ("https", "u:pw@a.example"), ("https", "a.example\\.evil.example"), ("https", "a.example%2f.evil.example"),
        ("https", "a.example\t"), ("h ttps", "a.example"), ("https:", "a.example"), ("https", "a.example:80 "),
    ])
    func refusesAnythingButAPlainSchemeAndHost(_ scheme: String, _ authority: String) {
        #expect(throws: DomainError.self) { try ServiceURL(scheme: scheme, authority: authority) }
    }

    // MARK: - Passwords in URLs

    @Test(arguments: ["https://u:pw@a.example/", "u:pw@a.example", "https://u:@a.example", "//u:pw@a.example/x",
                      " //u:pw@a.example/x", "\thttps://u:pw@a.example"])
    func aPasswordInTheUserInfoIsRefusedAndRedacted(_ text: String) {
        let error = #expect(throws: DomainError.self) { try ServiceURL.refusePassword(in: text) }
        guard case .passwordInURL(let shown)? = error else {
            Issue.record("expected passwordInURL, got \(String(describing: error))")
            return
        }
        #expect(!shown.contains("pw"))
        #expect(error?.description.contains("holds a password") == true)
    }

    @Test(arguments: ["https://a.example/", "ssh://git@h.example/r", "android://hash@com.example.app",
                      "https://a.example/a:b@c", "a.example:8443", "https://a.example/?u=x:y@z"])
    func urlsWithoutAPasswordPass(_ text: String) throws {
        try ServiceURL.refusePassword(in: text)
    }
}
