import Foundation
import SesameAutoFill
@testable import SesameAgent
import SesameStore
import Testing

/// The agent reads the requests of the fronts without `JSONDecoder` and writes its hello without `JSONEncoder`:
/// the same messages as `WireCoding` reads and writes, and nothing else.
@Suite struct WireFastCodingTests {
    static func bytes<T: Encodable>(_ value: T) throws -> [UInt8] { Array(try WireCoding.encode(value)) }

    @Test func theHelloAndUnknownRequestsReadAsWireCodingReadsThem() throws {
        var hello = WireRequest(type: "hello", id: 0)
        hello.versions = [2, 3]
        hello.client = "sesame \u{1}\"é"
        var unknown = WireRequest(type: "hello", id: 9)
        unknown.type = "fromTheFuture"
        for request in [hello, unknown] {
            let bytes = try Self.bytes(request)
            let fast = try #require(WireFastCoding.request(bytes), "\(request.type)")
            #expect(try Self.bytes(fast) == bytes, "\(request.type)")
        }
    }

    /// The requests of `fill`, `match`, `resolve`, `list` and `reveal` (operations with a type of their own): the
    /// head and the operation's own fields are read without the decoder, as the decoder reads them.
    @Test func theFrontsRequestsReadAsTheDecoderReadsThem() throws {
        let awkward = "/tmp/a \"b\\c/v.sqlite"
        let identifiers = [ServiceIdentifier("https://a.example/x?y", kind: .url), ServiceIdentifier("b.example", kind: .domain)]
            .map(WireServiceIdentifier.init)
        try Self.expectFast(FillOperation.self, FillOperation.Request(identifiers: identifiers, username: "al\tice"), vault: awkward)
        try Self.expectFast(FillOperation.self, FillOperation.Request(identifiers: identifiers), vault: awkward)
        try Self.expectFast(MatchOperation.self, MatchOperation.Request(identifiers: identifiers, rowsPerFrame: 1000), vault: "/v")
        try Self.expectFast(MatchOperation.self, MatchOperation.Request(identifiers: []), vault: "/v")
        try Self.expectFast(ResolveOperation.self, ResolveOperation.Request(reference: "Git😀", states: ["active", "trashed"]), vault: "/v")
        try Self.expectFast(ListOperation.self, ListOperation.Request(state: "active"), vault: "/v")
        try Self.expectFast(RevealOperation.self, WireItemID(itemID: UUID()), vault: "/v")
        // What a fast reader cannot read exactly is left to the decoder, which reads it or names the problem.
        for (operation, text) in [
            (FillOperation.self as any AgentOperation.Type, #"{"type":"fill","identifiers":[{"identifier":"a","kind":"url","extra":1}]}"#),
            (FillOperation.self, #"{"type":"fill","identifiers":[{"identifier":"a","kind":7}]}"#),
            (FillOperation.self, #"{"type":"fill","identifiers":[],"username":1}"#),
            (MatchOperation.self, #"{"type":"match","identifiers":[],"rowsPerFrame":"9"}"#),
            (MatchOperation.self, #"{"type":"match"}"#),
            (ResolveOperation.self, #"{"type":"resolve","reference":"a","states":["active",1]}"#),
            (ResolveOperation.self, #"{"type":"resolve","states":[]}"#),
            (ListOperation.self, #"{"type":"list","state":1}"#),
        ] {
            let readsFast = Self.readsFast(operation, text)
            let agrees = operation.fastReadingAgrees(with: Array(text.utf8))
            #expect(!readsFast && agrees, "\(text)")
        }
        #expect(throws: ServiceFailure(.protocolError, "A 'resolve' message needs 'reference'.")) {
            try ResolveOperation.request(from: Array(#"{"type":"resolve","states":[]}"#.utf8))
        }
        // Null is absence, as for the decoder.
        let nulls = Array(#"{"id":7,"type":"list","state":null,"vault":"/v"}"#.utf8)
        #expect(ListOperation.fastRequest(from: nulls) == ListOperation.Request(state: nil))
        #expect(WireFastCoding.request(nulls)?.vault == "/v")
    }

    static func expectFast<Operation: AgentOperation>(
        _ operation: Operation.Type, _ request: Operation.Request, vault: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws where Operation.Request: Equatable {
        let bytes = try Self.bytes(WireEnvelope(type: Operation.name, id: 18_446_744_073_709_551_615, vault: vault, body: request))
        let head = try #require(WireFastCoding.request(bytes), sourceLocation: sourceLocation)
        #expect(head.type == Operation.name && head.id == 18_446_744_073_709_551_615 && head.vault == vault, sourceLocation: sourceLocation)
        #expect(operation.fastRequest(from: bytes) == request, sourceLocation: sourceLocation)
        #expect(try WireCoding.decode(WireEnvelope<Operation.Request>.self, from: bytes).body == request, sourceLocation: sourceLocation)
    }

    static func readsFast<Operation: AgentOperation>(_ operation: Operation.Type, _ text: String) -> Bool {
        operation.fastRequest(from: Array(text.utf8)) != nil
    }

    /// The requests of git's `get` and of the front's `totp` (operations with a type of their own): the envelope
    /// and the operation's own fields are read without the decoder, as the decoder reads them.
    @Test func lookupsAndCodesReadAsTheDecoderReadsThem() throws {
        for query in [SiteCredentialQuery(scheme: "https", host: "git.example.com:8443"),
                      SiteCredentialQuery(scheme: "https", host: "h", path: "org/repo.git", username: "u", password: "p")] {
            let request = LookupSiteCredentialOperation.Request(query: WireSiteCredentialQuery(query))
            let bytes = try Self.bytes(WireEnvelope(type: "lookupSiteCredential", id: 18_446_744_073_709_551_615, vault: "/v", body: request))
            let envelope = try #require(WireFastCoding.request(bytes))
            #expect(envelope.type == "lookupSiteCredential" && envelope.id == 18_446_744_073_709_551_615 && envelope.vault == "/v")
            #expect(LookupSiteCredentialOperation.fastRequest(from: bytes) == request)
            #expect(try WireCoding.decode(WireEnvelope<LookupSiteCredentialOperation.Request>.self, from: bytes).body == request)
        }
        let id = UUID()
        let code = try Self.bytes(WireEnvelope(type: "oneTimeCode", id: 5, vault: "/v", body: WireItemID(itemID: id)))
        #expect(WireFastCoding.request(code)?.type == "oneTimeCode")
        #expect(OneTimeCodeOperation.fastRequest(from: code) == WireItemID(itemID: id))
        // What the fast reader cannot read exactly is left to the decoder, which names the problem.
        for text in [#"{"type":"lookupSiteCredential","query":{"scheme":"https"}}"#,
                     #"{"type":"lookupSiteCredential","query":{"scheme":"https","host":"h","path":7}}"#,
                     #"{"type":"lookupSiteCredential","query":{"scheme":"https","host":"h","port":1}}"#,
                     #"{"type":"lookupSiteCredential","query":"https://h"}"#, #"{"type":"oneTimeCode","itemID":"x"}"#] {
            #expect(LookupSiteCredentialOperation.fastRequest(from: Array(text.utf8)) == nil, "\(text)")
            #expect(OneTimeCodeOperation.fastRequest(from: Array(text.utf8)) == nil, "\(text)")
        }
        #expect(throws: ServiceFailure(.protocolError, "A 'lookupSiteCredential' message needs 'host'.")) {
            try LookupSiteCredentialOperation.request(from: Array(#"{"type":"lookupSiteCredential","query":{"scheme":"https"}}"#.utf8))
        }
    }

    @Test func everythingElseIsLeftToWireCoding() throws {
        let add = try Self.bytes(WireEnvelope(type: "add", id: 1, vault: "/v", body: AddOperation.Request(item: WireItem(Item(title: "x")))))
        #expect(WireFastCoding.request(add) == nil)
        let unlock = WireEnvelope(type: "unlock", id: 2, vault: "/v", body: UnlockOperation.Request(idleTimeout: 900))
        #expect(WireFastCoding.request(try Self.bytes(unlock)) == nil)
        for text in [#"{"type":"fill","id":2,"id":3}"#, #"{"type":"fill","id":2.0}"#, #"{"type":"fill","id":-1}"#,
                     #"{"type":"fill","vault":7}"#, #"{"id":1}"#, #"[1]"#, "{"] {
            #expect(WireFastCoding.request(Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func theHelloReplyIsWireCodingsBytes() throws {
        for (version, agent, pid) in [(2, "sesame 0.2.0", Int32(4242)), (3, "a \"b\" é\u{1}", Int32.max)] {
            #expect(WireFastCoding.hello(version: version, agent: agent, pid: pid)
                    == (try Self.bytes(WireReply.hello(version: version, agent: agent, pid: pid))))
        }
    }
}
