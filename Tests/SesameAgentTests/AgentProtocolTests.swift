import Foundation
@testable import SesameAgent
import SesameAutoFill
import Testing

/// The frames docs/agent-protocol.md shows, byte for byte, so the document cannot drift from the code.
@Suite struct AgentProtocolTests {
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func clientMessagesHaveTheDocumentedShape() throws {
        #expect(try Self.json(ClientMessage(type: "hello", id: 0, versions: [1], client: "sesame 0.1.0"))
                == #"{"client":"sesame 0.1.0","id":0,"type":"hello","versions":[1]}"#)
        #expect(try Self.json(ClientMessage(type: "attach", id: 1, vault: "/home/a/.local/share/sesame/vault.sqlite"))
                == #"{"id":1,"type":"attach","vault":"/home/a/.local/share/sesame/vault.sqlite"}"#)
        #expect(try Self.json(ClientMessage(type: "vault", id: 2, vault: "/v.sqlite", request: .list(.active)))
                == #"{"id":2,"request":{"list":{"_0":0}},"type":"vault","vault":"/v.sqlite"}"#)
        let fill = VaultRequest.fill([ServiceIdentifier("https://github.com/login", kind: .url)], username: nil)
        #expect(try Self.json(ClientMessage(type: "vault", id: 3, vault: "/v.sqlite", request: fill))
                == #"{"id":3,"request":{"fill":{"_0":[{"identifier":"https://github.com/login","kind":"url"}]}},"type":"vault","vault":"/v.sqlite"}"#)
        #expect(try Self.json(ClientMessage(type: "unlock", id: 4, vault: "/v.sqlite", idleTimeout: 900))
                == #"{"id":4,"idleTimeout":900,"type":"unlock","vault":"/v.sqlite"}"#)
    }

    @Test func agentMessagesHaveTheDocumentedShape() throws {
        #expect(try Self.json(AgentMessage.hello(version: 1, agent: "sesame 0.1.0", pid: 4242))
                == #"{"agent":"sesame 0.1.0","pid":4242,"type":"hello","version":1}"#)
        let status = AgentStatus(pid: 4242, vault: "/v.sqlite", isUnlocked: true, idleTimeout: 900, timeLeft: 897.5)
        #expect(try Self.json(AgentMessage.status(status, id: 4))
                == #"{"id":4,"status":{"idleTimeout":900,"pid":4242,"timeLeft":897.5,"unlocked":true,"vault":"/v.sqlite"},"type":"status"}"#)
        #expect(try Self.json(AgentMessage.error(ServiceFailure(.locked, "The vault is locked."), id: 2, closing: false))
                == #"{"closing":false,"failure":{"code":"locked","message":"The vault is locked."},"id":2,"type":"error"}"#)
        #expect(try Self.json(AgentMessage.response(.done, id: 5)) == #"{"id":5,"response":{"done":{}},"type":"response"}"#)
    }

    @Test func framesAreBigEndianLengthsThenPayload() throws {
        let folder = TemporaryFolder()
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let raw = try RawClient(server.configuration.location.socketPath)
        let hello = Array(#"{"type":"hello","id":0,"versions":[1]}"#.utf8)
        try raw.send([0, 0, 0, UInt8(hello.count)] + hello)
        let reply = try raw.receive()
        #expect(reply.type == .hello && reply.version == 1 && reply.agent == "sesame-test")
    }
}
