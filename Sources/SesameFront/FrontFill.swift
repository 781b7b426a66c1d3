import SesameAgentLink
import SesameCommandContract
import SesameTerminalText

/// `sesame fill URL [--json] [-u NAME] [--vault PATH] [--password-stdin]` served by the front itself when the agent
/// holds the vault unlocked: the command a browser or a script starts for every form. It sends what the full
/// command sends (a `fill` of one URL or domain) and prints what it prints; every other case — another spelling,
/// several identifiers, `--otp`, help, no agent, a locked vault, an error — is left to the full CLI, which
/// explains it. A `fill` the agent refused changed nothing, so the full CLI may ask again.
struct FrontFill: Equatable {
    var identifier: String
    var username: String?
    var vault: String?
    var json = false

    /// The command line understood, or nil when the full CLI should handle it.
    init?(_ arguments: [String]) {
        guard arguments.first == FrontServedCommand.fill.rawValue,
            let words = FrontArguments(
                arguments.dropFirst(), options: [FrontServedOption.fillUsername] + FrontArguments.common, positionals: 1...1)
        else { return nil }
        // `--password-stdin` is accepted and not read: it is only read when the vault is unlocked here, which the
        // front never does.
        identifier = words.positionals[0]
        username = words.value(.fillUsername)
        vault = words.value(.vault)
        json = words.has(.json)
    }

    /// The request's own fields: the identifier as `ServiceIdentifier(parsing:)` reads it.
    var fields: [String: AgentJSON] {
        var fields: [FrontRequest.Fill: AgentJSON] = [.identifiers: .array([FrontMatch.wireIdentifier(identifier)])]
        if let username { fields[.username] = .string(username) }
        return AgentJSON.members(fields)
    }

    /// Asks the agent; returns what to print, or nil to hand over to the full CLI.
    func run(environment: [String: String]) -> [UInt8]? {
        typealias Credential = FrontReply.Credential
        guard let (_, reply) = FrontAgent.open(vault: vault, environment: environment, .fill, fields),
            let credential = reply[FrontReply.Fill.credential], let id = credential[Credential.id]?.string,
            let username = credential[Credential.username]?.string, let password = credential[Credential.password]?.string
        else { return nil }
        if json {
            return FrontOutput.json(.object(named: [
                CommandJSON.Fill.id: .string(id.lowercased()), .password: .string(password), .username: .string(username),
            ]))
        }
        // As the full CLI prints it: escaped for the terminal (its `print`).
        return CommandOutput.fill(username: username, password: password).flatMap(FrontOutput.line)
    }
}
