import Foundation
import Glibc
import SesameAgentLink
import SesameSystemCalls

/// Starts the agent on demand, the way gpg-agent autostarts: a detached process in its own session, standard
/// input, output and error on /dev/null, a minimal environment, and no secret anywhere in its arguments.
public enum AgentLauncher {
    /// Connects to the agent at `location`, starting one with `spawn` if none answers, and waits for it.
    ///
    /// Several clients may start agents at the same moment; the agents' lock lets one serve, the others exit, and
    /// every client connects to the one that serves.
    ///
    /// - Returns: the client and whether this call started the agent.
    /// - Throws: `AgentError` `.startFailed` when no agent answers within `startTimeout`, and whatever connecting
    ///   throws other than `.notRunning`.
    public static func connectOrStart(
        location: AgentSocketLocation, clientName: String = "sesame", startTimeout: TimeInterval = 10,
        spawn: () throws(AgentError) -> pid_t
    ) throws(AgentError) -> (client: AgentClient, started: Bool) {
        do throws(AgentError) {
            return (try AgentClient.connect(to: location, clientName: clientName), false)
        } catch where error.code == .notRunning {
            // Start one below.
        }
        try location.prepareFolder()
        let child = try spawn()
        let start = Date()
        var childEnded = false
        while Date().timeIntervalSince(start) < startTimeout {
            usleep(5_000)
            do throws(AgentError) {
                return (try AgentClient.connect(to: location, clientName: clientName), true)
            } catch where error.code == .notRunning {
                // Not listening yet.
            }
            if !childEnded {
                var status: Int32 = 0
                // Reap a child that lost the race to another agent (or failed), so it does not linger as a zombie.
                childEnded = waitpid(child, &status, WNOHANG) == child
            } else if Date().timeIntervalSince(start) > 2 {
                break
            }
        }
        throw AgentError(
            .startFailed,
            "The agent did not start on \(location.socketPath); run 'sesame agent' in a terminal to see why.")
    }

    /// The variables an agent may inherit: never a token or secret from the shell that started it.
    static let inheritedEnvironment = ["PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ"]

    /// Starts `sesame agent` on `location` detached: only the socket path and the public suffix list's path in its
    /// arguments (neither is a secret), of `environment` only ``inheritedEnvironment``, and glibc's heap cache
    /// turned off (``AgentProcess/scrubFreedMemory()``). `sesame` and the git helper both start their agent here.
    ///
    /// - Parameters:
    ///   - executable: the `sesame` program; `/proc/self/exe` when the caller is `sesame` itself.
    ///   - publicSuffixListPath: the list the starting command uses, so the agent answers from the same rules
    ///     whatever environment it gets.
    public static func spawnAgent(
        executable: String = "/proc/self/exe", on location: AgentSocketLocation, publicSuffixListPath: String,
        environment: [String: String]
    ) throws(AgentError) -> pid_t {
        try spawnDetached(
            executable: executable,
            arguments: [
                "sesame", "agent", "--socket", location.socketPath, "--public-suffix-list", publicSuffixListPath,
            ],
            environment: environment.filter { inheritedEnvironment.contains($0.key) }
                .merging([AgentProcess.heapCacheOff.name: AgentProcess.heapCacheOff.value]) { _, off in off })
    }

    /// Starts `executable` detached from this process and returns its pid without waiting for it.
    ///
    /// - Parameters:
    ///   - executable: the program; `/proc/self/exe` (this very program) by default.
    ///   - arguments: `argv`, including `argv[0]`. Never put a secret here: any user can read `/proc/PID/cmdline`.
    ///   - environment: the child's whole environment; pass only what it needs.
    public static func spawnDetached(
        executable: String = "/proc/self/exe", arguments: [String], environment: [String: String]
    ) throws(AgentError) -> pid_t {
        var spawn = ChildSpawn(path: executable, arguments: arguments, environment: environment)
        spawn.standardInput = .null
        spawn.standardOutput = .null
        spawn.standardError = .null
        spawn.newSession = true
        // Nothing else this process holds may live on in the agent: a pipe or socket its parent waits on (a
        // shell's `$(…)`, Foundation's Process) would never see the end of input while the agent runs.
        spawn.closesOtherDescriptors = true
        spawn.defaultSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]
        do throws(SystemCallError) {
            return try spawn.start().pid
        } catch {
            throw AgentError(.startFailed, "Cannot start the agent: \(String(cString: strerror(error.code))).")
        }
    }
}
