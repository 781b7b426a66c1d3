import Foundation
import SesameAgentLink
import SesameAutoFill
import SesameCrypto

/// `fill`: the best credential for a login form (and the user name wanted), recording its use.
enum FillOperation: AgentOperation {
    static let name = "fill"
    static let policy = OperationPolicy.oneItem

    struct Request: Codable, Sendable, Equatable {
        /// The form's service identifiers, most specific first.
        var identifiers: [WireServiceIdentifier]
        var username: String?

        enum CodingKeys: String, CodingKey {
            case identifiers = "identifiers", username = "username"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var credential: WireCredential

        enum CodingKeys: String, CodingKey {
            case credential = "credential"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let identifiers = try WireServiceIdentifier.identifiers(request.identifiers)
        return Reply(credential: WireCredential(try vault.fill(identifiers, username: request.username)))
    }
}

extension FillOperation.Request: FastReadableRequest {
    init?(fastFields fields: [String: AgentJSON]) {
        guard let identifiers = WireServiceIdentifier.fast(fields["identifiers"]) else { return nil }
        self.identifiers = identifiers
        switch fields["username"] {
        case nil, .null?: username = nil
        case .string(let text)?: username = text
        default: return nil
        }
    }
}
