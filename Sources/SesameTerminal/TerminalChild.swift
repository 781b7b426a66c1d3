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
        var spawn = ChildSpawn(path: path, arguments: arguments, environment: environment)
        spawn.standardInput = .pipe
        spawn.standardOutput = readsOutput ? .pipe : .inherit
        spawn.defaultSignals = [SIGPIPE, SIGINT, SIGQUIT]
        let child = try spawn.start()
        pid = child.pid
        input = child.input ?? -1
        output = child.output ?? -1
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
        // A child already reaped elsewhere cannot be waited for again; report it as ended by no signal.
        let code = (try? waitForChild(pid)) ?? 0
        status = code
        sigaction(SIGINT, &savedInterrupt, nil)
        sigaction(SIGQUIT, &savedQuit, nil)
        return code
    }
}
