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

    /// An item with every field set: the wire item writes `Item`'s own `Codable` bytes and gives back the same item.
    /// (Since the wire item is `Item`'s JSON form, this holds by construction; the pins hold the bytes themselves.)
    @Test func aFullItemTravelsAsTheCoreWroteIt() throws {
        let passkey = try WireCoding.decode(Passkey.self, from: Array(#"{"backedUp":true,"backupEligible":true,"created":1,"credentialID":"AAECAwQFBgcICQoLDA0ODw","lastUsed":2,"privateKey":"BwcHBwcHBwc","relyingParty":"github.com","signCount":3,"userDisplayName":"Alice","userHandle":"dXNlcg","userName":"alice"}"#.utf8))
        let full = Item(
            title: "GitHub", username: "alice", password: "s3cret",
            urls: [ItemURL("https://github.com", match: .host), ItemURL("https://gist.github.com")], notes: "a\nb",
            fields: [CustomField(name: "pin", value: "1234", isProtected: true), CustomField(name: "team", value: "x")],
            tags: ["work"], matchMode: .exact, created: Date(timeIntervalSinceReferenceDate: 3.25),
            modified: Date(timeIntervalSinceReferenceDate: 4), expires: Date(timeIntervalSinceReferenceDate: 5),
            passwordHistory: [PasswordHistoryEntry(password: "old", replaced: Date(timeIntervalSinceReferenceDate: 6))],
            oneTimeCode: "otpauth://totp/x?secret=JBSWY3DP", attachments: [ItemAttachment(name: "a.txt", data: Data([0, 1, 255]))],
            attributes: ["service": "demo"], keePassExtras: "<Extras/>", passkeys: [passkey], unknownFields: [99: [[1, 2]]])
        for item in [full, Item(title: "Bare", created: Date(timeIntervalSinceReferenceDate: 0))] {
            let wire = try Self.json(WireItem(item))
            #expect(wire == (try Self.json(item)))
            let read = try WireCoding.decode(WireItem.self, from: Array(wire.utf8))
            #expect(read.item == item)
            #expect(try WireCoding.decode(Item.self, from: Array(wire.utf8)) == item)
        }
        #expect(String(describing: WireItem(full)).contains("redacted") && !String(reflecting: WireItem(full)).contains("s3cret"))
        let unknownMode = try Self.json(WireItem(full)).replacingOccurrences(of: #""matchMode":"exact""#, with: #""matchMode":"fuzzy""#)
        // Refused while reading, as the backup refuses it: the agent answers that the message is malformed.
        #expect(throws: DecodingError.self) { try WireCoding.decode(WireItem.self, from: Array(unknownMode.utf8)) }
    }

    /// An edit with every field set writes the core's bytes; `null` for the one-time code or the expiry removes it
    /// (the core's decoder read `null` as "keep", so `edit --remove-otp` through the agent removed nothing).
    @Test func anEditKeepsItsRemovals() throws {
        var change = ItemChange()
        change.title = "T"
        change.urls = [ItemURL("https://a.example")]
        change.addURLs = [ItemURL("https://b.example", match: .exact)]
        change.removeURLs = ["https://c.example"]
        change.matchMode = .never
        change.setFields = [CustomField(name: "pin", value: "1", isProtected: true)]
        change.removeFields = ["old"]
        change.expires = .some(nil)
        change.oneTimeCode = .some(nil)
        change.attributes = ["a": "b"]
        change.removePasskeys = ["AAEC"]
        let wire = try Self.json(WireItemChange(change))
        #expect(wire == (try Self.json(change)))
        #expect(wire.contains(#""oneTimeCode":null"#) && wire.contains(#""expires":null"#))
        #expect(try WireCoding.decode(WireItemChange.self, from: Array(wire.utf8)).change() == change)
        change.expires = Date(timeIntervalSinceReferenceDate: 9)
        change.oneTimeCode = "otpauth://totp/x?secret=JBSWY3DP"
        #expect(try WireCoding.decode(WireItemChange.self, from: Array(Self.json(WireItemChange(change)).utf8)).change() == change)
        let keep = try WireCoding.decode(WireItemChange.self, from: Array(Self.json(WireItemChange(ItemChange())).utf8)).change()
        #expect(keep == ItemChange() && keep.oneTimeCode == nil && keep.expires == nil)
    }

    @Test func removingAOneTimeCodeThroughTheAgentRemovesIt() throws {
        let folder = TemporaryFolder()
        let item = Item(title: "Mail", password: "pw", oneTimeCode: "otpauth://totp/x?secret=JBSWY3DP")
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: [item])
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        _ = try client.unlock(vault: path, password: Fixture.secret())
        client.vault = path
        var change = ItemChange()
        change.oneTimeCode = .some(nil)
        try client.update(item.id, change)
        #expect(try client.reveal(item.id).oneTimeCode == nil)
    }

    @Test func anImportSummaryAndExportRecordsTravelAsTheCoreWroteThem() throws {
        let summary = ImportSummary(entries: [.init(.created, UUID()), .init(.updated, UUID()), .init(.skipped, UUID())])
        #expect(try Self.json(WireImportSummary(summary)) == (try Self.json(summary)))
        #expect(try WireImportSummary(summary).summary() == summary)
        let database = KeePassDatabaseExtras(id: "db", fragment: "<Meta/>", imported: Date(timeIntervalSinceReferenceDate: 1))
        #expect(try Self.json(WireKeePassDatabase(database)) == (try Self.json(database)))
        #expect(WireKeePassDatabase(database).database == database)
        let deletion = ItemDeletion(id: UUID(), deleted: Date(timeIntervalSinceReferenceDate: 2))
        #expect(try Self.json(WireItemDeletion(deletion)) == (try Self.json(deletion)))
        #expect(WireItemDeletion(deletion).deletion == deletion)
    }
}
