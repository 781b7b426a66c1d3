import Foundation
@testable import SesameAgent
import SesameAutoFill
import SesameAutoTypeRules
import SesameSecretAttributes
import SesameStore
import Testing

/// The agent's own wire types for core values (issue 23) write what the core's `Codable` forms wrote, and give back
/// the same values, in the shapes the pins (`WirePinTests`) do not show.
@Suite struct WireTypesTests {
    static func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try WireCoding.encode(value), as: UTF8.self)
    }

    @Test func aOneWayEquivalentGroupTravelsAsTheCoreWroteIt() throws {
        let groups: [EquivalentGroup] = [
            .oneWay(from: ["adobelogin.com"], to: ["adobe.com"], fromObsolete: true), .shared(["a.com", "b.com"]),
        ]
        for group in groups {
            let wire = try Self.json(WireEquivalentGroup(group))
            #expect(wire == (try Self.json(group)))
            #expect(try WireCoding.decode(WireEquivalentGroup.self, from: Array(wire.utf8)).group == group)
        }
        // `fromDomainsAreObsoleted` may be left out, as in Apple's lists.
        let short = try WireCoding.decode(WireEquivalentGroup.self, from: Array(#"{"from":["a.com"],"to":["b.com"]}"#.utf8))
        #expect(short.group == .oneWay(from: ["a.com"], to: ["b.com"], fromObsolete: false))
        #expect(throws: (any Error).self) { try WireCoding.decode(WireEquivalentGroup.self, from: Array(#"{}"#.utf8)) }
    }

    @Test func anAttributedItemWithoutAttributesKeepsNone() throws {
        var item = AttributedItem(Item(title: "Demo", username: "alice"))
        item.attributes = [:]
        #expect(WireAttributedItem(item).attributedItem == item)
        let login = AttributedItem(Item(title: "Login", username: "alice", urls: [ItemURL("https://a.example")]))
        #expect(WireAttributedItem(login).attributedItem == login)
    }

    @Test func aSiteCredentialMatchKeepsItsExtras() throws {
        let match = SiteCredentialMatch(
            credential: Credential(id: UUID(), username: "alice", password: "s3cret", expires: Date(timeIntervalSince1970: 1)),
            oauthRefreshToken: "r", authScheme: "Bearer", authCredential: "t")
        #expect(WireSiteCredentialMatch(match).match == match)
        #expect(try Self.json(WireSiteCredentialMatch(match)) == (try Self.json(match)))
    }

    @Test func anAutoTypeCandidateKeepsItsRuleAndSequence() throws {
        let candidate = AutoTypeCandidate(itemID: UUID(), title: "T", username: "u", ruleID: UUID(), sequence: "{PASSWORD}~")
        #expect(WireAutoTypeCandidate(candidate).candidate == candidate)
        #expect(try Self.json(WireAutoTypeCandidate(candidate)) == (try Self.json(candidate)))
    }
}
