/// The message types still served through the shared `WireRequest`/`WireReply`, by their name on the wire
/// (`"type"`); their policy is in ``OperationPolicy/of(_:)``. The operations with a type of their own are in
/// ``AgentOperations``, where these move one by one (issue 23). docs/agent-protocol.md §4 shows every one.
enum WireOperation: String, CaseIterable, Sendable {
    // The agent itself.
    case hello, attach, unlock, lock, status, stop
    // BrowserAccess, and the association requests the agent holds until the user answers them.
    case browserAssociate, browserPending, browserAnswer
    /// Sync: a round now, and the status with the agent's automatic sync.
    case sync, syncStatus
}
