import Foundation
import Glibc
@testable import SesameAgent
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameStore
import Testing

/// The agent behind its socket, in this process: clients, frames, timers, locations.
@Suite struct AgentServerTests {
    @Test func clientsUnlockUseAndLockTheAgentWithoutSecretsInTheLog() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let log = LogRecorder()
        let server = try Fixture.startServer(in: folder, logger: log.logger)
        defer { server.stop(); server.waitUntilStopped() }

        let client = try AgentClient.connect(to: server.configuration.location)
        #expect(client.agentPID == getpid())
        #expect(client.agentName == "sesame-test")
        #expect(try client.agentStatus().isUnlocked == false)
        client.vault = path
        #expect(throws: ServiceFailure.self) { try client.list() }
        #expect(throws: ServiceFailure.self) { try client.unlock(vault: path, password: Fixture.secret("not it")) }

        let status = try client.unlock(vault: path, password: Fixture.secret(), idleTimeout: 120)
        #expect(status.isUnlocked && status.vault == path && status.idleTimeout == 120)
        var item = Fixture.login(1)
        item.password = "item-secret-42"
        let stored = try client.add(item)
        #expect(try client.list().items.map(\.id) == [stored.id])
        #expect(try client.reveal(client.resolve("Login 1").id).password == "item-secret-42")

        // A second client sees the same session.
        let other = try AgentClient.connect(to: server.configuration.location)
        other.vault = path
        #expect(try other.credential(for: stored.id).password == "item-secret-42")

        #expect(try client.lock().isUnlocked == false)
        do {
            _ = try other.list()
            Issue.record("served a request while locked")
        } catch {
            #expect(error.code == .locked)
        }
        for entry in log.entries {
            #expect(!entry.contains(Fixture.password) && !entry.contains("not it") && !entry.contains("item-secret-42"),
                    "a secret reached the log: \(entry)")
        }
        #expect(log.contains("Unlocked"))
        #expect(log.contains("A master password attempt failed"))
    }

    @Test func idleTimeoutOnTheServerFollowsItsClock() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let clock = TestClock()
        let server = try Fixture.startServer(in: folder, now: clock.function)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        client.vault = path
        _ = try client.unlock(vault: path, password: Fixture.secret(), idleTimeout: 60)

        clock.advance(45)
        _ = try client.list()
        clock.advance(45)
        #expect(try client.agentStatus().timeLeft == 15)
        clock.advance(16)
        #expect(try client.agentStatus().isUnlocked == false)
        #expect(server.core.holdsKeys == false)
        #expect(throws: ServiceFailure.self) { try client.list() }
    }

    @Test func theTimerWipesTheKeyWithoutAnyRequest() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let log = LogRecorder()
        let server = try Fixture.startServer(in: folder, logger: log.logger)
        defer { server.stop(); server.waitUntilStopped() }
        let client = try AgentClient.connect(to: server.configuration.location)
        _ = try client.unlock(vault: path, password: Fixture.secret(), idleTimeout: 0.5)
        #expect(server.core.holdsKeys)
        let start = Date()
        // `holdsKeys` looks without checking the timeout, so only the timer can have locked.
        #expect(eventually(timeout: 5) { !server.core.holdsKeys })
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(log.contains("Locked after the idle timeout"))
    }

    @Test func fiftyClientsMakeAHundredRequestsEachAndAllAreAnsweredCorrectly() throws {
        let folder = TemporaryFolder()
        let items = (0..<50).map(Fixture.login)
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"), items: items)
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        _ = try AgentClient.connect(to: server.configuration.location).unlock(vault: path, password: Fixture.secret())

        let correct = Collector<Int>()
        let failures = Collector<String>()
        let group = DispatchGroup()
        let location = server.configuration.location
        for index in 0..<50 {
            group.enter()
            let expected = items[index]
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let client = try AgentClient.connect(to: location)
                    client.vault = path
                    var answered = 0
                    for request in 0..<100 {
                        if request % 2 == 0 {
                            let item = try client.resolve(expected.id.uuidString)
                            if item.id == expected.id && item.username == expected.username { answered += 1 }
                        } else {
                            let matches = try client.match([ServiceIdentifier("https://login.example\(index).com", kind: .url)])
                            if matches.map(\.id) == [expected.id] { answered += 1 }
                        }
                    }
                    correct.append(answered)
                } catch {
                    failures.append("client \(index): \(error)")
                }
            }
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        #expect(failures.values.isEmpty, "\(failures.values.prefix(3))")
        #expect(correct.values.count == 50)
        #expect(correct.values.reduce(0, +) == 5_000)
    }

    @Test func garbageAndOversizedFramesCloseOnlyTheirConnection() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let socketPath = server.configuration.location.socketPath
        let good = try AgentClient.connect(to: server.configuration.location)
        _ = try good.unlock(vault: path, password: Fixture.secret())
        good.vault = path

        func expectClosed(_ client: RawClient, saying text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let reply = try client.receive()
            #expect(reply.type == .error && reply.closing == true, sourceLocation: sourceLocation)
            #expect(reply.failure?.code == .protocolError, sourceLocation: sourceLocation)
            #expect(reply.failure?.message.contains(text) == true, "\(reply.failure?.message ?? "")", sourceLocation: sourceLocation)
            #expect(client.isClosedByAgent(), sourceLocation: sourceLocation)
            #expect(try good.list().items.isEmpty, "the agent still serves others", sourceLocation: sourceLocation)
        }

        // Not JSON at all.
        let notJSON = try RawClient(socketPath)
        try notJSON.sendFrame("GET / HTTP/1.1")
        try expectClosed(notJSON, saying: "Malformed frame")

        // JSON, but not a message; then a message before the hello.
        let notMessage = try RawClient(socketPath)
        try notMessage.sendFrame(#"[1, 2, 3]"#)
        try expectClosed(notMessage, saying: "Malformed frame")
        let noHello = try RawClient(socketPath)
        try noHello.sendFrame(#"{"type":"status","id":1}"#)
        try expectClosed(noHello, saying: "hello")

        // A protocol version the agent does not speak.
        let future = try RawClient(socketPath)
        try future.sendFrame(#"{"type":"hello","id":0,"versions":[7]}"#)
        try expectClosed(future, saying: "speaks protocol version 2, this client 7; stop it with 'sesame agent --stop'")

        // Length prefixes beyond the 16 MiB limit, sent without a body.
        for length: UInt32 in [UInt32(AgentProtocol.maximumRequestFrame) + 1, UInt32.max] {
            let oversized = try RawClient(socketPath)
            _ = try oversized.hello()
            try oversized.send([UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)])
            try expectClosed(oversized, saying: "exceeds the limit of 16777216 bytes")
        }

        // An oversized frame that is really sent, byte after byte.
        let flood = try RawClient(socketPath)
        _ = try flood.hello()
        Thread.detachNewThread {
            var payload = [UInt8](repeating: 0x20, count: AgentProtocol.maximumRequestFrame + 4096)
            payload.withUnsafeMutableBytes { buffer in
                let length = UInt32(buffer.count - 4)
                buffer[0] = UInt8(length >> 24); buffer[1] = UInt8(length >> 16 & 0xFF)
                buffer[2] = UInt8(length >> 8 & 0xFF); buffer[3] = UInt8(length & 0xFF)
            }
            try? flood.send(payload)
        }
        try expectClosed(flood, saying: "exceeds the limit")

        // An operation this agent does not know (a newer client), and a malformed type: answered, not fatal.
        let newer = try RawClient(socketPath)
        _ = try newer.hello()
        try newer.sendFrame(#"{"type":"teleport","id":5,"vault":"\#(path)"}"#)
        let unknownRequest = try newer.receive()
        #expect(unknownRequest.type == .error && unknownRequest.closing == false && unknownRequest.id == 5)
        #expect(unknownRequest.failure?.message.contains("does not know the operation 'teleport'") == true)
        try newer.sendFrame(#"{"type":"dance","id":6}"#)
        let unknownType = try newer.receive()
        #expect(unknownType.type == .error && unknownType.closing == false && unknownType.id == 6)
        try newer.sendFrame(#"{"type":"status","id":7}"#)
        let status = try newer.receive()
        #expect(status.type == .status && status.id == 7 && status.status?.unlocked == true)
    }

    @Test func clientsThatVanishOrStallMidFrameDoNotDisturbOthers() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let log = LogRecorder()
        let server = try Fixture.startServer(in: folder, logger: log.logger, configure: { $0.frameTimeout = 0.5 })
        defer { server.stop(); server.waitUntilStopped() }
        let socketPath = server.configuration.location.socketPath
        let good = try AgentClient.connect(to: server.configuration.location)
        _ = try good.unlock(vault: path, password: Fixture.secret())
        good.vault = path

        // Announces 100 bytes, sends 10, and leaves.
        do {
            let vanishing = try RawClient(socketPath)
            _ = try vanishing.hello()
            try vanishing.send([0, 0, 0, 100] + Array(repeating: UInt8(ascii: "{"), count: 10))
            vanishing.socket.close()
        }
        // Sends half a length prefix and stalls: closed after the frame timeout.
        let stalled = try RawClient(socketPath)
        _ = try stalled.hello()
        try stalled.send([0, 0])
        #expect(try good.list().items.isEmpty)
        let reply = try stalled.receive(timeout: 5)
        #expect(reply.failure?.message.contains("Timed out") == true)
        #expect(stalled.isClosedByAgent())
        // Leaves in the middle of an unlock's secret frame.
        do {
            let leaving = try RawClient(socketPath)
            _ = try leaving.hello()
            try leaving.sendFrame(#"{"type":"unlock","id":1,"vault":"\#(path)"}"#)
            try leaving.send([0, 0, 0, 40, 1, 2, 3])
            leaving.socket.close()
        }
        #expect(eventually { log.contains("A connection broke in the middle of a frame") })
        #expect(try good.list().items.isEmpty)
        #expect(try good.agentStatus().isUnlocked)
    }

    @Test func aDelayedUnlockAttemptDoesNotHoldUpOtherClients() throws {
        let folder = TemporaryFolder()
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        let server = try Fixture.startServer(in: folder)
        defer { server.stop(); server.waitUntilStopped() }
        let location = server.configuration.location
        let good = try AgentClient.connect(to: location)
        _ = try good.unlock(vault: path, password: Fixture.secret())
        good.vault = path
        // Two failures: the next attempt waits 2 s.
        for _ in 0..<2 {
            #expect(throws: ServiceFailure.self) { try good.unlock(vault: path, password: Fixture.secret("guess")) }
        }
        let attemptEnded = DispatchSemaphore(value: 0)
        let started = Date()
        Thread.detachNewThread {
            let guesser = try? AgentClient.connect(to: location)
            _ = try? guesser?.unlock(vault: path, password: Fixture.secret("guess"))
            attemptEnded.signal()
        }
        usleep(200_000)
        let before = Date()
        for _ in 0..<20 { _ = try good.list() }
        #expect(try good.agentStatus().isUnlocked)
        #expect(Date().timeIntervalSince(before) < 1, "requests waited for the throttled attempt")
        #expect(attemptEnded.wait(timeout: .now() + 10) == .success)
        #expect(Date().timeIntervalSince(started) >= 1.5, "the third attempt was not delayed")
    }

    @Test func aStaleSocketIsReplacedButNeverAnotherKindOfFile() throws {
        let folder = TemporaryFolder()
        let location = AgentSocketLocation(socketPath: folder.file("run/agent.sock"))
        try location.prepareFolder()
        // What a crashed agent leaves: a socket file nobody listens on.
        do {
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(location.socketPath.utf8) + [0]) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0)
            close(descriptor)
        }
        #expect(location.socketExists)
        #expect(throws: AgentError.self) { try AgentClient.connect(to: location) }
        let log = LogRecorder()
        let server = try Fixture.startServer(in: folder, logger: log.logger)
        #expect(log.contains("Removed a stale socket"))
        #expect(try AgentClient.connect(to: location).agentStatus().pid == getpid())
        server.stop()
        server.waitUntilStopped()
        #expect(!location.socketExists)

        // A regular file in the way is left alone.
        _ = FileManager.default.createFile(atPath: location.socketPath, contents: Data("keep".utf8))
        do {
            _ = try Fixture.startServer(in: folder)
            Issue.record("started over a regular file")
        } catch let error as AgentError {
            #expect(error.code == .badSocketPath)
        }
        #expect(FileManager.default.contents(atPath: location.socketPath) == Data("keep".utf8))
    }

    @Test(arguments: 0..<10)
    func ofTwoAgentsStartingTogetherExactlyOneServes(_ round: Int) throws {
        let folder = TemporaryFolder()
        let configuration = AgentConfiguration(location: AgentSocketLocation(socketPath: folder.file("run/agent.sock")), publicSuffixList: testPublicSuffixList)
        let servers = (0..<2).map { _ in AgentServer(configuration: configuration, logger: .disabled, now: { Date() }, delayHook: nil) }
        let outcomes = Collector<AgentError.Code?>()
        let group = DispatchGroup()
        for server in servers {
            group.enter()
            Thread.detachNewThread {
                do throws(AgentError) {
                    try server.start()
                    outcomes.append(nil)
                } catch {
                    outcomes.append(error.code)
                }
                group.leave()
            }
        }
        group.wait()
        #expect(outcomes.values.filter { $0 == nil }.count == 1)
        #expect(outcomes.values.contains(.alreadyRunning))
        #expect(try AgentClient.connect(to: configuration.location).agentStatus().pid == getpid())
        for server in servers { server.stop(); server.waitUntilStopped() }
        // Once it stops, another one may serve.
        let next = try Fixture.startServer(in: folder)
        next.stop()
        next.waitUntilStopped()
    }

    @Test func foldersThatOthersControlAreRefusedByAgentAndClient() throws {
        let folder = TemporaryFolder()
        let location = AgentSocketLocation(socketPath: folder.file("run/agent.sock"))
        try FileManager.default.createDirectory(atPath: location.folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        func expectRefused(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let server = AgentServer(configuration: AgentConfiguration(location: location, publicSuffixList: testPublicSuffixList), logger: .disabled, now: { Date() }, delayHook: nil)
            do throws(AgentError) {
                try server.start()
                Issue.record("agent accepted \(reason)", sourceLocation: sourceLocation)
                server.stop()
                server.waitUntilStopped()
            } catch {
                #expect(error.code == .unsafeLocation, sourceLocation: sourceLocation)
            }
            do throws(AgentError) {
                _ = try AgentClient.connect(to: location)
                Issue.record("client accepted \(reason)", sourceLocation: sourceLocation)
            } catch {
                #expect(error.code == .unsafeLocation, sourceLocation: sourceLocation)
            }
        }
        expectRefused("a folder open to others")
        chmod(location.folder, 0o700)
        if getuid() == 0 {
            chown(location.folder, 65534, 65534)
            expectRefused("someone else's folder")
            chown(location.folder, 0, 0)
        }
        try FileManager.default.removeItem(atPath: location.folder)
        try FileManager.default.createDirectory(atPath: folder.file("elsewhere"), withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        symlink(folder.file("elsewhere"), location.folder)
        expectRefused("a symbolic link")
    }

    @Test func theAgentStopsWhenItsSocketIsRemovedOrOnRequest() throws {
        let folder = TemporaryFolder()
        let log = LogRecorder()
        let server = try Fixture.startServer(in: folder, logger: log.logger, configure: { $0.socketCheckInterval = 0.2 })
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.waitUntilStopped()
            stopped.signal()
        }
        unlink(server.configuration.location.socketPath)
        #expect(stopped.wait(timeout: .now() + 5) == .success)
        #expect(log.contains("The socket was removed or replaced"))

        let second = try Fixture.startServer(in: folder)
        let client = try AgentClient.connect(to: second.configuration.location)
        let path = try Fixture.makeVault(at: folder.file("vault.sqlite"))
        _ = try client.unlock(vault: path, password: Fixture.secret())
        #expect(try client.stop().isUnlocked == false)
        second.waitUntilStopped()
        #expect(second.core.holdsKeys == false)
        #expect(!second.configuration.location.socketExists)
        #expect(FileManager.default.fileExists(atPath: second.configuration.location.lockPath), "the lock file stays")
    }
}
