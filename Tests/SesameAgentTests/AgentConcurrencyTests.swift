import Foundation
import Glibc
@testable import SesameAgent
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameStore
import Testing

/// What one client does never locks the others out: a slow unlock, idle connections, an agent of another version.
@Suite struct AgentConcurrencyTests {
    /// Stands in for a slow Argon2id: blocks until released, so the test knows an unlock is in the middle of it.
    final class Gate: @unchecked Sendable {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
    }

    @Test func othersAreAnsweredWhileAnUnlockRunsArgon2id() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: [Fixture.login(1)])
        let gate = Gate()
        var configuration = AgentConfiguration(
            location: AgentSocketLocation(socketPath: folder.file("run/agent.sock")), publicSuffixList: testPublicSuffixList,
            agentName: "sesame-test")
        configuration.idleTimeout = 900
        let server = AgentServer(configuration: configuration, logger: .disabled, now: { Date() }, delayHook: nil) { path, password, list in
            gate.entered.signal()
            gate.release.wait()
            return try AgentCore.unlockVault(path: path, password: password, publicSuffixList: list)
        }
        try server.start()
        defer { server.stop(); server.waitUntilStopped() }

        let unlocked = Collector<Bool>()
        Thread.detachNewThread {
            let client = try? AgentClient.connect(to: server.configuration.location)
            unlocked.append((try? client?.unlock(vault: path, password: Fixture.secret()))??.isUnlocked == true)
        }
        #expect(gate.entered.wait(timeout: .now() + 10) == .success)

        // The unlock is inside its key derivation: status, attach and vault requests are answered meanwhile.
        let other = try AgentClient.connect(to: server.configuration.location)
        other.vault = path
        #expect(try other.agentStatus().isUnlocked == false)
        #expect(try other.attach(vault: path).isUnlocked == false)
        do {
            _ = try other.list()
            Issue.record("served a list before the unlock finished")
        } catch {
            #expect(error.code == .locked)
        }
        #expect(unlocked.values.isEmpty, "the unlock was still waiting while the others were answered")

        gate.release.signal()
        #expect(eventually { unlocked.values == [true] })
        #expect(try other.list().items.map(\.title) == ["Login 1"])
    }

    @Test func threeHundredIdleConnectionsDoNotLockOutANewClient() throws {
        let folder = TemporaryFolder()
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        #expect(server.configuration.maximumConnections == 256)

        var idle: [AgentClient] = []
        for _ in 0..<300 { idle.append(try AgentClient.connect(to: server.configuration.location)) }
        // Every one said hello and then sat idle; the newest client is still served.
        let newcomer = try AgentClient.connect(to: server.configuration.location)
        #expect(try newcomer.agentStatus().pid == getpid())
        // The places came from the connections idle longest, not from the recent ones.
        #expect(throws: ServiceFailure.self) { try idle[0].agentStatus() }
        #expect(try idle[299].agentStatus().pid == getpid())
    }

    @Test func whenEveryConnectionIsBusyANewClientIsToldSoNotAboutVersions() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let gate = Gate()
        var configuration = AgentConfiguration(
            location: AgentSocketLocation(socketPath: folder.file("run/agent.sock")), publicSuffixList: testPublicSuffixList,
            agentName: "sesame-test")
        configuration.maximumConnections = 1
        let server = AgentServer(configuration: configuration, logger: .disabled, now: { Date() }, delayHook: nil) { path, password, list in
            gate.entered.signal()
            gate.release.wait()
            return try AgentCore.unlockVault(path: path, password: password, publicSuffixList: list)
        }
        try server.start()
        defer { server.stop(); server.waitUntilStopped() }
        let done = Collector<Bool>()
        Thread.detachNewThread {
            let client = try? AgentClient.connect(to: server.configuration.location)
            _ = try? client?.unlock(vault: path, password: Fixture.secret())
            done.append(true)
        }
        #expect(gate.entered.wait(timeout: .now() + 10) == .success)
        do {
            _ = try AgentClient.connect(to: server.configuration.location)
            Issue.record("served a connection beyond the limit while the only one was busy")
        } catch {
            #expect(error.code == .refused)
            #expect(error.message.contains("busy") && !error.message.contains("protocol version"))
        }
        gate.release.signal()
        #expect(eventually { done.values == [true] })
    }

    @Test func anIdleConnectionIsClosedAfterTheIdleLimit() throws {
        let folder = TemporaryFolder()
        let server = try Fixture.startServer(in: folder, configure: { $0.connectionIdleTimeout = 0.3 })
        defer { server.stop(); server.waitUntilStopped() }
        let raw = try RawClient(server.configuration.location.socketPath)
        #expect(try raw.hello().type == .hello)
        let reply = try raw.receive()
        #expect(reply.type == .error && reply.closing == true)
        #expect(raw.isClosedByAgent())
    }

    /// An agent of protocol version 1 left running after an upgrade: its refusal of the hello, byte for byte as
    /// Sesame 0.1 sent it, becomes a clear error; `sesame agent --stop` still stops it with a version 1 hello.
    @Test func anOlderAgentIsReportedAndCanStillBeStopped() throws {
        let folder = TemporaryFolder()
        let location = AgentSocketLocation(socketPath: folder.file("agent.sock"))
        let listener = try UnixSocket.listen(at: location.socketPath)
        let hellos = Collector<String>()
        Thread.detachNewThread {
            func next() -> UnixSocket {
                while true {
                    if let connection = try? listener.accept() { return connection }
                    usleep(1_000)
                }
            }
            func reply(_ json: String, on socket: UnixSocket) {
                let bytes = Array(json.utf8)
                try? bytes.withUnsafeBytes { try Frame.write($0, to: socket, until: .after(5)) }
            }
            func read(_ socket: UnixSocket) -> String {
                let bytes = (try? Frame.read(from: socket, limit: 1 << 20, idle: .after(5), frameTimeout: 5)) ?? []
                return String(decoding: bytes, as: UTF8.self)
            }
            // 1: the client's connect; 2 and 3: `stop`, first with version 2, then with version 1.
            for _ in 0..<3 {
                let connection = next()
                let hello = read(connection)
                hellos.append(hello)
                if hello.contains(#""versions":[1]"#) {
                    reply(#"{"agent":"sesame 0.1.0","pid":4242,"type":"hello","version":1}"#, on: connection)
                    if read(connection).contains(#""type":"stop""#) {
                        reply(#"{"id":1,"status":{"idleTimeout":900,"pid":4242,"unlocked":false},"type":"status"}"#, on: connection)
                    }
                } else {
                    reply(#"{"closing":true,"failure":{"code":"protocolError","message":"This agent speaks protocol version 1; restart it with 'sesame agent --stop'."},"type":"error"}"#, on: connection)
                }
                connection.close()
            }
        }
        do {
            _ = try AgentClient.connect(to: location)
            Issue.record("connected to an agent of another version")
        } catch {
            #expect(error.code == .protocolMismatch)
            #expect(error.message.contains("does not speak protocol version 2"))
            #expect(error.message.contains("stop it with 'sesame agent --stop'"))
        }
        #expect(try AgentClient.stopAgent(at: location, clientName: "test") == 4242)
        #expect(hellos.values.count == 3 && hellos.values[2].contains(#""versions":[1]"#))
    }
}
