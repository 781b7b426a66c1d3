#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSesameSystem

/// How to start a child program with posix_spawn: the one place that builds argv and envp, wires the standard
/// streams, resets signals and chooses the session, for every program that starts another (the pager and fzf,
/// wl-copy, the agent, Auto-Type). Foundation's `Process` is not used for these: on Linux it starts every child in
/// a session of its own, and it passes on whatever this process holds open.
///
/// ```swift
/// var spawn = ChildSpawn(path: "/usr/bin/less", arguments: ["less"], environment: environment)
/// spawn.standardInput = .pipe
/// let child = try spawn.start()   // child.input: the write end of less's standard input
/// ```
public struct ChildSpawn {
    /// What a standard stream of the child is connected to.
    public enum Stream: Sendable {
        /// This process's own stream (the terminal, for a pager).
        case inherit
        /// `/dev/null`.
        case null
        /// A pipe whose other end ``Started`` hands to the caller.
        case pipe
    }

    /// A started child: its pid and the caller's ends of the pipes asked for. The caller owns those descriptors
    /// (they are close-on-exec, so no other child inherits them) and closes them.
    public struct Started {
        public let pid: pid_t
        /// The write end of the child's standard input, when it is ``Stream/pipe``.
        public let input: Int32?
        /// The read end of the child's standard output, when it is ``Stream/pipe``.
        public let output: Int32?
    }

    public var path: String
    /// `argv`, `argv[0]` first. Never a secret: any user can read `/proc/PID/cmdline`.
    public var arguments: [String]
    /// The child's whole environment, or nil for this process's own.
    public var environment: [String: String]?
    public var standardInput = Stream.inherit
    public var standardOutput = Stream.inherit
    /// No caller reads a child's errors, so ``Stream/pipe`` here is not offered: it counts as ``Stream/inherit``.
    public var standardError = Stream.inherit
    /// A session of its own: no controlling terminal, no SIGHUP or SIGINT from the terminal (a detached agent).
    public var newSession = false
    /// Closes every descriptor above standard error in the child: a pipe or socket its parent waits on would
    /// otherwise stay open for as long as a long-lived child runs.
    public var closesOtherDescriptors = false
    /// Signals the child starts with at their default action. An ignored signal stays ignored across exec, and
    /// sesame ignores SIGPIPE.
    public var defaultSignals: [Int32] = [SIGPIPE]

    public init(path: String, arguments: [String], environment: [String: String]?) {
        self.path = path
        self.arguments = arguments
        self.environment = environment
    }

    /// Starts the child with an empty signal mask and returns without waiting for it.
    public func start() throws(SystemCallError) -> Started {
        var opened: [Int32] = []
        func closeOpened() { opened.forEach { close($0) } }
        // [child's end, caller's end] of each pipe asked for.
        func makePipe() throws(SystemCallError) -> [Int32] {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                let error = SystemCallError("pipe")
                closeOpened()
                throw error
            }
            opened += ends
            // Only the end dup2'd onto the child's stream reaches it (dup2 clears close-on-exec).
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return ends
        }
        let inputPipe = standardInput == .pipe ? try makePipe() : nil
        let outputPipe = standardOutput == .pipe ? try makePipe() : nil

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let inputPipe { posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO) }
        if let outputPipe { posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO) }
        for (stream, descriptor, mode) in [
            (standardInput, STDIN_FILENO, O_RDONLY), (standardOutput, STDOUT_FILENO, O_WRONLY),
            (standardError, STDERR_FILENO, O_WRONLY),
        ] where stream == .null {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", mode, 0)
        }
        if closesOtherDescriptors {
            let result = sesame_spawn_close_from(&actions, STDERR_FILENO + 1)
            guard result == 0 else {
                closeOpened()
                throw SystemCallError("posix_spawn_file_actions_addclosefrom_np", code: result)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if newSession { flags |= sesame_posix_spawn_setsid() }
        posix_spawnattr_setflags(&attributes, flags)
        var defaults = sigset_t(), mask = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&mask)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)

        let argv = arguments.map { strdup($0) } + [nil]
        // Sorted, so a child sees the same environment whatever order the dictionary kept.
        let envp = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result: Int32
        if let envp {
            result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        } else {
            result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        }
        if let inputPipe { close(inputPipe[0]) }
        if let outputPipe { close(outputPipe[1]) }
        guard result == 0 else {
            if let inputPipe { close(inputPipe[1]) }
            if let outputPipe { close(outputPipe[0]) }
            throw SystemCallError("posix_spawn", code: result)
        }
        return Started(pid: pid, input: inputPipe?[1], output: outputPipe?[0])
    }
}

/// Waits for child `pid` and returns its exit status, or 128 + the signal that ended it, as a shell reports it.
public func waitForChild(_ pid: pid_t) throws(SystemCallError) -> Int32 {
    var raw: Int32 = 0
    try retryingInterrupts("waitpid") { waitpid(pid, &raw, 0) }
    return raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
}
