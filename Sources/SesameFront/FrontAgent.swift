import SesameAgentLink

/// The agent as the front's commands reach it: only when it holds the command's vault unlocked, and only for a
/// `result` (an `error` goes to the full CLI, which reports it in its own words).
enum FrontAgent {
    /// Sends the first request of a command; nil when the full CLI should run it.
    static func open(vault explicit: String?, environment: [String: String], _ type: String, _ fields: [String: AgentJSON])
        -> (conversation: AgentConversation, reply: AgentJSON)?
    {
        if let off = environment["SESAME_NO_AGENT"], !off.isEmpty, off != "0" { return nil }
        let vaultPath = AgentVaultPath.canonical(VaultLocation.path(explicit: explicit, environment: environment))
        let exchange = AgentExchange(
            location: AgentSocketLocation.resolve(environment: environment), clientName: "sesame \(SesameRelease.version)")
        guard let opened = exchange.open(type, fields, vault: vaultPath), opened.reply["type"]?.string == "result" else {
            return nil
        }
        return opened
    }

    /// A further request on the same connection; nil unless it is a `result`.
    static func send(_ conversation: AgentConversation, _ type: String, _ fields: [String: AgentJSON]) -> AgentJSON? {
        guard let reply = conversation.send(type, fields), reply["type"]?.string == "result" else { return nil }
        return reply
    }
}
