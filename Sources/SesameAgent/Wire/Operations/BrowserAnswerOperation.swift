import Foundation
import SesameAutoFill
import SesameCrypto

/// `browserAnswer` (from `sesame browser allow|deny`): allows a waiting association request under a name (stored
/// in the vault), or denies it; the `browserAssociate` waiting on another connection then answers its browser.
enum BrowserAnswerOperation: ConnectionOperation {
    static let name = "browserAnswer"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        /// The pending request's code, whether the user allows it, and the association's name (when allowed).
        var code: String
        var allow: Bool
        var name: String?

        enum CodingKeys: String, CodingKey {
            case code = "code", allow = "allow", name = "name"
        }
    }

    /// The association made; absent when the request was denied.
    struct Reply: Codable, Sendable, Equatable {
        var association: BrowserAssociationsOperation.Association?

        enum CodingKeys: String, CodingKey {
            case association = "association"
        }
    }

    static func perform(_ request: Request, vault: String?, on connection: ServerConnection, secrets: [SecureBytes])
        throws(ServiceFailure) -> Reply
    {
        let core = connection.server.core
        let pairing = core.browserPairing
        let code = request.code.uppercased()
        let key = try pairing.key(for: code)
        guard request.allow else {
            pairing.answer(code, .denied)
            return Reply()
        }
        guard let name = request.name else { throw ServiceFailure(.protocolError, "A '\(Self.name)' message needs 'name'.") }
        let path = vault ?? ""
        let association = try core.serve(vault: path, policy: policy) { service throws(ServiceFailure) in
            try service.associateBrowser(name: name, key: key)
        }
        guard pairing.answer(code, .allowed(association)) else {
            // The request expired between the lookup and now: keep nothing it did not receive.
            _ = try? core.serve(vault: path, policy: policy) { service throws(ServiceFailure) in
                try service.revokeBrowserAssociation(name: name)
            }
            throw ServiceFailure(.notFound, "The association request expired meanwhile.")
        }
        return Reply(association: BrowserAssociationsOperation.Association(association))
    }
}
