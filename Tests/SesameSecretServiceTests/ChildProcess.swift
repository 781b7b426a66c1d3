import Foundation
import Glibc

/// A long-running child (the bus daemon, the service) started with posix_spawn and stopped with SIGTERM and
/// waitpid: Foundation's Process can wait forever for a child that already ended. Only standard input, output and
/// error reach the child.
final class ChildProcess {
    let pid: pid_t
    private var status: Int32?

    /// Standard input from /dev/null; standard output to `stdoutPipe` when given, standard error to `stderrPath`.
    init(_ executable: String, _ arguments: [String], environment: [String: String], stdoutPipe: Int32? = nil, stderrPath: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let stdoutPipe {
            posix_spawn_file_actions_adddup2(&actions, stdoutPipe, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        // Nothing else: other tests of this process have pipes open to their children, and a copy held here would
        // keep those children's readers from ever seeing the end of their output.
        // (glibc ignores closing a descriptor that is no longer open, so a race with another test is harmless.)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard result == 0 else { throw HarnessError("Cannot start \(executable): \(String(cString: strerror(result)))") }
        pid = child
    }

    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
        return status == nil
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; waits for the end.
    func stop(grace: TimeInterval = 5) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(grace)
        while isRunning && Date() < deadline { usleep(10_000) }
        if isRunning {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
            status = raw
        }
    }

    /// Waits up to `timeout` for the child to end on its own.
    func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning && Date() < deadline { usleep(10_000) }
        return !isRunning
    }
}
