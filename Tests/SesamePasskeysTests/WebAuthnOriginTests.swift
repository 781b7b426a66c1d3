import SesameDomains
import SesameAutoFill
import Testing

/// The rules a browser applies before a page may use a relying party id, which the Linux browser host applies for
/// it: a secure origin, a domain, and an id that is the page's host or a registrable parent of it, never a public
/// suffix (private section included) and never another site.
@Suite struct WebAuthnOriginTests {
    func rpID(_ origin: String, _ requested: String?) throws(RelyingPartyError) -> String {
        try WebAuthnOrigin(parsing: origin).relyingPartyID(requested: requested, publicSuffixList: testPublicSuffixList)
    }

    @Test(arguments: [
        ("https://example.com", nil, "example.com"),
        ("https://example.com", "example.com", "example.com"),
        ("https://login.example.com", "example.com", "example.com"),
        ("https://a.b.example.co.uk:8443", "b.example.co.uk", "b.example.co.uk"),
        ("https://a.b.example.co.uk", "example.co.uk", "example.co.uk"),
        ("https://alice.github.io", "alice.github.io", "alice.github.io"),
        ("http://localhost:8080", nil, "localhost"),
        ("http://localhost", "localhost", "localhost"),
        ("http://app.localhost:3000", "localhost", "localhost"),
        ("https://xn--bcher-kva.de/", "xn--bcher-kva.de", "xn--bcher-kva.de"),
    ] as [(String, String?, String)])
    func allowed(origin: String, requested: String?, expected: String) throws {
        #expect(try rpID(origin, requested) == expected)
    }

    @Test(arguments: [
        ("https://evil.example", "example.com", RelyingPartyError.foreignRelyingPartyID),
        ("https://example.com.evil.example", "example.com", .foreignRelyingPartyID),
        ("https://notexample.com", "example.com", .foreignRelyingPartyID),
        ("https://example.com", "login.example.com", .foreignRelyingPartyID),
        ("https://alice.github.io", "github.io", .publicSuffixRelyingPartyID),
        ("https://alice.github.io", "bob.github.io", .foreignRelyingPartyID),
        ("https://a.example.co.uk", "co.uk", .publicSuffixRelyingPartyID),
        ("https://example.com", "com", .publicSuffixRelyingPartyID),
        ("https://github.io", nil, .publicSuffixRelyingPartyID),
        ("https://example.com", "Example.com", .invalidRelyingPartyID),
        ("https://example.com", "example.com.", .invalidRelyingPartyID),
        ("https://example.com", "", .invalidRelyingPartyID),
        ("https://example.com", "https://example.com", .invalidRelyingPartyID),
        ("http://example.com", nil, .insecureOrigin),
        ("http://localhost.example.com", nil, .insecureOrigin),
        ("ftp://example.com", nil, .insecureOrigin),
        ("https://192.0.2.1", nil, .ipAddressOrigin),
        ("http://127.0.0.1:8080", nil, .ipAddressOrigin),
        ("https://[::1]", nil, .ipAddressOrigin),
        ("https://example.com/login", nil, .invalidOrigin),
        ("https://user@example.com", nil, .invalidOrigin),
        ("https://example.com?x", nil, .invalidOrigin),
        ("example.com", nil, .invalidOrigin),
        ("", nil, .invalidOrigin),
    ] as [(String, String?, RelyingPartyError)])
    func refused(origin: String, requested: String?, error: RelyingPartyError) {
        #expect(throws: error) { try rpID(origin, requested) }
    }

    /// The origin in client data is the browser's serialization: lowercase ASCII host, default port left out.
    @Test func originIsSerializedAsABrowserDoes() throws {
        #expect(try WebAuthnOrigin(parsing: "https://EXAMPLE.com:443").serialized == "https://example.com")
        #expect(try WebAuthnOrigin(parsing: "https://example.com:8443/").serialized == "https://example.com:8443")
        #expect(try WebAuthnOrigin(parsing: "https://bücher.de").serialized == "https://xn--bcher-kva.de")
        #expect(try WebAuthnOrigin(parsing: "http://localhost:80").serialized == "http://localhost")
    }
}
