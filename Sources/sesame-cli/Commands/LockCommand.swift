import SesameAgent
import SesameTerminal

/// `sesame lock`: the agent forgets the vault key now. Commands ask for the master password again.
enum LockCommand: Command {
    static let spec = CommandSpec(
        name: "lock",
        abstract: "Lock the vault in the agent now.",
        discussion: "The agent wipes the vault key from memory and keeps running. Exits 0 also when no agent runs: there is nothing to lock.",
        declaring: Arguments.self,
        familiarNames: ["logout", "close", "signout"])

    struct Arguments: CommandArguments {
        init(_ decoder: inout ArgumentDecoder) {
            decoder.shared(CommonOptions.json)
        }
    }

    static func run(_ arguments: Arguments, context: CommandContext) throws {
        let location = context.agentLocation
        var status: AgentStatus?
        if let agent = try context.connectAgent() { status = try agent.lock() }
        if context.wantsJSON {
            try context.printJSON(AgentStatusJSON(status, location: location))
        } else if let status, let vault = status.vault {
            print("Locked \(vault).")
        } else if status != nil {
            print("The agent holds no vault; nothing to lock.")
        } else {
            print("No agent is running; nothing to lock.")
        }
    }
}
