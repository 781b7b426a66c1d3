import Foundation
import Testing
@testable import SesameDomains

/// The rules of the format, on the small list in Fixtures/public_suffix_list.dat.
@Suite struct PublicSuffixListTests {
    let fixturePath: String
    let list: PublicSuffixList

    init() throws {
        fixturePath = try #require(
            Bundle.module.path(forResource: "public_suffix_list", ofType: "dat", inDirectory: "Fixtures"),
            "Fixtures/public_suffix_list.dat is missing from the test bundle")
        list = PublicSuffixList(utf8: Array(try #require(FileManager.default.contents(atPath: fixturePath))))
    }

    // (host, public suffix, registrable domain); the cases follow publicsuffix.org's test list.
    @Test(arguments: [
        // Plain rules and the default rule "*".
        ("com", "com", "com"),
        ("example.com", "com", "example.com"),
        ("b.example.com", "com", "example.com"),
        ("a.b.example.co.uk", "co.uk", "example.co.uk"),
        ("co.uk", "co.uk", "co.uk"),
        ("example", "example", "example"),
        ("example.example", "example", "example.example"),
        ("b.example.example", "example", "example.example"),
        ("localhost", "localhost", "localhost"),
        // Wildcard with exception under a TLD.
        ("ck", "ck", "ck"),
        ("test.ck", "test.ck", "test.ck"),
        ("foo.bar.ck", "bar.ck", "foo.bar.ck"),
        ("a.b.test.ck", "test.ck", "b.test.ck"),
        ("www.ck", "ck", "www.ck"),
        ("www.www.ck", "ck", "www.ck"),
        // Nested plain rules.
        ("kyoto.jp", "kyoto.jp", "kyoto.jp"),
        ("test.kyoto.jp", "kyoto.jp", "test.kyoto.jp"),
        ("ide.kyoto.jp", "ide.kyoto.jp", "ide.kyoto.jp"),
        ("b.ide.kyoto.jp", "ide.kyoto.jp", "b.ide.kyoto.jp"),
        ("a.b.ide.kyoto.jp", "ide.kyoto.jp", "b.ide.kyoto.jp"),
        // Wildcard with exception under a plain rule; "*.kobe.jp" makes kobe.jp public too (libpsl).
        ("kobe.jp", "kobe.jp", "kobe.jp"),
        ("c.kobe.jp", "c.kobe.jp", "c.kobe.jp"),
        ("b.c.kobe.jp", "c.kobe.jp", "b.c.kobe.jp"),
        ("a.b.c.kobe.jp", "c.kobe.jp", "b.c.kobe.jp"),
        ("city.kobe.jp", "kobe.jp", "city.kobe.jp"),
        ("www.city.kobe.jp", "kobe.jp", "city.kobe.jp"),
        // Nested wildcards: the longer one wins.
        ("customer-oci.com", "customer-oci.com", "customer-oci.com"),
        ("www.customer-oci.com", "www.customer-oci.com", "www.customer-oci.com"),
        ("x.customer-oci.com", "x.customer-oci.com", "x.customer-oci.com"),
        ("y.x.customer-oci.com", "x.customer-oci.com", "y.x.customer-oci.com"),
        ("oci.customer-oci.com", "oci.customer-oci.com", "oci.customer-oci.com"),
        ("x.oci.customer-oci.com", "x.oci.customer-oci.com", "x.oci.customer-oci.com"),
        ("y.x.oci.customer-oci.com", "x.oci.customer-oci.com", "y.x.oci.customer-oci.com"),
        // Rules with whitespace-separated text and in uppercase.
        ("example.de", "de", "example.de"),
        ("www.example.com.br", "com.br", "example.com.br"),
        // The private section counts: every GitHub Pages user is a site.
        ("github.io", "github.io", "github.io"),
        ("alice.github.io", "github.io", "alice.github.io"),
        ("www.alice.github.io", "github.io", "alice.github.io"),
        ("example.io", "io", "example.io"),
        ("amazonaws.com", "com", "amazonaws.com"),
        ("bucket.s3.amazonaws.com", "s3.amazonaws.com", "bucket.s3.amazonaws.com"),
        ("a.bucket.s3.amazonaws.com", "s3.amazonaws.com", "bucket.s3.amazonaws.com"),
        // Unicode rules match Unicode and "xn--" hosts alike; answers are in ASCII.
        ("公司.cn", "xn--55qx5d.cn", "xn--55qx5d.cn"),
        ("食狮.公司.cn", "xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
        ("www.食狮.公司.cn", "xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
        ("shishi.公司.cn", "xn--55qx5d.cn", "shishi.xn--55qx5d.cn"),
        ("www.xn--85x722f.xn--55qx5d.cn", "xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
        ("食狮.中国", "xn--fiqs8s", "xn--85x722f.xn--fiqs8s"),
        ("shop.個人.hk", "xn--gmqw5a.hk", "shop.xn--gmqw5a.hk"),
        ("SHOP.XN--GMQW5A.HK", "xn--gmqw5a.hk", "shop.xn--gmqw5a.hk"),
        ("παράδειγμα.ελ", "xn--qxam", "xn--hxajbheg2az3al.xn--qxam"),
        ("alice.ユーザー.jp", "xn--wck1eucb.jp", "alice.xn--wck1eucb.jp"),
    ])
    func registrableDomains(host: String, publicSuffix: String, site: String) throws {
        let parsed = try Host(parsing: host)
        #expect(list.publicSuffix(of: parsed) == publicSuffix)
        #expect(list.registrableDomain(of: parsed) == site)
    }

    @Test func differentUsersOfAPrivateSuffixAreDifferentSites() throws {
        let alice = try list.registrableDomain(of: Host(parsing: "alice.github.io"))
        let bob = try list.registrableDomain(of: Host(parsing: "bob.github.io"))
        #expect(alice != bob)
    }

    @Test(arguments: ["127.0.0.1", "::1", "[2001:db8::1]", "10.1"])
    func ipAddressesAreTheirOwnSiteAndHaveNoSuffix(_ text: String) throws {
        let host = try Host(parsing: text)
        #expect(list.publicSuffix(of: host) == nil)
        #expect(list.registrableDomain(of: host) == host.ascii)
    }

    @Test func countsDistinctRules() {
        // 26 rule lines, all distinct; "*.x" and "!y" are rules of their own.
        #expect(list.ruleCount == 26)
    }

    // MARK: - Format

    @Test func readsWhitespaceTabsCarriageReturnsAndComments() throws {
        let text = "// comment\r\n  \r\n\tco.uk\r\nuk   trailing words\r\n// *.ignored.uk\r\n*.wild.uk\r\n!not.wild.uk"
        let list = PublicSuffixList(parsing: text)
        #expect(list.ruleCount == 4)
        #expect(try list.registrableDomain(of: Host(parsing: "a.b.co.uk")) == "b.co.uk")
        #expect(try list.registrableDomain(of: Host(parsing: "a.b.ignored.uk")) == "ignored.uk")
        #expect(try list.registrableDomain(of: Host(parsing: "a.b.wild.uk")) == "a.b.wild.uk")
        #expect(try list.registrableDomain(of: Host(parsing: "a.not.wild.uk")) == "not.wild.uk")
    }

    @Test func skipsLinesThatAreNotRules() throws {
        let list = PublicSuffixList(parsing: "a.*.com\n**.com\nexa mple.com\n!\n*.\nco..uk\nfoo!bar\nuk")
        // "exa" is the first word of "exa mple.com" and a valid (single-label) rule.
        #expect(list.ruleCount == 2)
        #expect(try list.publicSuffix(of: Host(parsing: "x.uk")) == "uk")
    }

    @Test func anEmptyListAppliesOnlyTheDefaultRule() throws {
        let list = PublicSuffixList(parsing: "")
        #expect(list.ruleCount == 0)
        #expect(try list.registrableDomain(of: Host(parsing: "a.b.example.co.uk")) == "co.uk")
        #expect(try list.registrableDomain(of: Host(parsing: "localhost")) == "localhost")
    }

    // MARK: - Fingerprint

    @Test func fingerprintIgnoresCommentsOrderCaseAndSpelling() {
        let first = PublicSuffixList(parsing: "// one\ncom\n*.ck\n!www.ck\n公司.cn\n")
        let second = PublicSuffixList(parsing: "!WWW.CK\nxn--55qx5d.cn\n\n// two\n*.ck   x\nCOM\ncom\n")
        #expect(first.fingerprint == second.fingerprint)
        #expect(first.fingerprint.count == 16)
        #expect(first.fingerprint.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }

    @Test(arguments: [
        "com\n*.ck\n!www.ck\nxn--55qx5d.cn\nnet",  // a rule added
        "com\n*.ck\nxn--55qx5d.cn",                 // a rule removed
        "com\nck\n!www.ck\nxn--55qx5d.cn",          // wildcard became plain
        "com\n*.ck\nwww.ck\nxn--55qx5d.cn",         // exception became plain
    ])
    func fingerprintChangesWithTheRules(_ changed: String) {
        let base = PublicSuffixList(parsing: "com\n*.ck\n!www.ck\nxn--55qx5d.cn")
        #expect(PublicSuffixList(parsing: changed).fingerprint != base.fingerprint)
    }

    @Test func fingerprintOfTheFixtureIsStable() throws {
        let again = PublicSuffixList(utf8: Array(try #require(FileManager.default.contents(atPath: fixturePath))))
        #expect(again.fingerprint == list.fingerprint)
    }
}
