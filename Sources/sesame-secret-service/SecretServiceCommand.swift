import Dispatch
import Foundation
import Glibc
import SesameAgent
import SesameAgentLink
import SesameSecretService
import SesameTerminal
import SesameTerminalText

/// `sesame-secret-service`, which `sesame secret-service` runs: serves org.freedesktop.secrets on the session
/// bus from the vault the agent holds. A separate, dynamically linked program because libsystemd (sd-bus) has no
/// static archive, and the release `sesame` is linked fully static.
enum SecretServiceCommand {
    static let spec = CommandSpec(
        name: "secret-service",
        abstract: "Serve the freedesktop Secret Service (org.freedesktop.secrets) from the vault.",
        discussion: "Programs that use libsecret or the Secret Service API (secret-tool, python keyring, GNOME apps, Chromium, VS Code, gh) then find their passwords in Sesame. Secrets come from the agent: unlock it with 'sesame unlock', or let a client's Unlock ask for the master password through pinentry. Runs until the bus ends, SIGTERM or SIGINT.",
        declaring: Arguments.self)

    /// `sesame secret-service`'s command line, decoded once (the parser refuses positional arguments: it declares
    /// none).
    struct Arguments: CommandArguments {
        let replace: Bool
        let confirm: Bool
        let vault: String?

        init(_ decoder: inout ArgumentDecoder) {
            replace = decoder.flag(.flag("replace", help: "Take the name from the provider that owns it now (if it lets go)."))
            confirm = decoder.flag(.flag("confirm", help: "Ask once per client program (through pinentry) before it may read secrets."))
            vault = decoder.value(.value("vault", valueName: "path", help: "The vault file (default: $SESAME_VAULT, else ~/.local/share/sesame/vault.sqlite)."))
        }
    }

    static let clientsSpec = CommandSpec(
        name: "clients",
        abstract: "List the programs --confirm asked about, or forget one.",
        declaring: ClientsArguments.self)

    /// `sesame secret-service clients`'s command line.
    struct ClientsArguments: CommandArguments {
        let revoke: String?
        let json: Bool

        init(_ decoder: inout ArgumentDecoder) {
            revoke = decoder.value(.value("revoke", valueName: "program", help: "Forget this program's answer (its executable's path): it is asked again."))
            json = decoder.flag(.flag("json", help: "Print JSON."))
        }
    }

    static func run(_ words: [String], environment: [String: String]) -> ExitStatus {
        if words.first == "clients" {
            let parsed = clientsSpec.parseOrExit(Array(words.dropFirst()), commandPath: "sesame secret-service clients")
            return runClients(ClientsArguments(decoding: parsed), environment: environment)
        }
        let arguments = Arguments(decoding: spec.parseOrExit(words, commandPath: "sesame secret-service"))
        let vaultPath = AgentVaultPath.canonical(VaultLocation.path(explicit: arguments.vault, environment: environment))
        let location = AgentSocketLocation.resolve(environment: environment)
        let listPath = PublicSuffixListFile.path(environment: environment)
        let sesame = siblingSesame()
        let access = AgentVaultAccess(vaultPath: vaultPath, location: location) { () throws(AgentError) -> pid_t in
            try AgentLauncher.spawnAgent(executable: sesame, on: location, publicSuffixListPath: listPath, environment: environment)
        }
        let confirmation = arguments.confirm
            ? ClientConfirmation(registry: ClientRegistry(path: ClientRegistry.defaultPath(environment: environment))) : nil
        do {
            // Every log line goes through the sanitizer: it quotes paths and program names of clients.
            let service = try SecretService(
                vault: access, confirmation: confirmation, pinentry: Pinentry(environment: environment),
                log: { Terminal.writeToStandardError("sesame-secret-service: \($0)\n") })
            try service.start(replace: arguments.replace)
            let stop = service.stopper
            var sources: [any DispatchSourceSignal] = []
            for signalNumber in [SIGTERM, SIGINT] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { stop() }
                source.resume()
                sources.append(source)
            }
            defer { sources.forEach { $0.cancel() } }
            try service.run()
            return .success
        } catch {
            exit(with: CLIError(error.message))
        }
    }

    static func runClients(_ arguments: ClientsArguments, environment: [String: String]) -> ExitStatus {
        let registry = ClientRegistry(path: ClientRegistry.defaultPath(environment: environment))
        do {
            if let program = arguments.revoke {
                let removed = try registry.revoke(program)
                guard removed else { exit(with: CLIError("No answer is remembered for '\(TerminalText.quoted(program))'.")) }
                print("Forgot the answer for \(TerminalText.singleLine(program)); it is asked again next time.")
                return .success
            }
            let clients = try registry.clients()
            if arguments.json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                encoder.dateEncodingStrategy = .iso8601
                try StandardOutput.write(try encoder.encode(clients) + Data("\n".utf8))
            } else if clients.isEmpty {
                print("No program has been asked about yet (answers are remembered with --confirm).")
            } else {
                let formatter = ISO8601DateFormatter()
                // A path is outside text (any folder name): one line with its controls shown escaped, so it cannot
                // rewrite its own row or another (`--json` gives it exactly).
                for client in clients {
                    print("\(client.allowed ? "allowed" : "denied ")  \(formatter.string(from: client.decided))  \(TerminalText.singleLine(client.program))")
                }
            }
            return .success
        } catch {
            exit(with: CLIError("Cannot read \(registry.path): \(error.localizedDescription)"))
        }
    }

    /// `sesame`, installed beside this program; started as the agent when an unlock needs one.
    static func siblingSesame() -> String {
        guard let resolved = realpath("/proc/self/exe", nil) else { return "/usr/local/bin/sesame" }
        defer { free(resolved) }
        return (String(cString: resolved) as NSString).deletingLastPathComponent + "/sesame"
    }
}
