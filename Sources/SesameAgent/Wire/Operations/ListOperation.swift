import Foundation
import SesameAgentLink
import SesameAutoFill
import SesameCrypto

/// `list`: the summaries of the items in one state, and the ids of those that could not be read.
enum ListOperation: AgentOperation {
    static let name = "list"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        /// `active` or `trashed`.
        var state: String?

        enum CodingKeys: String, CodingKey {
            case state = "state"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var summaries: [WireItemSummary]
        var damaged: [String]

        enum CodingKeys: String, CodingKey {
            case summaries = "summaries", damaged = "damaged"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let (items, damaged) = try vault.list(try WireItemState.parse(request.state))
        return Reply(summaries: items.map(WireItemSummary.init), damaged: damaged)
    }
}

extension ListOperation.Request: FastReadableRequest {
    init?(fastFields fields: [String: AgentJSON]) {
        switch fields["state"] {
        case nil, .null?: state = nil
        case .string(let text)?: state = text
        default: return nil
        }
    }
}
