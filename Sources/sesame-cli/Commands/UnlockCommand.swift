import Foundation
import SesameAgent
import SesameAgentLink
import SesameTerminal

/// `sesame unlock`: starts the agent if needed and unlocks the vault in it, so that commands stop asking for the
/// master password until the agent locks (idle timeout, `sesame lock`, or the agent stopping).
enum UnlockCommand: Command {
    static let spec = CommandSpec(
        name: "unlock",
        abstract: "Unlock the vault in the agent, so commands stop asking for the master password.",
        discussion: "Starts the agent if none is running. The agent locks the vault after --timeout without use (default 15m), on 'sesame lock', and when it stops. The master password is asked for without echo, or read from standard input with --password-stdin; after a wrong one the agent makes the next attempt wait (1s, 2s, 4s … up to 30s). While the vault is unlocked, commands read no master password, even with --password-stdin. Exits 2 when the master password is wrong.",
        declaring: Arguments.self,
        familiarNames: ["login", "open", "signin"])

    struct Arguments: CommandArguments {
        static let timeoutOption = OptionSpec.value("timeout", valueName: "duration", help: "Lock after this long without use, such as 90s, 15m or 2h (default: the agent's, 15m).")

        let timeout: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            timeout = decoder.value(Self.timeoutOption)
            decoder.shared(CommonOptions.passwordStdin, CommonOptions.json, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let timeout = try arguments.usage.converted(arguments.timeout, of: Arguments.timeoutOption) { AgentDuration.parse($0) }
        let path = context.canonicalVaultPath
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError("No vault at \(path); create one with 'sesame init'.")
        }
        let location = context.agentLocation
        // Refuse an unsafe socket folder before anyone types a password (a missing one is created later).
        do {
            try location.verifyFolder()
        } catch {
            if error.code != .notRunning { throw error }  // .notRunning: no folder yet
        }
        let password = try context.secrets.read(.masterPassword)
        guard password.count > 0 else { throw CLIError("The master password is empty.") }

        let (agent, started) = try AgentLauncher.connectOrStart(
            location: location, clientName: "sesame \(SesameCLI.version)"
        ) { () throws(AgentError) in try context.spawnAgent(on: location) }
        let status = try agent.unlock(vault: path, password: password, idleTimeout: timeout)
        if context.wantsJSON {
            try context.printJSON(AgentStatusJSON(status, location: location))
            return
        }
        if started { print("Started the agent (pid \(agent.agentPID)).") }
        print("Unlocked \(path); the agent locks it after \(AgentDuration.format(status.idleTimeout)) without use.")
    }
}
