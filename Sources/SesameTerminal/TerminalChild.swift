import Glibc
import SesameSystemCalls

/// A program that works on the person's terminal beside sesame (the pager, fzf): it reads keys from `/dev/tty`
/// and draws there, so it must stay in this session and process group. Foundation's `Process` starts every child
/// in a session of its own on Linux, where `/dev/tty` cannot be opened (fzf: "Failed to read /dev/tty").
/// Its standard input is a pipe this side writes; its standard output is a pipe this side reads, or the terminal.
public final class TerminalChild {
    public let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var status: Int32?
    /// SIGINT and SIGQUIT go to the whole foreground group: the child decides what a Ctrl-C means (less ignores
    /// it, fzf cancels) while this side waits for it, as `system(3)` does.
    private var savedInterrupt = sigaction(), savedQuit = sigaction()

    /// Starts `path` with `arguments` (`argv[0]` first) and exactly `environment`.
    public init(path: String, arguments: [String], environment: [String: String], readsOutput: Bool) throws(SystemCallError) {
        var inputPipe: [Int32] = [-1, -1], outputPipe: [Int32] = [-1, -1]
        guard pipe(&inputPipe) == 0 else { throw SystemCallError("pipe") }
        if readsOutput, pipe(&outputPipe) != 0 {
            let error = SystemCallError("pipe")
            inputPipe.forEach { close($0) }
            throw error
        }
        // Only the ends dup2'd onto the child's standard streams reach it (dup2 clears close-on-exec).
        for descriptor in inputPipe + outputPipe where descriptor >= 0 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        if readsOutput { posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // sesame ignores SIGPIPE, and an ignored signal stays ignored across exec: the child gets the defaults.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var defaults = sigset_t(), mask = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&mask)
        for signal in [SIGPIPE, SIGINT, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        close(inputPipe[0])
        if readsOutput { close(outputPipe[1]) }
        guard spawned == 0 else {
            close(inputPipe[1])
            if readsOutput { close(outputPipe[0]) }
            throw SystemCallError("posix_spawn", code: spawned)
        }
        pid = child
        input = inputPipe[1]
        output = readsOutput ? outputPipe[0] : -1
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGINT, &ignore, &savedInterrupt)
        sigaction(SIGQUIT, &ignore, &savedQuit)
    }

    deinit {
        if input >= 0 { close(input) }
        if output >= 0 { close(output) }
        _ = waitForExit()
    }

    /// Writes `bytes` to the child's standard input and closes it. A child that quit early (a pager's q) closed
    /// its end: the rest is not wanted, and that is no error.
    public func send(_ bytes: [UInt8]) {
        guard input >= 0 else { return }
        try? FileDescriptor(rawValue: input).writeAll(bytes)
        close(input)
        input = -1
    }

    /// Everything the child wrote to standard output, up to `limit` bytes (the rest is read and dropped).
    public func readOutput(limit: Int = 1 << 16) -> [UInt8] {
        guard output >= 0 else { return [] }
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            collected.append(contentsOf: buffer[0..<min(count, max(0, limit - collected.count))])
        }
        close(output)
        output = -1
        return collected
    }

    /// Waits for the child and returns its exit status (128 + the signal that ended it).
    public func waitForExit() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
        let exited = raw & 0x7F == 0
        let code = exited ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = code
        sigaction(SIGINT, &savedInterrupt, nil)
        sigaction(SIGQUIT, &savedQuit, nil)
        return code
    }
}
