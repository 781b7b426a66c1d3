import Foundation

/// What the agent reports about itself: `sesame status`.
public struct AgentStatus: Codable, Sendable, Equatable {
    /// The agent's process id.
    public var pid: Int32
    /// The vault the agent holds unlocked, or held last; nil before the first unlock.
    public var vault: String?
    /// Whether the agent holds `vault` unlocked right now.
    public var isUnlocked: Bool
    /// Seconds without a request after which the agent locks itself.
    public var idleTimeout: TimeInterval
    /// Seconds left before the idle timeout locks the vault; nil when locked.
    public var timeLeft: TimeInterval?

    public init(pid: Int32, vault: String?, isUnlocked: Bool, idleTimeout: TimeInterval, timeLeft: TimeInterval?) {
        self.pid = pid
        self.vault = vault
        self.isUnlocked = isUnlocked
        self.idleTimeout = idleTimeout
        self.timeLeft = timeLeft
    }

    enum CodingKeys: String, CodingKey {
        case pid, vault, isUnlocked = "unlocked", idleTimeout, timeLeft
    }
}
