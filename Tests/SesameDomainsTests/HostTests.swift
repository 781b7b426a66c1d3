import Testing
@testable import SesameDomains

@Suite struct HostTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let kind: Host.Kind
        let ascii: String
        let unicode: String

        init(_ input: String, _ kind: Host.Kind, _ ascii: String, unicode: String? = nil) {
            self.input = input
            self.kind = kind
            self.ascii = ascii
            self.unicode = unicode ?? ascii
        }

        var testDescription: String { input.debugDescription }
    }

    static let domains: [Case] = [
        Case("example.com", .domain, "example.com"),
        Case("Example.COM.", .domain, "example.com"),
        Case("WWW.BBC.CO.UK.", .domain, "www.bbc.co.uk"),
        Case("localhost", .domain, "localhost"),
        Case("LOCALHOST.", .domain, "localhost"),
        Case("_dmarc.example.com", .domain, "_dmarc.example.com"),
        // Browsers accept hyphens at the ends of labels (UTS #46 CheckHyphens=false), so Sesame does too.
        Case("-foo-.blogspot.com", .domain, "-foo-.blogspot.com"),
        Case("0.bg", .domain, "0.bg"),
        Case("123.example", .domain, "123.example"),
        Case("0x1g.com", .domain, "0x1g.com"),
        // IDN, both ways, any case, any normalization form.
        Case("bücher.de", .domain, "xn--bcher-kva.de", unicode: "bücher.de"),
        Case("xn--bcher-kva.de", .domain, "xn--bcher-kva.de", unicode: "bücher.de"),
        Case("XN--BCHER-KVA.DE", .domain, "xn--bcher-kva.de", unicode: "bücher.de"),
        Case("BÜCHER.de", .domain, "xn--bcher-kva.de", unicode: "bücher.de"),
        Case("bu\u{0308}cher.de", .domain, "xn--bcher-kva.de", unicode: "bücher.de"),
        Case("München.DE.", .domain, "xn--mnchen-3ya.de", unicode: "münchen.de"),
        Case("ΑΘΗΝΑ.gr", .domain, "xn--mxaard0a.gr", unicode: "αθηνα.gr"),
        Case("straße.de", .domain, "xn--strae-oqa.de", unicode: "straße.de"),
        Case("例え.テスト", .domain, "xn--r8jz45g.xn--zckzah", unicode: "例え.テスト"),
        Case("xn--r8jz45g.xn--zckzah", .domain, "xn--r8jz45g.xn--zckzah", unicode: "例え.テスト"),
        Case("食狮.公司.cn", .domain, "xn--85x722f.xn--55qx5d.cn", unicode: "食狮.公司.cn"),
        Case("☃.net", .domain, "xn--n3h.net", unicode: "☃.net"),
        // Fullwidth letters and ideographic full stops, as an IME types them.
        Case("ｅｘａｍｐｌｅ。ＣＯＭ", .domain, "example.com"),
        Case("例え．テスト", .domain, "xn--r8jz45g.xn--zckzah", unicode: "例え.テスト"),
        // The rest of UTS #46, as browsers map it (through Foundation's IDNA): compatibility forms, ignored
        // characters (a browser opening "a\u{200B}b.com" goes to ab.com, so that is the site).
        Case("ﬁ.com", .domain, "fi.com"),
        Case("Ⅷ.com", .domain, "viii.com"),
        Case("ex\u{00AD}ample.com", .domain, "example.com"),
        Case("a\u{200B}b.com", .domain, "ab.com"),
        Case("ＸＮ－－ＢＣＨＥＲ－ＫＶＡ.de", .domain, "xn--bcher-kva.de", unicode: "bücher.de"),
        // A Cyrillic "а" is another host, never apple.com.
        Case("аpple.com", .domain, "xn--pple-43d.com", unicode: "аpple.com"),
        // Length limits are inclusive: 63 per label, 253 per name.
        Case(String(repeating: "a", count: 63) + ".com", .domain, String(repeating: "a", count: 63) + ".com"),
        Case(Self.name(length: 253), .domain, Self.name(length: 253)),
        Case(Self.name(length: 253) + ".", .domain, Self.name(length: 253)),
    ]

    static let ipv4: [Case] = [
        Case("127.0.0.1", .ipv4, "127.0.0.1"),
        Case("127.0.0.1.", .ipv4, "127.0.0.1"),
        Case("192.168.001.010", .ipv4, "192.168.1.8"),  // leading zero means octal, as in browsers
        Case("127.1", .ipv4, "127.0.0.1"),
        Case("0x7F.0.0.1", .ipv4, "127.0.0.1"),
        Case("0177.0.0.1", .ipv4, "127.0.0.1"),
        Case("2130706433", .ipv4, "127.0.0.1"),
        Case("10.1.65535", .ipv4, "10.1.255.255"),
        Case("4294967295", .ipv4, "255.255.255.255"),
        Case("0", .ipv4, "0.0.0.0"),
        Case("１２７．０．０．１", .ipv4, "127.0.0.1"),
    ]

    static let ipv6: [Case] = [
        Case("::1", .ipv6, "::1"),
        Case("[::1]", .ipv6, "::1"),
        Case("0:0:0:0:0:0:0:1", .ipv6, "::1"),
        Case("[0000:0000:0000:0000:0000:0000:0000:0001]", .ipv6, "::1"),
        Case("::", .ipv6, "::"),
        Case("1::", .ipv6, "1::"),
        Case("FE80::ABCD", .ipv6, "fe80::abcd"),
        Case("2001:0db8:0000:0000:0000:ff00:0042:8329", .ipv6, "2001:db8::ff00:42:8329"),
        // RFC 5952 section 4: longest run of zeros, the first one on a tie, never a single zero.
        Case("2001:db8:0:0:1:0:0:1", .ipv6, "2001:db8::1:0:0:1"),
        Case("2001:0:0:1:0:0:0:1", .ipv6, "2001:0:0:1::1"),
        Case("2001:db8:0:1:1:1:1:1", .ipv6, "2001:db8:0:1:1:1:1:1"),
        Case("2001:db8::0:1", .ipv6, "2001:db8::1"),
        // RFC 5952 section 5: IPv4-mapped addresses end in dotted decimal; others do not.
        Case("::ffff:192.0.2.1", .ipv6, "::ffff:192.0.2.1"),
        Case("[::FFFF:c000:0201]", .ipv6, "::ffff:192.0.2.1"),
        Case("::192.0.2.1", .ipv6, "::c000:201"),
        Case("64:ff9b::192.0.2.33", .ipv6, "64:ff9b::c000:221"),
    ]

    @Test(arguments: domains + ipv4 + ipv6)
    func parses(_ testCase: Case) throws {
        let host = try Host(parsing: testCase.input)
        #expect(host.kind == testCase.kind)
        #expect(host.ascii == testCase.ascii)
        #expect(host.unicode == testCase.unicode)
        #expect(host.isIPAddress == (testCase.kind != .domain))
        #expect(host.description == testCase.ascii)
        // The canonical form parses to itself.
        #expect(try Host(parsing: host.ascii) == host)
    }

    @Test(arguments: [
        "", ".", "..", "a..b", ".example.com", "example.com..",
        "exa mple.com", " example.com", "example.com ", "a\tb.com", "a\nb.com",
        "a/b.com", "a@b.com", "a%41.com", "a:b", "a*b.com", "a!b.com", "example.com/", "\u{7}.com",
        "\u{0301}a.com",           // a label may not start with a combining mark
        "\u{E000}.com",            // private use
        "a\u{FFFD}.com",           // replacement character
        "a\u{200D}b.com",          // a joiner outside the scripts that need it (CONTEXTJ)
        "\u{05D0}a.com", "a\u{05D0}.com",  // right-to-left and left-to-right in one label (Bidi rule)
        "evil.com@ü.com", "ü.com/.evil.com", "ü.com#x", "ü.com?x", "ü%2e.com", "ü.com:80", "ü .com",
        "evil.com\u{FF20}a.com", "a.com\u{FF0F}x", "\u{FF05}41.com",  // fullwidth "@", "/", "%"
        String(repeating: "a", count: 64) + ".com",
        Self.name(length: 254),
        String(repeating: "ü", count: 62) + ".com",  // 62 letters, but "xn--" form is longer than 63
        // "xn--" labels must be the canonical encoding of a valid Unicode label.
        "xn--", "xn--abc-.com", "xn--a.de", "xn--bcher-2pa.de", "xn--bucher-xyd.de", "xn--ü.de",
        // Ends in a number, so it must be IPv4.
        "1.2.3.256", "1.2.3.4.5", "256.1", "4294967296", "09.1.1.1", "0x1g.1", "example.123",
        // IPv6.
        "[::1", "::1]", "[1.2.3.4]", "[example.com]", ":::", "1:2:3:4:5:6:7:8:9", "::1::", "1:2",
        "12345::", "::1.2.3", "::1.2.3.04", "::256.1.1.1", "1:2:3:4:5:6:7:1.2.3.4", "::g", "1::2:",
        "fe80::1%eth0", "[fe80::1%25eth0]", "[::1]:80",
    ])
    func rejects(_ input: String) {
        #expect(throws: DomainError.invalidHost(input)) { try Host(parsing: input) }
    }

    @Test func internationalSpellingsAreOneHost() throws {
        let spellings = ["bücher.de", "xn--bcher-kva.de", "BÜCHER.de", "Bu\u{0308}cher.DE.", "XN--BCHER-KVA.DE"]
        let hosts = try spellings.map { try Host(parsing: $0) }
        #expect(Set(hosts).count == 1)
    }

    /// glibc's inet_aton stops at whitespace and accepts whatever follows; the address must be all there is.
    @Test(arguments: ["1.2.3.4 junk", "1.2.3.4\tx", "127.1 ", "1.2.3.4\n"])
    func ipv4ParsingRefusesTrailingText(_ text: String) {
        #expect(IPv4Address(parsing: text[...]) == nil)
    }

    @Test func anIPv4MappedAddressIsNotTheIPv4Address() throws {
        #expect(try Host(parsing: "::ffff:127.0.0.1") != Host(parsing: "127.0.0.1"))
    }

    @Test(arguments: [
        ("a.b.com", "b.com", true),
        ("x.y.b.com", "b.com", true),
        ("A.B.COM.", "b.com", true),
        ("www.bücher.de", "xn--bcher-kva.de", true),
        ("b.com", "b.com", false),
        ("b.com", "a.b.com", false),
        ("ab.com", "b.com", false),
        ("a.b.com.evil.org", "b.com", false),
        ("com", "com", false),
        ("1.2.3.4", "2.3.4", false),
        ("::1", "1", false),
    ])
    func subdomains(host: String, parent: String, expected: Bool) throws {
        #expect(try Host(parsing: host).isSubdomain(of: Host(parsing: parent)) == expected)
    }

    @Test func ipAddressesAreNeverSubdomains() throws {
        let address = try Host(parsing: "10.0.0.1")
        #expect(!address.isSubdomain(of: try Host(parsing: "1")))
        #expect(!address.isSubdomain(of: try Host(parsing: "0.1")))
    }

    /// A name of exactly `length` characters: 49-letter labels, then what remains.
    static func name(length: Int) -> String {
        let unit = String(repeating: "a", count: 49) + "."
        return String(String(repeating: unit, count: length / unit.count + 1).prefix(length))
    }
}
