import Foundation
import Glibc
@testable import SesameAgent
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameStore
import Testing

/// A fresh private folder per test (mode 0700), removed when released. Short paths: sockets allow 107 bytes.
final class TemporaryFolder {
    let path: String

    init() {
        path = "/tmp/sesame-agent-test-" + UUID().uuidString.prefix(8).lowercased()
        try! FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
    var function: @Sendable () -> Date { { [self] in now } }
}

/// Log entries kept in memory, so a test can see what the agent reported (and that no secret was logged).
final class LogRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var logger: AgentLogger {
        AgentLogger(level: .debug) { [self] level, message, metadata in
            let details = metadata.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            lock.withLock { lines.append("\(level): \(message)\(details)") }
        }
    }

    var entries: [String] { lock.withLock { lines } }
    func contains(_ text: String) -> Bool { entries.contains { $0.contains(text) } }
}

/// A list of values filled from several threads.
final class Collector<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
}

enum Fixture {
    static let password = "correct horse battery staple"

    static func secret(_ text: String = password) -> SecureBytes { SecureBytes(utf8: text) }

    /// A vault with the cheapest key derivation the store accepts, so tests stay fast.
    @discardableResult
    static func makeVault(at path: String, password: String = password, items: [Item] = []) throws -> String {
        let kdf = try KDFParameters.generate(memoryMiB: KDFParameters.minimumMemoryMiB, passes: KDFParameters.minimumPasses)
        let vault = try Vault.create(at: path, password: SecureBytes(utf8: password), kdf: kdf, publicSuffixList: testPublicSuffixList)
        if !items.isEmpty { try vault.add(contentsOf: items) }
        vault.lock()
        return AgentVaultPath.canonical(path)
    }

    static func login(_ index: Int) -> Item {
        Item(title: "Login \(index)", username: "user\(index)", password: "pw-\(index)",
             urls: [ItemURL("https://login.example\(index).com/login")])
    }

    /// A started server in `folder`, with the socket in a private subfolder.
    static func startServer(
        in folder: TemporaryFolder, idleTimeout: TimeInterval = 900, logger: AgentLogger = .disabled,
        now: @escaping @Sendable () -> Date = { Date() }, configure: (inout AgentConfiguration) -> Void = { _ in }
    ) throws -> AgentServer {
        var configuration = AgentConfiguration(
            location: AgentSocketLocation(socketPath: folder.file("run/agent.sock")),
            publicSuffixList: testPublicSuffixList, idleTimeout: idleTimeout, agentName: "sesame-test")
        configure(&configuration)
        let server = AgentServer(configuration: configuration, logger: logger, now: now, delayHook: nil)
        try server.start()
        return server
    }
}

/// A raw connection for sending frames by hand.
struct RawClient {
    let socket: UnixSocket

    init(_ path: String) throws {
        socket = try UnixSocket.connect(to: path)
    }

    func send(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try socket.writeAll($0, until: .after(5)) }
    }

    func sendFrame(_ json: String) throws {
        let payload = Array(json.utf8)
        try payload.withUnsafeBytes { try Frame.write($0, to: socket, until: .after(5)) }
    }

    func hello() throws -> WireReply {
        try sendFrame(#"{"type":"hello","id":0,"versions":[2],"client":"raw"}"#)
        return try receive()
    }

    func receive(timeout: TimeInterval = 10) throws -> WireReply {
        let bytes = try Frame.read(from: socket, limit: AgentProtocol.maximumReplyFrame, idle: .after(timeout), frameTimeout: 10)
        return try WireCoding.decode(WireReply.self, from: bytes)
    }

    /// True when the agent closed the connection (end of input) within `timeout`.
    func isClosedByAgent(timeout: TimeInterval = 10) -> Bool {
        do {
            _ = try Frame.read(from: socket, limit: AgentProtocol.maximumReplyFrame, idle: .after(timeout), frameTimeout: 10)
            return false
        } catch {
            return error == .closed || error == .truncated
        }
    }
}

/// Waits until `condition` holds, polling; false after `timeout`.
func eventually(timeout: TimeInterval = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let end = Date(timeIntervalSinceNow: timeout)
    while Date() < end {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}
