import Foundation
import SesameAgent
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameDomains
import SesameInterchange
import SesameStore
import SesameTerminal

/// What a running command needs beyond its arguments: where the vault is, how to get secrets, and how to reach an
/// unlocked vault.
final class CommandContext {
    let common: CommonArguments
    /// Usage errors for this command line, for checks made while it runs.
    let usage: CommandUsage
    let environment: [String: String]
    let secrets: SecretReader

    init(common: CommonArguments, usage: CommandUsage, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.common = common
        self.usage = usage
        self.environment = environment
        secrets = SecretReader(fromStandardInput: common.passwordStdin)
    }

    var vaultPath: String { VaultLocation.path(explicit: common.vault, environment: environment) }

    var wantsJSON: Bool { common.json }

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
    /// command's other secrets). Otherwise asks for the master password (unless the caller already has it): at a
    /// terminal it is asked again after a wrong one (three tries), and it unlocks the vault in the agent (started
    /// if needed), so the commands that follow ask nothing until the agent locks (gpg-agent's way; `sesame config
    /// set unlock-on-prompt off` or `SESAME_NO_AGENT=1` keep the vault in this process only). With
    /// `--password-stdin`, or when the agent cannot take it, the vault is unlocked in this process.
    func openService(password known: SecureBytes? = nil) throws -> any UnlockedVault {
        if let agent = unlockedAgent() { return agent }
        let vault = try Vault(path: vaultPath, publicSuffixList: publicSuffixList())
        if let known {
            try vault.unlock(password: known)
            return LocalVaultService(vault: vault)
        }
        return try withMasterPassword { password in
            if let agent = try unlockInAgent(password) { return agent }
            try vault.unlock(password: password)
            return LocalVaultService(vault: vault)
        }
    }

    /// Whether a person answers this command's prompts at a terminal (not `--password-stdin`).
    var promptsAtTerminal: Bool { !secrets.fromStandardInput }

    /// Whether a person can pick among candidates at the terminal: standard input is one, and no secret comes
    /// from it.
    var canChoose: Bool { promptsAtTerminal && Terminal.isStandardInputATerminal && SecretPrompt.isTerminalAvailable }

    /// Asks for the master password (the prompt says what for, when `purpose` is given) and runs `body` with it.
    /// At a terminal a wrong master password is asked for again, three tries in all, as sudo and gpg do; from
    /// standard input it fails at once (exit 2), since a script would only repeat the same line.
    @discardableResult
    func withMasterPassword<T>(
        _ purpose: SecretReader.Purpose = .masterPassword, _ body: (SecureBytes) throws -> T
    ) throws -> T {
        var attempt = 1
        while true {
            let password = try secrets.read(purpose)
            do {
                return try body(password)
            } catch where Self.isWrongPassword(error) && promptsAtTerminal && attempt < Self.masterPasswordTries {
                attempt += 1
                TerminalQuestion.tell("Wrong master password; try again.\n")
            }
        }
    }

    static let masterPasswordTries = 3

    static func isWrongPassword(_ error: any Error) -> Bool {
        switch error {
        case VaultError.wrongPassword: true
        case let failure as ServiceFailure: failure.code == .wrongPassword
        case let failure as CLIError: failure.status == .wrongPassword
        default: false
        }
    }

    /// After a master password typed at a terminal: unlocks the vault in the agent (starting it), so the next
    /// commands need not ask; nil when that is off or the agent cannot take it (then this process unlocks).
    /// Rethrows a wrong password, so the caller asks again.
    private func unlockInAgent(_ password: SecureBytes) throws -> AgentClient? {
        guard promptsAtTerminal, agentAllowed, (try? ConfigFile(path: configPath))?[.unlockOnPrompt] != "off" else {
            return nil
        }
        let location = agentLocation
        do {
            try location.verifyFolder()
        } catch {
            guard error.code == .notRunning else { return nil }  // no folder yet: the agent makes it
        }
        do {
            let (agent, _) = try AgentLauncher.connectOrStart(location: location, clientName: "sesame \(SesameCLI.version)") {
                () throws(AgentError) in try spawnAgent(on: location)
            }
            let status = try agent.unlock(vault: canonicalVaultPath, password: password)
            agent.vault = canonicalVaultPath
            Terminal.writeToStandardError(
                "Unlocked in the agent for \(AgentDuration.format(status.idleTimeout)) without use ('sesame lock' locks it now).\n")
            return agent
        } catch let failure as ServiceFailure where failure.code == .wrongPassword {
            throw failure
        } catch {
            // Another vault held there, an agent that cannot start: this command goes on without it.
            return nil
        }
    }

    /// Whether the agent may be used at all: `SESAME_NO_AGENT=1` turns it off for one process.
    var agentAllowed: Bool {
        guard let off = environment["SESAME_NO_AGENT"], !off.isEmpty, off != "0" else { return true }
        return false
    }

    /// `$XDG_CONFIG_HOME/sesame/config.json`.
    var configPath: String { ConfigFile.path(environment: environment) }

    /// A new password that guards a vault or an export (`init`, `passwd`, an export's own password): asked twice
    /// on a terminal, or read from standard input, then estimated with zxcvbn as `audit` does. One below
    /// ``PasswordStrength/masterPasswordMinimumBits`` is refused with the estimate and what would do (at a
    /// terminal it is asked again, three tries in all) unless the command line says `--allow-weak-password`.
    ///
    /// - Parameter what: What it is, capitalised, for messages: "The master password".
    func readNewPassword(_ purpose: SecretReader.Purpose, what: String) throws -> SecureBytes {
        let allowWeak = common.allowWeakPassword
        var attempt = 1
        while true {
            let password = try secrets.read(purpose)
            guard password.count > 0 else { throw CLIError("\(what) is empty.") }
            let personal = ["sesame", environment["USER"] ?? ""]
            guard !allowWeak, let strength = PasswordStrength.estimate(password, personalWords: personal),
                  !strength.isEnoughForMasterPassword
            else { return password }
            let refusal = "\(what) is too weak: \(strength.reason). "
                + "It needs at least \(Int(PasswordStrength.masterPasswordMinimumBits)) bits, such as five random words "
                + "('sesame generate --passphrase --words 5') or 12 random characters"
            guard promptsAtTerminal, attempt < Self.masterPasswordTries else {
                throw CLIError(refusal + "; add --allow-weak-password to use it anyway.")
            }
            attempt += 1
            TerminalQuestion.tell(refusal + ". Choose another (or run again with --allow-weak-password).\n")
        }
    }

    /// The item a person names, as ``VaultItems/resolve(_:in:)`` finds it; when the name matches several and a
    /// person is at the terminal, they choose one (``ItemChooser``) instead of getting the error.
    func resolve(_ reference: String, in service: any VaultItems, states: Set<ItemState> = [.active]) throws -> ItemView {
        let failure: ServiceFailure
        do {
            return try service.resolve(reference, in: states)
        } catch {
            failure = error
        }
        guard failure.code == .ambiguous, canChoose else { throw failure }
        var summaries: [ItemSummary] = []
        for state in [ItemState.active, .trashed] where states.contains(state) { summaries += try service.list(state).items }
        let candidates = ItemReference.candidates(reference, in: summaries, id: \.id, title: \.title)
        guard candidates.count > 1 else { throw failure }
        let chosen = try ItemChooser.choose(reference, among: candidates, environment: environment)
        return try service.resolve(chosen.id.uuidString, in: states)
    }

    /// A connection to the agent if it runs and holds this vault unlocked; its idle timer is reset, so the vault
    /// stays unlocked for the requests that follow. `SESAME_NO_AGENT=1` turns the agent off for one process.
    func unlockedAgent() -> AgentClient? {
        guard agentAllowed else { return nil }
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
        try StandardOutput.write(data + Data("\n".utf8))
    }
}
