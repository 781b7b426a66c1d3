import SesameAgentLink
import SesameCommandContract

/// The agent as the front's commands reach it: only when it holds the command's vault unlocked, and only for a
/// `result` (an `error` goes to the full CLI, which reports it in its own words).
enum FrontAgent {
    /// Sends the first request of a command; nil when the full CLI should run it.
    static func open(
        vault explicit: String?, environment: [String: String], _ operation: FrontRequest.Operation, _ fields: [String: AgentJSON]
    )
        -> (conversation: AgentConversation, reply: AgentJSON)?
    {
        if let off = environment["SESAME_NO_AGENT"], !off.isEmpty, off != "0" { return nil }
        let vaultPath = AgentVaultPath.canonical(VaultLocation.path(explicit: explicit, environment: environment))
        let exchange = AgentExchange(
            location: AgentSocketLocation.resolve(environment: environment), clientName: "sesame \(SesameRelease.version)")
        guard let opened = exchange.open(operation.rawValue, fields, vault: vaultPath), opened.reply[FrontReply.type]?.string == FrontReply.result
        else {
            return nil
        }
        return opened
    }

    /// A further request on the same connection; nil unless it is a `result`.
    static func send(_ conversation: AgentConversation, _ operation: FrontRequest.Operation, _ fields: [String: AgentJSON])
        -> AgentJSON?
    {
        guard let reply = conversation.send(operation.rawValue, fields), reply[FrontReply.type]?.string == FrontReply.result else {
            return nil
        }
        return reply
    }
}
