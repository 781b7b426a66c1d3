import Foundation
import SesameAgentLink
import SesameAutoFill
import SesameCrypto
import SesameStore

/// `resolve`: the item a reference names (id, id prefix, title or title prefix) among the states asked for,
/// without its secrets.
enum ResolveOperation: AgentOperation {
    static let name = "resolve"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var reference: String
        /// `active`, `trashed`.
        var states: [String]

        enum CodingKeys: String, CodingKey {
            case reference = "reference", states = "states"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireItemViewReply
    {
        var wanted: Set<ItemState> = []
        for name in request.states { wanted.insert(try WireItemState.parse(name)) }
        return WireItemViewReply(view: WireItemView(try vault.resolve(request.reference, in: wanted)))
    }
}

extension ResolveOperation.Request: FastReadableRequest {
    init?(fastFields fields: [String: AgentJSON]) {
        guard let reference = fields["reference"]?.string, case .array(let names)? = fields["states"] else { return nil }
        let states = names.compactMap(\.string)
        guard states.count == names.count else { return nil }
        self.reference = reference
        self.states = states
    }
}
