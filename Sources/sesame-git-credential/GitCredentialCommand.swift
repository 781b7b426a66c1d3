import Foundation
import SesameAgent
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameGit
import SesameGitProtocol
import SesameStore
import SesameSystemCalls
import SesameTerminal
import SesameTerminalText

/// `git-credential-sesame [--vault PATH] get|store|erase|capability`: git's credential helper.
///
/// stdout carries protocol lines only; problems go to stderr. It answers from the unlocked agent. When the agent is
/// locked or absent it asks for the master password on /dev/tty (unless git or the user forbade prompts, or there is
/// no terminal), unlocks the agent, starting it if needed, and answers; otherwise it prints nothing, so git falls
/// back to its other helpers and its own prompt.
enum GitCredentialCommand {
    static let version = SesameRelease.version

    static let spec = CommandSpec(
        name: "git-credential-sesame",
        abstract: "git's credential helper for the Sesame vault.",
        discussion: """
            Set it up with 'sesame setup git' (or 'git config --global credential.helper sesame'). git runs it with \
            get, store or erase and the request on standard input. With a locked vault, 'get' asks for the master \
            password on the terminal unless GIT_TERMINAL_PROMPT=0 or credential.interactive=false; without a \
            terminal it prints nothing and git asks elsewhere. Rejected credentials ('erase') go to Sesame's trash.
            """,
        version: version,
        declaring: Arguments.self)

    /// The helper's command line, decoded once.
    struct Arguments: CommandArguments {
        /// git's action word; empty when none was given (then nothing is done).
        let action: String
        let vault: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            action = decoder.argument(ArgumentSpec("action", help: "get, store, erase or capability; other actions are ignored.")) ?? ""
            vault = decoder.value(.value("vault", valueName: "path", help: "The vault file (default: $SESAME_VAULT, else $XDG_DATA_HOME/sesame/vault.sqlite)."))
            usage = decoder.usage
        }
    }

    static func run(_ words: [String]) -> ExitStatus {
        let arguments: Arguments
        do {
            switch try spec.parse(words) {
            case .helpRequested:
                print(spec.helpText(), terminator: "")
                return .success
            case .versionRequested:
                print("git-credential-sesame \(version)")
                return .success
            case .arguments(let parsed):
                arguments = Arguments(decoding: parsed)
            }
        } catch {
            // git may one day pass arguments we do not know; a helper must not break git over them.
            Terminal.writeToStandardError(error.report)
            return .usage
        }
        // An empty path would quietly mean the default vault.
        if arguments.vault == "" {
            Terminal.writeToStandardError(arguments.usage.error("The vault path is empty").report)
            return .usage
        }
        let environment = ProcessInfo.processInfo.environment
        let action = GitCredentialHelper.Action(arguments.action)
        let helper = GitCredentialHelper()
        switch action {
        case .capability:
            write(helper.capabilityReply())
            return .success
        case .unknown:
            return .success
        case .get, .store, .erase:
            break
        }
        guard let request = FullProgram.readAll(from: STDIN_FILENO, limit: GitCredentialMessage.maximumBytes) else {
            complain(GitCredentialMessage.tooLargeMessage + ".")
            return .failure
        }
        let message = GitCredentialMessage(parsing: request)
        guard helper.isActionable(action, message) else { return .success }
        let vaultPath = AgentVaultPath.canonical(VaultLocation.path(explicit: arguments.vault, environment: environment))
        guard FileManager.default.fileExists(atPath: vaultPath) else {
            complain("no vault at \(vaultPath); create one with 'sesame init'.")
            return .failure
        }
        do {
            let session = GitSession(vaultPath: vaultPath, environment: environment)
            guard let service = try session.service(for: message) else { return .success }
            write(try helper.run(action, message, service: service))
            return .success
        } catch {
            complain("\(error)")
            return .failure
        }
    }

    static func write(_ bytes: [UInt8]) {
        try? FileDescriptor.standardOutput.writeAll(bytes)
    }

    static func complain(_ message: String) {
        Terminal.writeToStandardError("git-credential-sesame: \(TerminalText.quoted(message, limit: TerminalText.messageLimit))\n")
    }
}
