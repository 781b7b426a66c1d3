import FuzzSupport
@testable import SesameAutoFill

/// A fixed-seed generator, so a crash replays with the same passwords.
struct FuzzRandom: RandomNumberGenerator {
    var state: UInt64 = 0x5EED
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}

/// Any bytes as a password rules text (a site's rules file is outside input). Parsing must not crash, and rules that
/// parse and that the generator accepts give a password that meets them.
@main
enum FuzzPasswordRules {
    static func main() {
        LibFuzzer.run { bytes in
            guard let rules = try? PasswordRulesParser.parse(String(decoding: bytes, as: UTF8.self)) else { return }
            let generator = PasswordGenerator(rules: rules)
            var random = FuzzRandom()
            guard let password = try? generator.generate(using: &random) else { return }
            precondition(rules.isSatisfied(by: password), "a generated password breaks its rules")
        }
    }
}
