import Foundation
import Glibc
@testable import SesameAgent
import SesameAgentLink
import Testing

/// The system calls that Glibc's Swift module hides, reached through CSesameSystem.
@Suite struct AgentSystemTests {
    @Test func acceptedConnectionsAreCloseOnExecAndNonBlockingFromTheStart() throws {
        let folder = TemporaryFolder()
        let listener = try UnixSocket.listen(at: folder.file("s.sock"))
        let client = try UnixSocket.connect(to: folder.file("s.sock"))
        var accepted: UnixSocket?
        #expect(eventually { accepted = try? listener.accept(); return accepted != nil })
        let descriptor = try #require(accepted).descriptor
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK != 0)
        _ = client
    }

    @Test func aSpawnedAgentInheritsNoDescriptorAndRunsInItsOwnSession() throws {
        let folder = TemporaryFolder()
        // A descriptor without close-on-exec, as a shell's `$(…)` pipe would be.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let report = folder.file("report")
        let pid = try AgentLauncher.spawnDetached(
            executable: "/bin/sh",
            arguments: ["sh", "-c", "ls /proc/$$/fd > \(report).tmp; ps -o sid= -p $$ >> \(report).tmp; echo $$ >> \(report).tmp; mv \(report).tmp \(report)"],
            environment: ["PATH": "/usr/bin:/bin"])
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let descriptors = lines.dropLast(2).compactMap { Int32($0) }
        #expect(!descriptors.contains(ends[0]) && !descriptors.contains(ends[1]), "inherited: \(descriptors)")
        #expect(descriptors.allSatisfy { $0 <= 2 || $0 >= 10 }, "only standard descriptors, and the shell's own: \(descriptors)")
        #expect(lines[lines.count - 2] == lines[lines.count - 1], "the child leads its own session")
    }
}
