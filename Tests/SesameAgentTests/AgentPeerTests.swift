import Foundation
import Glibc
@testable import SesameAgent
import SesameAgentLink
import Testing

enum OtherUser {
    static var isAvailable: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    }
}

/// Another user on the same machine: refused by the folder's mode, and by `SO_PEERCRED` when the modes are
/// loosened; and a client refuses an agent run by another user. Needs root (to run a process as `nobody` with
/// setpriv) and python3 for a raw client.
@Suite(.enabled(if: OtherUser.isAvailable, "needs root, setpriv and /usr/bin/python3"))
struct AgentPeerTests {
    /// Connects, reads what the agent sends until it closes, prints it.
    static let rawClient = #"""
    import socket, struct, sys
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(sys.argv[1])
    except OSError as e:
        print("connect-error", e.errno); sys.exit(0)
    data = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk: break
            data += chunk
    except OSError as e:
        print("recv-error", e.errno)
    if len(data) >= 4:
        n = struct.unpack(">I", data[:4])[0]
        print("reply", data[4:4 + n].decode())
    print("closed")
    """#

    /// Listens on a socket and waits, like an impostor agent.
    static let rawListener = #"""
    import socket, sys, time
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(sys.argv[1]); s.listen(1)
    print("ready", flush=True)
    s.settimeout(20)
    try:
        c, _ = s.accept(); time.sleep(0.5)
    except OSError:
        pass
    """#

    static func asNobody(_ script: String, _ argument: String) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, argument]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/"]
        return process
    }

    static func output(of process: Process) throws -> String {
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func anotherUserIsRefusedByTheFolderAndBySO_PEERCRED() throws {
        let folder = TemporaryFolder()
        let log = LogRecorder()
        let server = try Fixture.startServer(in: folder, logger: log.logger)
        defer { server.stop(); server.waitUntilStopped() }
        let location = server.configuration.location

        // Default modes: nobody cannot even reach the socket.
        let blocked = try Self.output(of: Self.asNobody(Self.rawClient, location.socketPath))
        #expect(blocked.hasPrefix("connect-error \(EACCES)"), "\(blocked)")

        // Loosened modes: the connection is made, and the peer check refuses it.
        chmod(folder.path, 0o711)
        chmod(location.folder, 0o711)
        chmod(location.socketPath, 0o666)
        let refused = try Self.output(of: Self.asNobody(Self.rawClient, location.socketPath))
        #expect(refused.contains("reply "), "\(refused)")
        #expect(refused.contains("This agent serves another user."))
        #expect(refused.contains(#""closing":true"#))
        #expect(refused.hasSuffix("closed\n"))
        #expect(log.contains("Refused a connection from another user peer.pid="))
        #expect(log.contains("peer.uid=65534"))

        // The agent keeps serving its own user (whose client insists on a private folder).
        chmod(location.folder, 0o700)
        #expect(try AgentClient.connect(to: location).agentStatus().pid == getpid())
    }

    @Test func aClientRefusesAnAgentRunByAnotherUser() throws {
        let folder = TemporaryFolder()
        chmod(folder.path, 0o711)
        let impostorFolder = folder.file("run")
        try FileManager.default.createDirectory(atPath: impostorFolder, withIntermediateDirectories: false)
        chmod(impostorFolder, 0o777)
        let location = AgentSocketLocation(socketPath: impostorFolder + "/agent.sock")
        let listener = Self.asNobody(Self.rawListener, location.socketPath)
        let pipe = Pipe()
        listener.standardOutput = pipe
        try listener.run()
        defer {
            listener.terminate()
            listener.waitUntilExit()
        }
        let ready = pipe.fileHandleForReading.availableData
        #expect(String(decoding: ready, as: UTF8.self).hasPrefix("ready"))
        // The folder is ours and private again; only the process behind the socket is someone else.
        chmod(impostorFolder, 0o700)
        do throws(AgentError) {
            _ = try AgentClient.connect(to: location)
            Issue.record("connected to another user's agent")
        } catch {
            #expect(error.code == .wrongPeer)
            #expect(error.message.contains("runs as user 65534"))
        }
    }
}
