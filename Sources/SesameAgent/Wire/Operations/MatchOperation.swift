import Foundation
import SesameAgentLink
import SesameAutoFill
import SesameCrypto

/// `match`: every login for a form, best first, never a password. With `rowsPerFrame` the reply goes out in
/// frames of at most that many rows, each but the last with `more`, so neither end codes the whole list at once;
/// an agent that does not know the field answers in one frame, which such a client reads too.
enum MatchOperation: AgentOperation {
    static let name = "match"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var identifiers: [WireServiceIdentifier]
        var rowsPerFrame: Int?

        enum CodingKeys: String, CodingKey {
            case identifiers = "identifiers", rowsPerFrame = "rowsPerFrame"
        }
    }

    struct Reply: Codable, Sendable, Equatable {
        var matches: [WireCredentialMatch]
        /// Another frame of the same reply follows.
        var more: Bool?

        enum CodingKeys: String, CodingKey {
            case matches = "matches", more = "more"
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let identifiers = try WireServiceIdentifier.identifiers(request.identifiers)
        return Reply(matches: try vault.match(identifiers).map(WireCredentialMatch.init))
    }

    static func frames(of reply: Reply, for request: Request) -> [Reply] {
        guard let size = request.rowsPerFrame, size > 0, reply.matches.count > size else { return [reply] }
        return stride(from: 0, to: reply.matches.count, by: size).map { start in
            let end = min(reply.matches.count, start + size)
            return Reply(matches: Array(reply.matches[start..<end]), more: end < reply.matches.count ? true : nil)
        }
    }
}

extension MatchOperation.Request: FastReadableRequest {
    init?(fastFields fields: [String: AgentJSON]) {
        guard let identifiers = WireServiceIdentifier.fast(fields["identifiers"]) else { return nil }
        self.identifiers = identifiers
        switch fields["rowsPerFrame"] {
        case nil, .null?: rowsPerFrame = nil
        case let value?:
            guard let rows = value.int else { return nil }
            rowsPerFrame = rows
        }
    }
}
