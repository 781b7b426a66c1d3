import Foundation
import FuzzSupport
import SesameAutoFill

/// Any bytes as the configured password rules file (Apple's `password-rules.json` format): reading it must not
/// crash, and what it accepts stays within its limits (size, number of sites).
@main
enum FuzzPasswordRulesFile {
    static func main() {
        LibFuzzer.run { raw in
            guard let rules = try? SitePasswordRules(parsingJSON: Data(raw)) else { return }
            precondition(raw.count <= SitePasswordRules.maximumBytes, "a file over the size limit was read")
            precondition(rules.count <= SitePasswordRules.maximumSites, "more sites than the limit")
        }
    }
}
