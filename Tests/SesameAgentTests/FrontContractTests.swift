import Foundation
@testable import SesameAgent
import SesameAutoFill
import SesameCommandContract
import SesameStore
import Testing

/// The names the Foundation-free fronts (`sesame`, `git-credential-sesame`) write and read, from
/// SesameCommandContract, are exactly the keys the agent's own request and reply types encode: every request and
/// reply of a front-used operation is encoded fully populated with the agent's real types, and the keys present at
/// each level must be the contract's set, no more and no fewer. A renamed or added field on either side fails here
/// instead of sending the fronts down the slow path unseen.
@Suite struct FrontContractTests {
    /// The keys of the encoded value's top-level object.
    static func keys<T: Encodable>(_ value: T) throws -> Set<String> {
        try keys(of: object(value))
    }

    static func object<T: Encodable>(_ value: T) throws -> [String: Any] {
        let data = try WireCoding.encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func keys(of object: Any?) throws -> Set<String> {
        Set(try #require(object as? [String: Any]).keys)
    }

    static func first(_ array: Any?) throws -> Any {
        try #require((array as? [Any])?.first)
    }

    static func names<Names: CaseIterable & RawRepresentable>(_: Names.Type) -> Set<String> where Names.RawValue == String {
        Set(Names.allCases.map(\.rawValue))
    }

    static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static let passkey: Passkey = {
        let json = #"{"backedUp":true,"backupEligible":true,"created":1,"credentialID":"AAECAwQFBgcICQoLDA0ODw","lastUsed":2,"privateKey":"BwcHBwcHBwc","relyingParty":"github.com","signCount":3,"unknownFields":[99,[[1]]],"userDisplayName":"Alice","userHandle":"dXNlcg","userName":"alice"}"#
        return try! WireCoding.decode(Passkey.self, from: Array(json.utf8))
    }()

    /// An item with every optional field set, so that every key it can have is present.
    static let item = Item(
        title: "GitHub", username: "alice", password: "s3cret", urls: [ItemURL("https://github.com", match: .host)],
        notes: "n", fields: [CustomField(name: "pin", value: "1234", isProtected: false)], tags: ["work"],
        matchMode: .exact, created: date, modified: date, expires: date,
        passwordHistory: [PasswordHistoryEntry(password: "old", replaced: date)],
        oneTimeCode: "otpauth://totp/x?secret=JBSWY3DP", attachments: [ItemAttachment(name: "a", data: Data([1]))],
        attributes: ["service": "demo"], keePassExtras: "<Extras/>", passkeys: [passkey], unknownFields: [99: [[1]]])

    static let credential = Credential(id: UUID(), username: "alice", password: "s3cret", expires: date)

    @Test func theOperationNamesAreTheAgents() {
        #expect(FillOperation.name == FrontRequest.Operation.fill.rawValue)
        #expect(MatchOperation.name == FrontRequest.Operation.match.rawValue)
        #expect(ListOperation.name == FrontRequest.Operation.list.rawValue)
        #expect(ResolveOperation.name == FrontRequest.Operation.resolve.rawValue)
        #expect(RevealOperation.name == FrontRequest.Operation.reveal.rawValue)
        #expect(OneTimeCodeOperation.name == FrontRequest.Operation.oneTimeCode.rawValue)
        #expect(LookupSiteCredentialOperation.name == FrontRequest.Operation.lookupSiteCredential.rawValue)
        // And the registry serves each of them.
        let served = Set(AgentOperations.all.map { $0.name })
        for operation in FrontRequest.Operation.allCases { #expect(served.contains(operation.rawValue), "\(operation)") }
    }

    @Test func theRequestFieldsAreTheAgents() throws {
        let identifier = WireServiceIdentifier(identifier: "https://github.com", kind: "url")
        let fill = try Self.object(FillOperation.Request(identifiers: [identifier], username: "alice"))
        #expect(try Self.keys(of: fill) == Self.names(FrontRequest.Fill.self))
        #expect(try Self.keys(of: Self.first(fill["identifiers"])) == Self.names(FrontRequest.ServiceIdentifier.self))
        #expect(try Self.keys(MatchOperation.Request(identifiers: [identifier], rowsPerFrame: 10)) == Self.names(FrontRequest.Match.self))
        #expect(try Self.keys(ListOperation.Request(state: "active")) == Self.names(FrontRequest.List.self))
        #expect(try Self.keys(ResolveOperation.Request(reference: "git", states: ["active"])) == Self.names(FrontRequest.Resolve.self))
        #expect(try Self.keys(WireItemID(itemID: UUID())) == Self.names(FrontRequest.ItemID.self))
        let query = SiteCredentialQuery(scheme: "https", host: "git.example.com", path: "o/r.git", username: "alice", password: "p")
        let lookup = try Self.object(LookupSiteCredentialOperation.Request(query: WireSiteCredentialQuery(query)))
        #expect(try Self.keys(of: lookup) == Self.names(FrontRequest.LookupSiteCredential.self))
        #expect(try Self.keys(of: lookup["query"]) == Self.names(FrontRequest.SiteQuery.self))
    }

    /// The values the fronts put in requests are ones the agent reads.
    @Test func theRequestValuesAreTheAgents() throws {
        for kind in FrontRequest.IdentifierKind.allCases {
            #expect(throws: Never.self) {
                try WireServiceIdentifier(identifier: "github.com", kind: kind.rawValue).serviceIdentifier()
            }
        }
        for kind in [ServiceIdentifier.Kind.url, .domain] {
            #expect(FrontRequest.IdentifierKind(rawValue: kind.rawValue) != nil)
        }
        for state in FrontRequest.ItemState.allCases {
            #expect(try WireItemState.parse(state.rawValue) == .active)
        }
        for mode in FrontReply.MatchMode.allCases { #expect(MatchMode(rawValue: mode.rawValue) != nil) }
    }

    @Test func theReplyFieldsAreTheAgents() throws {
        let fill = try Self.object(FillOperation.Reply(credential: WireCredential(Self.credential)))
        #expect(try Self.keys(of: fill) == Self.names(FrontReply.Fill.self))
        #expect(try Self.keys(of: fill["credential"]) == Self.names(FrontReply.Credential.self))

        let list = try Self.object(ListOperation.Reply(summaries: [WireItemSummary(ItemSummary(Self.item))], damaged: ["x"]))
        #expect(try Self.keys(of: list) == Self.names(FrontReply.List.self))
        #expect(try Self.keys(of: Self.first(list["summaries"])) == Self.names(FrontReply.ItemSummary.self))

        let row = CredentialMatch(
            id: UUID(), title: "GitHub", username: "alice", url: "https://github.com", match: .exact, samePort: false,
            lastUsed: Self.date, hasOneTimeCode: true)
        let match = try Self.object(MatchOperation.Reply(matches: [WireCredentialMatch(row)], more: true))
        #expect(try Self.keys(of: match) == Self.names(FrontReply.Match.self))
        #expect(try Self.keys(of: Self.first(match["matches"])) == Self.names(FrontReply.CredentialMatch.self))

        let resolve = try Self.object(WireItemViewReply(view: WireItemView(ItemView(Self.item))))
        #expect(try Self.keys(of: resolve) == Self.names(FrontReply.Resolve.self))
        let view = try #require(resolve["view"] as? [String: Any])
        #expect(try Self.keys(of: view) == Self.names(FrontReply.ItemView.self))
        #expect(try Self.keys(of: Self.first(view["urls"])) == Self.names(FrontReply.ItemURL.self))
        #expect(try Self.keys(of: Self.first(view["fields"])) == Self.names(FrontReply.Field.self))
        #expect(try Self.keys(of: Self.first(view["passkeys"])) == Self.names(FrontReply.PasskeySummary.self))

        let reveal = try Self.object(RevealOperation.Reply(revealed: WireItem(Self.item)))
        #expect(try Self.keys(of: reveal) == Self.names(FrontReply.Reveal.self))
        let revealed = try #require(reveal["revealed"] as? [String: Any])
        #expect(try Self.keys(of: revealed) == Self.names(FrontReply.Item.self))
        #expect(try Self.keys(of: Self.first(revealed["urls"])) == Self.names(FrontReply.ItemURL.self))
        #expect(try Self.keys(of: Self.first(revealed["fields"])) == Self.names(FrontReply.Field.self))
        #expect(try Self.keys(of: Self.first(revealed["passwordHistory"])) == Self.names(FrontReply.HistoryEntry.self))
        #expect(try Self.keys(of: Self.first(revealed["passkeys"])) == Self.names(FrontReply.Passkey.self))

        let code = try Self.object(OneTimeCodeOperation.Reply(oneTimeCode: WireOneTimeCode(OneTimeCode(code: "492039", remaining: 17))))
        #expect(try Self.keys(of: code) == Self.names(FrontReply.OneTimeCode.self))
        #expect(try Self.keys(of: code["oneTimeCode"]) == Self.names(FrontReply.OneTimeCodeValue.self))

        let site = SiteCredentialMatch(credential: Self.credential, oauthRefreshToken: "r", authScheme: "Bearer", authCredential: "t")
        let lookup = try Self.object(LookupSiteCredentialOperation.Reply(siteCredential: WireSiteCredentialMatch(site)))
        #expect(try Self.keys(of: lookup) == Self.names(FrontReply.LookupSiteCredential.self))
        let found = try #require(lookup["siteCredential"] as? [String: Any])
        #expect(try Self.keys(of: found) == Self.names(FrontReply.SiteCredentialMatch.self))
        #expect(try Self.keys(of: found["credential"]) == Self.names(FrontReply.Credential.self))
    }

    /// The frame a reply goes out in: its kind under the contract's key, `result`.
    @Test func aResultFrameIsTheContracts() throws {
        let frame = try Self.object(WireResult(id: 2, body: ListOperation.Reply(summaries: [], damaged: [])))
        #expect(frame[FrontReply.type] as? String == FrontReply.result)
    }
}
