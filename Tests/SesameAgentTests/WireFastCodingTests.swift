import Foundation
import SesameAutoFill
@testable import SesameAgent
import SesameStore
import Testing

/// The agent reads the requests of the fronts without `JSONDecoder` and writes its hello without `JSONEncoder`:
/// the same messages as `WireCoding` reads and writes, and nothing else.
@Suite struct WireFastCodingTests {
    static func bytes<T: Encodable>(_ value: T) throws -> [UInt8] { Array(try WireCoding.encode(value)) }

    @Test func theFrontsRequestsReadAsWireCodingReadsThem() throws {
        var requests: [WireRequest] = []
        var hello = WireRequest(.hello, id: 0)
        hello.versions = [2, 3]
        hello.client = "sesame \u{1}\"é"
        requests.append(hello)
        for operation in [WireOperation.fill, .match] {
            var request = WireRequest(operation, id: 2)
            request.vault = "/tmp/a \"b\\c/v.sqlite"
            request.identifiers = [ServiceIdentifier("https://a.example/x?y", kind: .url), ServiceIdentifier("b.example", kind: .domain)]
            request.username = operation == .fill ? "al\tice" : nil
            request.rowsPerFrame = operation == .match ? 1000 : nil
            requests.append(request)
        }
        var resolve = WireRequest(.resolve, id: 3)
        resolve.vault = "/v"
        resolve.reference = "Git😀"
        resolve.states = ["active", "trashed"]
        requests.append(resolve)
        var list = WireRequest(.list, id: 4)
        list.state = "active"
        list.vault = "/v"
        requests.append(list)
        var unknown = WireRequest(.hello, id: 9)
        unknown.type = "fromTheFuture"
        requests.append(unknown)
        for request in requests {
            let bytes = try Self.bytes(request)
            let fast = try #require(WireFastCoding.request(bytes), "\(request.type)")
            #expect(try Self.bytes(fast) == bytes, "\(request.type)")
        }
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
        var unlock = WireRequest(.unlock, id: 2)
        unlock.idleTimeout = 900
        unlock.vault = "/v"
        #expect(WireFastCoding.request(try Self.bytes(unlock)) == nil)
        for text in [#"{"type":"fill","id":2,"id":3}"#, #"{"type":"fill","id":2.0}"#, #"{"type":"fill","id":-1}"#,
                     #"{"type":"fill","identifiers":[{"identifier":"a","kind":"url","extra":1}]}"#,
                     #"{"id":1}"#, #"[1]"#, "{"] {
            #expect(WireFastCoding.request(Array(text.utf8)) == nil, "\(text)")
        }
        // Null is absence, as for the decoder.
        let nulls = try #require(WireFastCoding.request(Array(#"{"id":7,"type":"list","state":null,"vault":"/v"}"#.utf8)))
        #expect(nulls.state == nil && nulls.id == 7 && nulls.vault == "/v")
    }

    @Test func theHelloReplyIsWireCodingsBytes() throws {
        for (version, agent, pid) in [(2, "sesame 0.2.0", Int32(4242)), (3, "a \"b\" é\u{1}", Int32.max)] {
            #expect(WireFastCoding.hello(version: version, agent: agent, pid: pid)
                    == (try Self.bytes(WireReply.hello(version: version, agent: agent, pid: pid))))
        }
    }
}
