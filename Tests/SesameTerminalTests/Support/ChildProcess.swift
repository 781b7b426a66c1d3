import Foundation
import Glibc

/// This test binary, started again to run one scenario of `ChildScenarios` in a process of its own.
///
/// Exiting, signals and controlling terminals cannot be tested inside the shared test process, and the package
/// has no executable to test with, so the runner re-executes itself (`--filter ChildProcessEntry`) with the
/// scenario's name in the environment. The child's descriptors are laid out by the test: anything not given is
/// `/dev/null`, so the test harness's own output in the child goes nowhere.
struct ChildProcess {
    static let scenarioVariable = "SESAME_TERMINAL_TEST_SCENARIO"

    /// How the child ended.
    enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        case timedOut

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signaled(let signal): "killed by signal \(signal)"
            case .timedOut: "timed out"
            }
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t

    /// Starts the scenario.
    ///
    /// - Parameters:
    ///   - scenario: A case of `ChildScenarios`.
    ///   - descriptors: Child descriptor number → parent descriptor to give it.
    ///   - terminal: A terminal device to open as child descriptor `fd`; with `newSession`, it becomes the
    ///     child's controlling terminal (glibc's posix_spawn calls setsid before the file actions).
    ///   - newSession: Whether the child starts a new session, leaving this process's terminal (if any) behind.
    static func spawn(
        _ scenario: ChildScenarios,
        descriptors: [Int32: Int32] = [:],
        terminal: (fd: Int32, path: String)? = nil,
        newSession: Bool = true
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }

        if let terminal {
            // First, so that this open (without O_NOCTTY) is what acquires the controlling terminal.
            posix_spawn_file_actions_addopen(&actions, terminal.fd, terminal.path, O_RDWR, 0)
        }
        // Move sources above every target first, so that one mapping cannot overwrite another's source.
        var raised: [Int32] = []
        defer { raised.forEach { close($0) } }
        for (target, source) in descriptors.sorted(by: { $0.key < $1.key }) {
            let high = fcntl(source, F_DUPFD_CLOEXEC, 100)
            guard high >= 0 else { throw SpawnError(description: "fcntl failed: errno \(errno)") }
            raised.append(high)
            posix_spawn_file_actions_adddup2(&actions, high, target)
        }
        for standard: Int32 in 0...2 where descriptors[standard] == nil && terminal?.fd != standard {
            posix_spawn_file_actions_addopen(&actions, standard, "/dev/null", O_RDWR, 0)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // POSIX_SPAWN_SETSID is hidden behind _GNU_SOURCE in the Glibc module; its glibc value is 0x80.
        let setSessionID: Int32 = 0x80
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newSession { flags |= setSessionID }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let runner = CommandLine.arguments[0]
        let arguments = [runner, "--testing-library", "swift-testing", "--filter", "ChildProcessEntry"]
        var environment = ProcessInfo.processInfo.environment
        environment[scenarioVariable] = scenario.rawValue
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid: pid_t = 0
        let result = posix_spawn(&pid, runner, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(description: "posix_spawn failed: errno \(result)") }
        return ChildProcess(pid: pid)
    }

    /// Waits for the child to end; kills it after `timeout` (a hung prompt must not hang the test run).
    func wait(timeout: Duration = .seconds(60)) -> Termination {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return .timedOut }
            if ContinuousClock.now > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return .timedOut
            }
            usleep(5_000)
        }
        // WIFEXITED and friends are function-like macros, which Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }
}
