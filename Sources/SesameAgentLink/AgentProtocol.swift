/// Constants of the wire protocol between `sesame` clients and the agent (docs/agent-protocol.md).
public enum AgentProtocol {
    /// The protocol version this build speaks; a hello exchange agrees on it before anything else. Version 1
    /// (Sesame 0.1) sent the core's `VaultRequest` enum in Swift's synthesized form; version 2 has its own,
    /// explicit schema (`WireRequest`, `WireReply`) and a policy per operation.
    public static let version = 2
    /// Every version this build can speak, oldest first.
    public static let supportedVersions = [2]
    /// The largest frame the agent reads from a client: 16 MiB. Larger frames close the connection.
    public static let maximumRequestFrame = 16 * 1024 * 1024
    /// The largest frame a client reads from the agent: 256 MiB (a list of a very large vault). The agent is
    /// trusted more than a client: it runs as the same user and was checked with `SO_PEERCRED`.
    public static let maximumReplyFrame = 256 * 1024 * 1024
    /// The largest secret frame (the master password after an unlock message): 64 KiB.
    public static let maximumSecretFrame = 64 * 1024
}
