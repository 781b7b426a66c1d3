import Foundation
import SesameAgent
import SesameAutoFill
import SesameCrypto
import SesameDomains
import SesameInterchange
import SesameStore
import SesameTerminal

/// What a running command needs beyond its arguments: where the vault is, how to get secrets, and how to reach an
/// unlocked vault.
final class CommandContext {
    let arguments: ParsedArguments
    let environment: [String: String]
    let secrets: SecretReader

    init(arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.arguments = arguments
        self.environment = environment
        let fromStdin = arguments.spec.options.contains { $0.name == "password-stdin" } && arguments.flag("password-stdin")
        secrets = SecretReader(fromStandardInput: fromStdin)
    }

    var vaultPath: String {
        let explicit = arguments.spec.options.contains { $0.name == "vault" } ? arguments.value("vault") : nil
        return VaultLocation.path(explicit: explicit, environment: environment)
    }

    var wantsJSON: Bool {
        arguments.spec.options.contains { $0.name == "json" } && arguments.flag("json")
    }

    /// The public suffix list's file: `$SESAME_PUBLIC_SUFFIX_LIST`, else Debian's.
    var publicSuffixListPath: String { PublicSuffixListFile.path(environment: environment) }

    private var loadedPublicSuffixList: PublicSuffixList?

    /// The list, read once per command and handed to the vault it opens.
    func publicSuffixList() throws -> PublicSuffixList {
        if let loadedPublicSuffixList { return loadedPublicSuffixList }
        let list = try PublicSuffixListFile.load(path: publicSuffixListPath)
        loadedPublicSuffixList = list
        return list
    }

    /// The vault path as the agent knows it: absolute, symbolic links resolved.
    var canonicalVaultPath: String { AgentVaultPath.canonical(vaultPath) }

    /// Where the agent listens: `$SESAME_AGENT_SOCK`, else `$XDG_RUNTIME_DIR/sesame/agent.sock`, else
    /// `/tmp/sesame-$UID/agent.sock`.
    var agentLocation: AgentSocketLocation { AgentSocketLocation.resolve(environment: environment) }

    /// An unlocked vault to send requests to. When the agent runs and holds this vault unlocked, that is the
    /// agent, and nothing is asked for (not even with `--password-stdin`: standard input then starts with the
    /// command's other secrets). Otherwise asks for the master password (unless the caller already has it) and
    /// unlocks the vault in this process, as without an agent.
    func openService(password known: SecureBytes? = nil) throws -> any UnlockedVault {
        if let agent = unlockedAgent() { return agent }
        let vault = try Vault(path: vaultPath, publicSuffixList: publicSuffixList())
        let password = try known ?? secrets.read(.masterPassword)
        try vault.unlock(password: password)
        return LocalVaultService(vault: vault)
    }

    /// The vault unlocked in this process, even while the agent holds it unlocked: for commands the agent has no
    /// operation for yet (`passkey list`). Asks for the master password.
    func openLocalService() throws -> LocalVaultService {
        let vault = try Vault(path: vaultPath, publicSuffixList: publicSuffixList())
        try vault.unlock(password: try secrets.read(.masterPassword))
        return LocalVaultService(vault: vault)
    }

    /// A connection to the agent if it runs and holds this vault unlocked; its idle timer is reset, so the vault
    /// stays unlocked for the requests that follow. `SESAME_NO_AGENT=1` turns the agent off for one process.
    func unlockedAgent() -> AgentClient? {
        if let off = environment["SESAME_NO_AGENT"], !off.isEmpty, off != "0" { return nil }
        do {
            return try AgentClient.attachUnlocked(
                vault: canonicalVaultPath, at: agentLocation, clientName: "sesame \(SesameCLI.version)")
        } catch {
            // A socket that is not safe to use, or an agent that does not answer: work without it, and say so.
            Terminal.writeToStandardError("Warning: not using the agent: \(error)\n")
            return nil
        }
    }

    /// Connects to the agent, or returns nil when none is running.
    func connectAgent(at location: AgentSocketLocation? = nil) throws(AgentError) -> AgentClient? {
        do {
            return try AgentClient.connect(to: location ?? agentLocation, clientName: "sesame \(SesameCLI.version)")
        } catch {
            if error.code == .notRunning { return nil }
            throw error
        }
    }

    /// Starts `sesame agent` detached on `location`: `/proc/self/exe`, so the agent is this very build, with this
    /// command's public suffix list.
    func spawnAgent(on location: AgentSocketLocation) throws(AgentError) -> pid_t {
        try AgentLauncher.spawnAgent(on: location, publicSuffixListPath: publicSuffixListPath, environment: environment)
    }

    /// Turns the core's errors into CLI errors with the documented exit statuses.
    static func translate(_ error: any Error) -> any Error {
        switch error {
        case let failure as ServiceFailure:
            return CLIError(failure.message, status: failure.code == .wrongPassword ? .wrongPassword : .failure)
        case let error as VaultError:
            return translate(ServiceFailure(error))
        case let error as ReferenceError:
            return translate(ServiceFailure(error))
        case let error as DomainError:
            return translate(ServiceFailure(error))
        case let error as AgentError:
            return CLIError(error.message)
        case let error as ImportError:
            return CLIError(error.message)
        case let error as CryptoError:
            return CLIError(error.description.prefix(1).uppercased() + error.description.dropFirst() + ".")
        default:
            return error
        }
    }

    /// Prints a value as JSON on stdout: sorted keys, ISO-8601 dates, one trailing newline.
    func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
