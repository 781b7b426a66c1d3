import Foundation
import SesameAgentLink
import SesameAutoFill
@testable import SesameAgent
import Testing

/// The Foundation-free client of SesameAgentLink (the `sesame` front) writes the same bytes as `AgentClient`'s
/// coders and reads what the agent writes.
@Suite struct AgentLinkWireTests {
    static func text(_ json: AgentJSON) -> String { String(decoding: json.bytes, as: UTF8.self) }

    @Test func helloAndFillAreTheAgentClientsBytes() throws {
        var hello = WireRequest(type: "hello", id: 0)
        hello.versions = AgentProtocol.supportedVersions
        hello.client = "sesame 0.1.0"
        #expect(Self.text(AgentExchange.hello(clientName: "sesame 0.1.0")) == String(decoding: try WireCoding.encode(hello), as: UTF8.self))

        let awkward = "/tmp/a \"b\\c\u{1}é/v.sqlite"
        let fill = WireEnvelope(type: "fill", id: 2, vault: awkward, body: FillOperation.Request(
            identifiers: [WireServiceIdentifier(ServiceIdentifier(parsing: "https://site.example/\u{7F}\t"))], username: "al\"ice"))
        let link = AgentJSON.object([
            "id": .number("2"), "type": .string("fill"), "vault": .string(awkward), "username": .string("al\"ice"),
            "identifiers": .array([.object(["identifier": .string("https://site.example/\u{7F}\t"), "kind": .string("url")])]),
        ])
        #expect(Self.text(link) == String(decoding: try WireCoding.encode(fill), as: UTF8.self))
    }

    @Test func repliesOfTheAgentAreRead() throws {
        let id = UUID()
        let reply = WireResult(id: 2, body: FillOperation.Reply(
            credential: WireCredential(Credential(id: id, username: "al\u{1}ice", password: "p\"w\\😀/\u{2028}"))))
        let parsed = try #require(AgentJSON(parsing: Array(try WireCoding.encode(reply))))
        #expect(parsed["type"]?.string == "result")
        #expect(parsed["id"]?.int == 2)
        #expect(parsed["credential"]?["id"]?.string == id.uuidString)
        #expect(parsed["credential"]?["username"]?.string == "al\u{1}ice")
        #expect(parsed["credential"]?["password"]?.string == "p\"w\\😀/\u{2028}")

        let status = AgentStatus(pid: 42, vault: "/v", isUnlocked: true, idleTimeout: 900, timeLeft: 897.5)
        let statusReply = WireResult(id: 1, body: WireStatusReply(status), kind: .status)
        let readStatus = try #require(AgentJSON(parsing: Array(try WireCoding.encode(statusReply))))
        #expect(readStatus["status"]?["unlocked"]?.bool == true)
        #expect(readStatus["status"]?["timeLeft"] == .number("897.5"))
    }

    @Test func escapesAndMalformedInput() {
        #expect(AgentJSON(parsing: Array(#" {"a" : [1, -2.5e3, true, false, null, "\u00e9\ud83d\ude00\/\n"]} "#.utf8))
                == .object(["a": .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("é😀/\n")])]))
        for bad in ["", "{", "[1,]", "{\"a\":1,}", "01", "-", "1.", "\"\u{1}\"", "\"\\ud800\"", "\"\\x\"", "tru", "{} {}",
                    String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "\"\\udc00\\ud800\""] {
            #expect(AgentJSON(parsing: Array(bad.utf8)) == nil, "\(bad)")
        }
        // Invalid UTF-8 inside a string is refused, not repaired.
        #expect(AgentJSON(parsing: [0x22, 0xFF, 0x22]) == nil)
    }
}
