import Foundation
import Testing
import SesameDomains
@testable import SesameAutoFill

@Suite struct SitePasswordRulesTests {
    func fixture() throws -> SitePasswordRules {
        let path = try #require(Bundle.module.path(forResource: "password-rules", ofType: "json", inDirectory: "Fixtures"))
        return try SitePasswordRules(parsingJSON: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func lookup(_ host: String, in rules: SitePasswordRules) throws -> String? {
        try rules.rules(for: Host(parsing: host), publicSuffixList: testPublicSuffixList)?.domain
    }

    @Test func matchesTheSiteItsSubdomainsAndTheMostSpecificEntry() throws {
        let rules = try fixture()
        #expect(rules.count == 10)
        #expect(try lookup("sony.com", in: rules) == "sony.com")
        #expect(try lookup("account.sony.com", in: rules) == "sony.com")
        #expect(try lookup("WWW.Premierinn.COM.", in: rules) == "premierinn.com")
        // An entry for a subdomain applies to it and below, not to its parent or siblings.
        #expect(try lookup("login.key.harvard.edu", in: rules) == "key.harvard.edu")
        #expect(try lookup("harvard.edu", in: rules) == nil)
        #expect(try lookup("www.harvard.edu", in: rules) == nil)
        #expect(try lookup("sony.com.evil.example", in: rules) == nil)
        #expect(try lookup("notsony.com", in: rules) == nil)
        let sony = try #require(try rules.rules(for: Host(parsing: "sony.com"), publicSuffixList: testPublicSuffixList))
        #expect(sony.rules.maxConsecutive == 2 && sony.rules.maxLength == 30)
    }

    @Test func entriesNeverReachPastARegistrableDomain() throws {
        // A (bogus) entry for a public suffix must not apply to every site under it.
        let rules = try SitePasswordRules(parsingJSON: Data(#"{"github.io": {"password-rules": "maxlength: 8"}, "co.uk": {"password-rules": "maxlength: 8"}}"#.utf8))
        #expect(try lookup("alice.github.io", in: rules) == nil)
        #expect(try lookup("shop.example.co.uk", in: rules) == nil)
    }

    @Test func badFilesAndEntriesAreNamed() throws {
        #expect(throws: ServiceFailure(.invalidInput, "The password rules file is not a JSON object of sites.")) {
            try SitePasswordRules(parsingJSON: Data("[1]".utf8))
        }
        #expect(throws: ServiceFailure(.invalidInput, "The password rules file's entry 'a.example' has no \"password-rules\" text.")) {
            try SitePasswordRules(parsingJSON: Data(#"{"a.example": {"rules": "x"}}"#.utf8))
        }
        let rules = try SitePasswordRules(parsingJSON: Data(#"{"a.example": {"password-rules": "minlength 8"}, "b.example": {"password-rules": "minlength: 8"}}"#.utf8))
        #expect(throws: ServiceFailure(.invalidInput, "The password rules for a.example do not parse: Password rules: expected ':' after 'minlength' at character 11.")) {
            try rules.rules(for: Host(parsing: "a.example"), publicSuffixList: testPublicSuffixList)
        }
        #expect(try lookup("www.b.example", in: rules) == "b.example")
    }

    /// Issue 22 (budgets): the rules file comes from outside; its size, its number of sites and each rule's
    /// length are limited before anything is built from them (Apple's file: 63 KB, 434 sites, 204 characters).
    @Test func aRulesFileOverItsLimitsIsRefused() throws {
        let big = Data(("{\"a.example\": {\"password-rules\": \"" + String(repeating: "x", count: 1 << 20) + "\"}}").utf8)
        #expect(throws: ServiceFailure.self) { try SitePasswordRules(parsingJSON: big) }
        let long = Data(("{\"a.example\": {\"password-rules\": \"minlength: 8;" + String(repeating: " ", count: 1024) + "\"}}").utf8)
        #expect { try SitePasswordRules(parsingJSON: long) } throws: { error in
            (error as? ServiceFailure)?.message == "The password rules of 'a.example' are over Sesame's limit of 1024 bytes."
        }
        let sites = (0...10_000).map { "\"s\($0).example\": {\"password-rules\": \"minlength: 8;\"}" }.joined(separator: ",")
        #expect { try SitePasswordRules(parsingJSON: Data("{\(sites)}".utf8)) } throws: { error in
            (error as? ServiceFailure)?.message == "The password rules file has 10001 sites, over Sesame's limit of 10000."
        }
    }
}
