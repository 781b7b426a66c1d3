import Dispatch
import Foundation
import Glibc
import SesameAgent
import SesameAgentLink
import SesameTerminal

/// `sesame agent`: runs the agent in the foreground (for systemd and other service managers), or stops the one
/// that runs. `sesame unlock` starts it detached when needed.
enum AgentCommand: Command {
    static let spec = CommandSpec(
        name: "agent",
        abstract: "Run the agent in the foreground, or stop it with --stop.",
        discussion: "The agent holds the unlocked vault key in locked, non-dumpable memory and answers requests of the same user on a Unix socket ($SESAME_AGENT_SOCK, else $XDG_RUNTIME_DIR/sesame/agent.sock, else /tmp/sesame-$UID/agent.sock). It logs to standard error. SIGTERM and SIGINT stop it (the vault is locked and the socket removed); SIGHUP locks the vault and keeps it running. Exits 1 if another agent already serves the socket. Under systemd it takes the socket that sesame-agent.socket listens on (socket activation: LISTEN_FDS) and leaves it in place when it stops ('sesame setup systemd' installs the units).",
        declaring: Arguments.self)

    struct Arguments: CommandArguments {
        static let timeoutOption = OptionSpec.value("timeout", valueName: "duration", help: "The idle timeout of unlocks that do not name one, such as 15m or 2h (default 15m).")

        let timeout: String?
        let socket: String?
        let publicSuffixList: String?
        let stop: Bool
        let verbose: Bool
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            timeout = decoder.value(Self.timeoutOption)
            socket = decoder.value(.value("socket", valueName: "path", help: "Listen on this socket instead of the default."))
            publicSuffixList = decoder.value(.value("public-suffix-list", valueName: "path", help: "The public suffix list to use (default: $SESAME_PUBLIC_SUFFIX_LIST, else Debian's); a command that starts the agent passes its own."))
            stop = decoder.flag(.flag("stop", help: "Stop the running agent instead (the vault is locked first)."))
            verbose = decoder.flag(.flag("verbose", short: "v", help: "Also log every request's kind (never its contents)."))
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let timeout = try arguments.usage.converted(arguments.timeout, of: Arguments.timeoutOption) { AgentDuration.parse($0) }
        let location = arguments.socket.map(AgentSocketLocation.init(socketPath:)) ?? context.agentLocation
        if arguments.stop {
            try stop(location, context: context)
            return
        }
        // Read before hardening moves to `/`, so a relative path means the folder the agent was started in.
        let list = try PublicSuffixListFile.load(
            path: arguments.publicSuffixList ?? context.publicSuffixListPath)
        let logger = AgentLogger.standardError(level: arguments.verbose ? .debug : .info)
        for failure in AgentProcess.harden() {
            logger.warning("Could not harden the process", metadata: ["error": failure])
        }
        var configuration = AgentConfiguration(
            location: location, publicSuffixList: list, agentName: "sesame \(SesameCLI.version)")
        if let timeout { configuration.idleTimeout = timeout }
        configuration.inheritedListener = SocketActivation.listener(environment: context.environment)
        let server = AgentServer(configuration: configuration, logger: logger)

        // Signals become a clean shutdown (or a lock), handled on a queue rather than in a signal handler.
        var sources: [any DispatchSourceSignal] = []
        for (signalNumber, action) in [(SIGTERM, "stop"), (SIGINT, "stop"), (SIGHUP, "lock")] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                if action == "stop" { server.stop() } else { server.lock() }
            }
            source.resume()
            sources.append(source)
        }
        defer { sources.forEach { $0.cancel() } }
        try server.start()
        server.waitUntilStopped()
    }

    private static func stop(_ location: AgentSocketLocation, context: CommandContext) throws {
        // Also stops an agent of an older protocol version, left running after an upgrade.
        guard let pid = try AgentClient.stopAgent(at: location, clientName: "sesame \(SesameCLI.version)") else {
            print("No agent is running.")
            return
        }
        // The agent removes its socket as it exits; wait a moment so the next command sees it gone.
        for _ in 0..<200 where location.socketExists { usleep(10_000) }
        print("Stopped the agent (pid \(pid)).")
    }
}
