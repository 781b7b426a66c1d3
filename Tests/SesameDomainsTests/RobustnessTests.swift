import Testing
@testable import SesameDomains

/// Seeded random inputs built from the pieces that trip parsers up: no input may trap, and every
/// canonical form must parse back to the same value.
@Suite struct RobustnessTests {
    /// SplitMix64: deterministic, so a failure reproduces.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let pieces = [
        "a", "Z", "0", "1", "9", "255", "0x", "f", ".", "..", ":", "::", "[", "]", "%", "-", "_", "xn--",
        "bcher-kva", "ü", "u\u{0308}", "\u{0308}", "。", "ｅ", "例", "@", "/", "?", "#", " ", "\u{200D}", "ß",
        "İ", "ff", "ffff", "1.2.3.4", "http://", "://", "*", "!", "\u{FFFD}", "\u{0}",
    ]

    static func randomInput(_ generator: inout Generator) -> String {
        let count = Int.random(in: 1...12, using: &generator)
        return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    @Test func hostParsingNeverTrapsAndIsIdempotent() throws {
        var generator = Generator(state: 2024)
        var parsed = 0
        for _ in 0..<20_000 {
            let input = Self.randomInput(&generator)
            guard let host = try? Host(parsing: input) else { continue }
            parsed += 1
            let again = try Host(parsing: host.ascii)
            #expect(again == host, "\(input.debugDescription) → \(host.ascii)")
            #expect(try Host(parsing: host.unicode) == host, "\(input.debugDescription) → \(host.unicode)")
        }
        #expect(parsed > 1000)
    }

    @Test func serviceURLParsingNeverTraps() {
        var generator = Generator(state: 7)
        var parsed = 0
        for _ in 0..<20_000 {
            if (try? ServiceURL(parsing: Self.randomInput(&generator))) != nil { parsed += 1 }
        }
        #expect(parsed > 1000)
    }

    /// Random "xn--" labels: what Foundation accepts must be canonical, so it parses back to itself.
    @Test func aceLabelsNeverTrapAndAreCanonical() throws {
        var generator = Generator(state: 99)
        let alphabet = Array("abcxyz0189-AZ")
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...20, using: &generator)
            let label = "xn--" + String((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            guard let host = try? Host(parsing: label + ".example") else { continue }
            #expect(try Host(parsing: host.unicode) == host, "\(label)")
            #expect(host.ascii == label.lowercased() + ".example")
        }
    }
}
