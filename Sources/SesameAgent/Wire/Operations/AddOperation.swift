import Foundation
import SesameAutoFill
import SesameCrypto

/// `add`: stores a new item; answers it without its secrets.
enum AddOperation: AgentOperation {
    static let name = "add"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var item: WireItem

        enum CodingKeys: String, CodingKey {
            case item = "item"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireItemViewReply
    {
        WireItemViewReply(view: WireItemView(try vault.add(request.item.item)))
    }
}
