import Foundation
import Testing
import SesameCrypto
import SesameStore
@testable import SesameAutoFill

/// Equivalent-domain groups: what people type, how groups merge, how they are stored, and imports of Apple's
/// shared-credentials format.
@Suite struct MatchingEquivalentsTests {
    static func fixture() throws -> Data {
        let path = try #require(
            Bundle.module.path(forResource: "shared-credentials", ofType: "json", inDirectory: "Fixtures"),
            "Fixtures/shared-credentials.json is missing from the test bundle")
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// What importing the fixture into an empty vault gives.
    static let fixtureGroups: [EquivalentGroup] = [
        .shared(["airbnb.co.uk", "airbnb.com", "airbnb.de"]),
        .oneWay(from: ["adobelogin.com", "behance.net"], to: ["adobe.com"], fromObsolete: false),
        .oneWay(from: ["angel.co"], to: ["wellfound.com"], fromObsolete: true),
        .oneWay(from: ["eo.nl"], to: ["npo.nl"], fromObsolete: false),
        .shared(["costco.ca", "costco.com"]),
        .shared(["xn--bcher-kva.ch", "xn--bcher-kva.de"]),
        .shared(["gmail.com", "google.com", "youtube.com"]),
    ]

    // MARK: - What people type

    @Test(arguments: [
        ("google.com", "google.com"),
        ("https://WWW.Google.com/accounts?x=1", "google.com"),
        ("Google.COM.", "google.com"),
        ("user@mail.google.com:8443", "google.com"),
        ("bücher.de", "xn--bcher-kva.de"),
        ("shop.xn--bcher-kva.de", "xn--bcher-kva.de"),
        ("login.example.co.uk", "example.co.uk"),
        ("alice.github.io", "alice.github.io"),
        ("https://192.168.1.1:8080", "192.168.1.1"),
        ("localhost", "localhost"),
    ])
    func typedDomainsBecomeSites(_ typed: String, _ site: String) throws {
        #expect(try EquivalentDomains.site(of: typed, list: testPublicSuffixList) == site)
    }

    @Test(arguments: ["co.uk", "github.io", "https://blogspot.com/", "not a domain", "", "android://h@com.example.app"])
    func textThatNamesNoSiteIsRefused(_ typed: String) {
        let failure = #expect(throws: ServiceFailure.self) { try EquivalentDomains.site(of: typed, list: testPublicSuffixList) }
        #expect(failure?.code == .invalidInput)
        #expect(failure?.message.hasSuffix(".") == true)
    }

    // MARK: - Groups

    @Test func sharedGroupsMergeWhenTheyShareASite() {
        var domains = EquivalentDomains()
        let first = domains.declare(["b.com", "a.com"])
        #expect(first == EquivalentsChange(added: [.shared(["a.com", "b.com"])]))
        domains.declare(["x.com", "y.com"])
        let merged = domains.declare(["c.com", "b.com"])
        #expect(domains.groups == [.shared(["a.com", "b.com", "c.com"]), .shared(["x.com", "y.com"])])
        #expect(merged.added == [.shared(["a.com", "b.com", "c.com"])])
        #expect(merged.removed == [.shared(["a.com", "b.com"])])
        #expect(domains.offers("c.com", on: "a.com") && domains.offers("a.com", on: "c.com"))
        #expect(!domains.offers("x.com", on: "a.com"))

        // Declaring what is declared changes nothing.
        #expect(domains.declare(["c.com", "a.com"]) == EquivalentsChange(unchanged: 1))
        // A declaration joining two groups merges them.
        domains.declare(["a.com", "x.com"])
        #expect(domains.groups == [.shared(["a.com", "b.com", "c.com", "x.com", "y.com"])])
    }

    @Test func oneWayGroupsOfferFromOnToOnly() {
        var domains = EquivalentDomains()
        domains.merge([.oneWay(from: ["old.com", "login.com"], to: ["new.com"], fromObsolete: true)])
        #expect(domains.sites(offeredOn: "new.com") == ["old.com", "login.com"])
        #expect(domains.sites(offeredOn: "old.com").isEmpty)
        #expect(!domains.offers("old.com", on: "login.com"))
        // The same pairs again, or pairs a shared group already declares, change nothing.
        #expect(domains.merge([.oneWay(from: ["old.com"], to: ["new.com"], fromObsolete: false)]).unchanged == 1)
        domains.declare(["a.com", "b.com"])
        #expect(domains.merge([.oneWay(from: ["a.com"], to: ["b.com"], fromObsolete: false)]).unchanged == 1)
        #expect(domains.groups.count == 2)
    }

    @Test func groupsThatDeclareNothingAreDropped() {
        let domains = EquivalentDomains(groups: [
            .shared(["a.com", "a.com"]), .oneWay(from: ["a.com"], to: ["a.com"], fromObsolete: false),
            .oneWay(from: [], to: ["b.com"], fromObsolete: false), .shared(["b.com", "c.com"]),
            // A site offered on itself declares nothing; the rest of the group stands.
            .oneWay(from: ["x.com", "y.com"], to: ["x.com"], fromObsolete: false),
        ])
        #expect(domains.groups == [.shared(["b.com", "c.com"]), .oneWay(from: ["y.com"], to: ["x.com"], fromObsolete: false)])
    }

    @Test func removingSitesShrinksOrDropsTheirGroups() throws {
        var domains = EquivalentDomains(groups: [
            .shared(["a.com", "b.com", "c.com"]), .oneWay(from: ["a.com"], to: ["z.com"], fromObsolete: false),
        ])
        let change = try domains.remove(["a.com"])
        #expect(domains.groups == [.shared(["b.com", "c.com"])])
        #expect(change.removed == [.shared(["a.com", "b.com", "c.com"]), .oneWay(from: ["a.com"], to: ["z.com"], fromObsolete: false)])
        #expect(change.added == [.shared(["b.com", "c.com"])])
        #expect(!domains.offers("a.com", on: "z.com"))

        let missing = #expect(throws: ServiceFailure.self) { try domains.remove(["b.com", "nowhere.com"]) }
        #expect(missing == ServiceFailure(.notFound, "'nowhere.com' is in no group of equivalent domains."))
        #expect(domains.groups == [.shared(["b.com", "c.com"])], "a failed removal changes nothing")
        #expect(domains.removeAll().removed == [.shared(["b.com", "c.com"])])
        #expect(domains.isEmpty)
    }

    // MARK: - In the vault

    @Test func groupsAreStoredSealedInTheVaultAndSurviveReopening() throws {
        let vault = try MatchingVault()
        let change = try vault.service.addEquivalents(["https://www.google.com", "YouTube.com", "google.com"])
        #expect(change.added == [.shared(["google.com", "youtube.com"])])
        _ = try vault.service.importEquivalents([.oneWay(from: ["angel.co"], to: ["wellfound.com"], fromObsolete: true)])

        let reopened = try Vault(path: vault.vault.path, publicSuffixList: testPublicSuffixList)
        try reopened.unlock(password: SecureBytes(utf8: "matching"))
        let stored = try LocalVaultService(vault: reopened).equivalents()
        #expect(stored.groups == [
            .shared(["google.com", "youtube.com"]), .oneWay(from: ["angel.co"], to: ["wellfound.com"], fromObsolete: true),
        ])
        // The sealed setting holds versioned JSON in Apple's shape; the file holds none of it in clear.
        let bytes = try #require(try reopened.setting(named: EquivalentDomains.settingName))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.first?["shared"] as? [String] == ["google.com", "youtube.com"])
        #expect(groups.last?["fromDomainsAreObsoleted"] as? Bool == true)
        let file = try Data(contentsOf: URL(fileURLWithPath: vault.vault.path))
            + ((try? Data(contentsOf: URL(fileURLWithPath: vault.vault.path + "-wal"))) ?? Data())
        #expect(file.range(of: Data("youtube".utf8)) == nil)

        // Removing the last group removes the setting.
        _ = try vault.service.removeEquivalents(nil)
        #expect(try reopened.setting(named: EquivalentDomains.settingName) == nil)
        #expect(try vault.service.equivalents().isEmpty)
    }

    @Test func addNeedsTwoDifferentSites() throws {
        let vault = try MatchingVault()
        let same = #expect(throws: ServiceFailure.self) {
            try vault.service.addEquivalents(["google.com", "https://mail.google.com"])
        }
        #expect(same?.code == .invalidInput)
        let suffix = #expect(throws: ServiceFailure.self) { try vault.service.addEquivalents(["example.com", "co.uk"]) }
        #expect(suffix?.message == "'co.uk' is a public suffix shared by many sites, not a site.")
        #expect(try vault.service.equivalents().isEmpty)
    }

    @Test func removeTakesWhatPeopleType() throws {
        let vault = try MatchingVault()
        _ = try vault.service.addEquivalents(["bücher.de", "books.example", "livres.example"])
        let change = try vault.service.removeEquivalents(["https://www.BÜCHER.de/"])
        #expect(change.removed == [.shared(["books.example", "livres.example", "xn--bcher-kva.de"])])
        #expect(try vault.service.equivalents().groups == [.shared(["books.example", "livres.example"])])
        #expect(throws: ServiceFailure.self) { try vault.service.removeEquivalents(["bücher.de"]) }
    }

    // MARK: - Imports

    @Test func importReadsTheSharedCredentialsFormat() throws {
        let vault = try MatchingVault()
        let groups = try EquivalentDomains.parseSharedCredentials(Self.fixture())
        #expect(groups.count == 9)
        let change = try vault.service.importEquivalents(groups)
        #expect(try vault.service.equivalents().groups == Self.fixtureGroups)
        #expect(change.added == Self.fixtureGroups)
        #expect(change.unchanged == 0)
        #expect(change.skipped == ["co.uk", "not a domain"])

        // The imported groups take part in matching, one-way ones in their direction only.
        try vault.add("Adobe ID", "https://adobelogin.com")
        try vault.add("Wellfound", "https://wellfound.com")
        #expect(try vault.match(["https://www.adobe.com"]).map(\.match) == [.equivalent])
        #expect(try vault.titles("https://angel.co").isEmpty)
        try vault.add("Gmail", "https://mail.google.com")
        #expect(try vault.titles("https://m.youtube.com") == ["Gmail"])
    }

    @Test func importIsIdempotent() throws {
        let vault = try MatchingVault()
        let groups = try EquivalentDomains.parseSharedCredentials(Self.fixture())
        _ = try vault.service.importEquivalents(groups)
        let stored = try vault.vault.setting(named: EquivalentDomains.settingName)
        let again = try vault.service.importEquivalents(groups)
        #expect(again.added.isEmpty)
        #expect(again.removed.isEmpty)
        #expect(again.unchanged == 8, "every entry but the one that names a single site")
        #expect(try vault.vault.setting(named: EquivalentDomains.settingName) == stored, "nothing was written")
    }

    @Test func importMergesWithTheUsersGroups() throws {
        let vault = try MatchingVault()
        _ = try vault.service.addEquivalents(["airbnb.fr", "airbnb.com"])
        _ = try vault.service.addEquivalents(["example.com", "example.org"])
        let change = try vault.service.importEquivalents(try EquivalentDomains.parseSharedCredentials(Self.fixture()))
        let groups = try vault.service.equivalents().groups
        #expect(groups.first == .shared(["airbnb.co.uk", "airbnb.com", "airbnb.de", "airbnb.fr"]))
        #expect(groups.contains(.shared(["example.com", "example.org"])))
        #expect(groups.count == Self.fixtureGroups.count + 1)
        #expect(change.removed == [.shared(["airbnb.com", "airbnb.fr"])])
        #expect(change.added.contains(.shared(["airbnb.co.uk", "airbnb.com", "airbnb.de", "airbnb.fr"])))
    }

    @Test func theExportShapeReadsBackAsAnImport() throws {
        let domains = EquivalentDomains(groups: Self.fixtureGroups)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let exported = try encoder.encode(domains.groups)
        #expect(try EquivalentDomains.parseSharedCredentials(exported) == Self.fixtureGroups)
        #expect(String(decoding: exported, as: UTF8.self).hasPrefix(
            #"[{"shared":["airbnb.co.uk","airbnb.com","airbnb.de"]},{"from":["adobelogin.com","behance.net"],"fromDomainsAreObsoleted":false,"to":["adobe.com"]}"#))
    }

    @Test(arguments: [
        ("not json", "The file is not JSON."),
        (#"{"shared": ["a.com", "b.com"]}"#, "it must hold a JSON array of entries"),
        (#"[{"shared": ["a.com"]}, {"weird": true}]"#, "entry 2"),
        (#"[{"from": ["a.com"]}]"#, "'to'"),
        (#"[{"shared": "a.com"}]"#, "entry 1"),
    ])
    func filesInAnotherFormatAreRefusedWithTheReason(_ text: String, _ reason: String) {
        let failure = #expect(throws: ServiceFailure.self) {
            try EquivalentDomains.parseSharedCredentials(Data(text.utf8))
        }
        #expect(failure?.code == .invalidInput)
        #expect(failure?.message.contains(reason) == true, "\(failure?.message ?? "")")
    }
}
