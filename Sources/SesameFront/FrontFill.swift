import SesameAgentLink
import SesameTerminalText

/// `sesame fill URL [--json] [-u NAME] [--vault PATH] [--password-stdin]` served by the front itself when the agent
/// holds the vault unlocked: the command a browser or a script starts for every form. It sends what the full
/// command sends (a `fill` of one URL or domain) and prints what it prints; every other case — another spelling,
/// several identifiers, `--otp`, help, no agent, a locked vault, an error — is left to the full CLI, which
/// explains it. A `fill` the agent refused changed nothing, so the full CLI may ask again.
struct FrontFill {
    var identifier: String
    var username: String?
    var vault: String?
    var json = false

    /// The command line understood, or nil when the full CLI should handle it.
    init?(_ arguments: [String]) {
        guard arguments.first == "fill" else { return nil }
        var identifier: String?
        var passwordStdin = false
        var index = 1
        // The value after an option: present, not an option itself, not empty.
        func value(after position: Int) -> String? {
            guard position + 1 < arguments.count else { return nil }
            let word = arguments[position + 1]
            return word.isEmpty || word.hasPrefix("-") ? nil : word
        }
        while index < arguments.count {
            let word = arguments[index]
            switch word {
            case "--json":
                guard !json else { return nil }
                json = true
            case "--password-stdin":
                // Only read when the vault is unlocked here, which the front never does.
                guard !passwordStdin else { return nil }
                passwordStdin = true
            case "--vault", "--username", "-u":
                guard let given = value(after: index) else { return nil }
                if word == "--vault" {
                    guard vault == nil else { return nil }
                    vault = given
                } else {
                    guard username == nil else { return nil }
                    username = given
                }
                index += 1
            default:
                if word.hasPrefix("--vault="), word.count > 8, vault == nil {
                    vault = String(word.dropFirst(8))
                } else if word.hasPrefix("--username="), word.count > 11, username == nil {
                    username = String(word.dropFirst(11))
                } else if !word.isEmpty, !word.hasPrefix("-"), identifier == nil {
                    identifier = word
                } else {
                    return nil
                }
            }
            index += 1
        }
        guard let identifier else { return nil }
        self.identifier = identifier
    }

    /// The request's own fields: the identifier as `ServiceIdentifier(parsing:)` reads it.
    var fields: [String: AgentJSON] {
        var fields: [String: AgentJSON] = [
            "identifiers": .array([.object([
                "identifier": .string(identifier), "kind": .string(identifier.contains("://") ? "url" : "domain"),
            ])]),
        ]
        if let username { fields["username"] = .string(username) }
        return fields
    }

    /// Asks the agent; returns what to print, or nil to hand over to the full CLI.
    func run(environment: [String: String]) -> [UInt8]? {
        guard let (_, reply) = FrontAgent.open(vault: vault, environment: environment, "fill", fields),
            let credential = reply["credential"], let id = credential["id"]?.string,
            let username = credential["username"]?.string, let password = credential["password"]?.string
        else { return nil }
        if json {
            return FrontOutput.json(.object([
                "id": .string(id.lowercased()), "password": .string(password), "username": .string(username),
            ]))
        }
        // As the full CLI prints it: escaped for the terminal (its `print`).
        return FrontOutput.line("Username: \(username)\nPassword: \(password)")
    }
}
