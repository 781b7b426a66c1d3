import Foundation

/// What the agent reports about itself, as a `status` frame carries it. The wire's own names, so the public
/// `AgentStatus` can change without changing protocol v2.
struct WireAgentStatus: Codable, Sendable, Equatable {
    var pid: Int32
    var vault: String?
    var unlocked: Bool
    var idleTimeout: Double
    var timeLeft: Double?

    enum CodingKeys: String, CodingKey {
        case pid = "pid", vault = "vault", unlocked = "unlocked", idleTimeout = "idleTimeout", timeLeft = "timeLeft"
    }

    init(_ status: AgentStatus) {
        pid = status.pid
        vault = status.vault
        unlocked = status.isUnlocked
        idleTimeout = status.idleTimeout
        timeLeft = status.timeLeft
    }

    var agentStatus: AgentStatus {
        AgentStatus(pid: pid, vault: vault, isUnlocked: unlocked, idleTimeout: idleTimeout, timeLeft: timeLeft)
    }
}
