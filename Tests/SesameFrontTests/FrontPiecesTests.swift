import Foundation
import SesameAgentLink
import SesameCommandContract
import SesameCrypto
import SesameDomains
@testable import SesameFront
import Testing

/// The pieces with which the `sesame` front prints what the full CLI prints, checked against what the full CLI
/// uses: Foundation's date formats and JSON encoder, the domain rules' URL parser, and the PEM text of keys.
@Suite struct FrontPiecesTests {
    @Test func datesAreWhatFoundationWrites() throws {
        var generator = SystemRandomNumberGenerator()
        let iso = JSONEncoder()
        iso.dateEncodingStrategy = .iso8601
        // 1583-01-01 … 9999-12-31, with fractions, plus the edges of seconds, days, years and the range.
        var samples: [Double] = [0, 0.5, -0.5, 0.999_999, -0.000_001, 86_399.999, 86_400, -86_400, 951_782_400, 951_868_799.9]
        samples += [-13_190_860_800, 252_423_993_599.9, 786_000_000.123_456_7]
        for _ in 0..<20_000 { samples.append(Double.random(in: -13_190_860_800..<252_423_993_600, using: &generator)) }
        for seconds in samples {
            let date = Date(timeIntervalSinceReferenceDate: seconds)
            #expect(ISO8601Text.dateTime(seconds) == date.formatted(.iso8601), "\(seconds)")
            #expect(ISO8601Text.day(seconds) == date.formatted(.iso8601.year().month().day()), "\(seconds)")
            let json = String(decoding: try iso.encode([date]), as: UTF8.self)
            #expect(json == "[\"\(ISO8601Text.dateTime(seconds) ?? "")\"]", "\(seconds)")
        }
        // Outside 1583…9999 (a Julian calendar before, other widths after): the full CLI's to print.
        for seconds in [-13_190_860_800.5, 252_423_993_600, .infinity, .nan, -1e300] {
            #expect(ISO8601Text.dateTime(seconds) == nil && ISO8601Text.day(seconds) == nil, "\(seconds)")
        }
    }

    @Test func plainIdentifiersAreOnesTheDomainRulesAccept() throws {
        for text in ["example.com", "https://www.example.co.uk/login?next=/a#top", "http://localhost:8080", "HTTPS://Mail.Example.COM",
                     "git+ssh://git.example.org:22/repo.git", "a1.b-2.example:65535", "site.example/", "example.com?x"] {
            #expect(PlainIdentifier.isPlain(text), "\(text)")
            #expect((try? ServiceURL(parsing: text)) != nil, "\(text)")
        }
        for text in ["", " example.com", "example.com ", "1.2.3.4", "example.123", "xn--bcher-kva.de", "b\u{FC}cher.de", "a..b",
                     "-a.com", "a-.com", "a--b.com", "user@example.com", "//example.com", "example.com:0", "example.com:65536",
                     "example.com:", "http://[::1]/", "::1", "example.com.", "a_b.example", "1http://x.com", "http:/x.com",
                     String(repeating: "a", count: 64) + ".com", "not a url"] {
            #expect(!PlainIdentifier.isPlain(text), "\(text)")
        }
        // Whatever the front passes on, the full CLI would have accepted without a warning.
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "z", "0", "9", "-", ".", ":", "/", "//", "://", "?", "#", "@", "_", "x", "com", "http", "https",
                      "xn--", "8080", "65536", "[", "]", "%41", "www.", ".example"]
        var accepted = 0
        for _ in 0..<50_000 {
            let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            guard PlainIdentifier.isPlain(text) else { continue }
            accepted += 1
            #expect((try? ServiceURL(parsing: text)) != nil, "\(text)")
        }
        #expect(accepted > 1_000)
    }

    @Test func argumentsAreReadOnlyInTheirPlainSpellings() throws {
        func parse(_ words: [String]) -> FrontArguments? {
            FrontArguments(words[...], options: [.json, .reveal, .vault], positionals: 1...1)
        }
        let parsed = try #require(parse(["item", "--json", "-r", "--vault", "/v.sqlite"]))
        #expect(parsed.positionals == ["item"] && parsed.flags == ["json", "reveal"] && parsed.values == ["vault": "/v.sqlite"])
        #expect(parse(["--vault=/v.sqlite", "item"])?.values == ["vault": "/v.sqlite"])
        for words in [["item", "--help"], ["item", "-h"], ["--", "item"], ["item", "-rj"], ["item", "--json", "--json"],
                      ["item", "--vault"], ["item", "--vault", "--json"], ["item", "--vault="], ["item", "--vault", ""],
                      ["item", "--vault", "a", "--vault", "b"], ["item", "other"], [], ["-"], ["item", "--unknown"],
                      ["item", "--json=yes"], ["", "--json"]] {
            #expect(parse(words) == nil, "\(words)")
        }
    }

    @Test func fillReadsTheSpellingsTheCLIDeclares() throws {
        let fill = try #require(FrontFill(["fill", "https://a.example", "-u", "bob", "--vault=/v.sqlite", "--json", "--password-stdin"]))
        #expect(fill.identifier == "https://a.example" && fill.username == "bob" && fill.vault == "/v.sqlite" && fill.json)
        #expect(FrontFill(["fill", "a.example", "--username=bob"])?.username == "bob")
        for words in [["fill"], ["fill", "a.example", "b.example"], ["fill", "a.example", "--otp"], ["fill", "a.example", "-u"],
                      ["fill", "a.example", "--username="], ["fill", "a.example", "-u", "a", "-u", "b"], ["fill", "a.example", "-h"],
                      ["match", "a.example"], ["fill", "a.example", "-u=bob"], ["fill", "a.example", "--json", "--json"]] {
            #expect(FrontFill(words) == nil, "\(words)")
        }
    }

    @Test func prettyJSONIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        struct Shape: Encodable {
            var empty: [String] = []
            var nested: [String: [String: [Int]]] = ["a": [:], "b": ["c": []]]
            var text = "q\"b\\s/t\tc\u{1}é😀\u{7F}\u{2028}"
            var flag = true
            var missing: String? = nil
        }
        let expected = String(decoding: try encoder.encode(Shape()), as: UTF8.self)
        let value = AgentJSON.object([
            "empty": .array([]), "nested": .object(["a": .object([:]), "b": .object(["c": .array([])])]),
            "text": .string("q\"b\\s/t\tc\u{1}é😀\u{7F}\u{2028}"), "flag": .bool(true),
        ])
        #expect(String(decoding: value.prettyBytes, as: UTF8.self) == expected)
        #expect(String(decoding: AgentJSON.array([]).prettyBytes, as: UTF8.self) == String(decoding: try encoder.encode([Int]()), as: UTF8.self))
    }

    @Test func privateKeysAreThePEMTextTheFullCLIPrints() {
        // Every length modulo 3 (padding), across several lines, and a P-256 key's 138 bytes.
        for count in Array(1...200) + [138] {
            let bytes = SecureRandom.bytes(count: count)
            let expected = PEM.privateKeyText(SecureBytes(copying: bytes))
            #expect(FrontPEM.privateKeyText(base64URL: Base64URL.encode(bytes)) == expected, "\(count) bytes")
        }
        for text in ["", "A", "AB=", "AB+C", "AB/C", "ABC\n"] {
            #expect(FrontPEM.privateKeyText(base64URL: text) == nil, "\(text)")
        }
    }
}
