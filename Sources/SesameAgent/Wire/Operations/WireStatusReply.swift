import Foundation

/// The reply of the operations on the agent itself (`attach`, `unlock`, `lock`, `status`, `stop`): the agent's
/// state after the request, in a `status` frame.
struct WireStatusReply: Codable, Sendable, Equatable {
    var status: WireAgentStatus

    enum CodingKeys: String, CodingKey {
        case status = "status"
    }

    init(_ status: AgentStatus) {
        self.status = WireAgentStatus(status)
    }
}
