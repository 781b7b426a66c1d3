import Foundation
import Glibc
import SesameTerminal

/// `sesame secret-service [--replace] [--confirm]` and `sesame secret-service clients [--json] [--revoke P]`: runs
/// `sesame-secret-service`, installed beside `sesame`. The service is a separate, dynamically linked program
/// because it uses sd-bus from libsystemd, which has no static archive, and the release `sesame` is fully static.
enum SecretServiceCommand: Command {
    static let spec = CommandSpec(
        name: "secret-service",
        abstract: "Serve the freedesktop Secret Service (org.freedesktop.secrets) from the vault.",
        discussion: "libsecret and Secret Service programs (secret-tool, python keyring, GNOME apps, Chromium, VS Code, gh) then find their passwords in Sesame. Secrets come from the agent; a client's Unlock asks for the master password through pinentry. 'clients' lists the programs --confirm asked about. See docs/secret-service.md.",
        declaring: Arguments.self)

    struct Arguments: CommandArguments {
        let clients: String?
        let replace: Bool
        let confirm: Bool
        let revoke: String?
        let usage: CommandUsage

        init(_ decoder: inout ArgumentDecoder) {
            clients = decoder.argument(ArgumentSpec("clients", help: "List (or with --revoke, forget) the programs --confirm asked about.", isOptional: true))
            replace = decoder.flag(.flag("replace", help: "Take the name from the provider that owns it now (if it lets go)."))
            confirm = decoder.flag(.flag("confirm", help: "Ask once per client program (through pinentry) before it may read secrets."))
            revoke = decoder.value(.value("revoke", valueName: "program", help: "With 'clients': forget this program's answer, so it is asked again."))
            decoder.shared(CommonOptions.json, CommonOptions.vault)
            usage = decoder.usage
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        var forwarded: [String]
        switch arguments.clients {
        case "clients"?:
            forwarded = ["clients"]
            if context.wantsJSON { forwarded.append("--json") }
            if let program = arguments.revoke { forwarded += ["--revoke", program] }
        case nil:
            guard arguments.revoke == nil, !context.wantsJSON else {
                throw arguments.usage.error("--revoke and --json go with 'clients'.")
            }
            forwarded = ["--vault", context.vaultPath]
            if arguments.replace { forwarded.append("--replace") }
            if arguments.confirm { forwarded.append("--confirm") }
        case let other?:
            throw arguments.usage.error("Unknown action '\(other)'; the only one is 'clients'.")
        }
        let program = executable()
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw CLIError("sesame-secret-service is not installed beside sesame (\(program)).")
        }
        let argv = ([program] + forwarded).map { strdup($0) } + [nil]
        execv(program, argv)
        throw CLIError("Cannot run \(program): \(String(cString: strerror(errno))).")
    }

    /// `sesame-secret-service` beside this `sesame`.
    static func executable() -> String {
        guard let resolved = realpath("/proc/self/exe", nil) else { return "/usr/local/bin/sesame-secret-service" }
        defer { free(resolved) }
        return (String(cString: resolved) as NSString).deletingLastPathComponent + "/sesame-secret-service"
    }
}
