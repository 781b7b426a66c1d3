import Foundation
import SesameAutoFill
import SesameBrowserAccess

/// A message from the extension: the outer envelope (`action`, `message`, `nonce`, `clientID`, and for
/// `change-public-keys` the `publicKey`) and, decrypted, the inner request, which use the same field names.
/// Every field is optional and read leniently: the extension sends flags as `"true"` strings, and a field of an
/// unexpected type counts as absent rather than failing the whole message.
struct BrowserMessage: Decodable, Sendable {
    var action: String?
    var message: String?
    var nonce: String?
    var clientID: String?
    var publicKey: String?
    var requestID: String?
    var url: String?
    var submitUrl: String?
    var id: String?
    var key: String?
    var idKey: String?
    var login: String?
    var password: String?
    var uuid: String?
    var keys: [BrowserKey]?
    var search: String?
    /// `passkeys-register` / `passkeys-get`: the page's origin and its WebAuthn options (the inner request's
    /// `publicKey` is an object; the envelope's, in `change-public-keys`, a string).
    var origin: String?
    var passkeyOptions: BrowserPasskeyOptions?

    enum CodingKeys: String, CodingKey {
        case action = "action", message = "message", nonce = "nonce", clientID = "clientID"
        case publicKey = "publicKey", requestID = "requestID", url = "url", submitUrl = "submitUrl", id = "id"
        case key = "key", idKey = "idKey", login = "login", password = "password", uuid = "uuid", keys = "keys", search = "search"
        case origin = "origin"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { try? container.decodeIfPresent(String.self, forKey: key) }
        action = text(.action)
        message = text(.message)
        nonce = text(.nonce)
        clientID = text(.clientID)
        publicKey = text(.publicKey)
        requestID = text(.requestID)
        url = text(.url)
        submitUrl = text(.submitUrl)
        id = text(.id)
        key = text(.key)
        idKey = text(.idKey)
        login = text(.login)
        password = text(.password)
        uuid = text(.uuid)
        keys = try? container.decodeIfPresent([BrowserKey].self, forKey: .keys)
        search = text(.search)
        origin = text(.origin)
        passkeyOptions = try? container.decodeIfPresent(BrowserPasskeyOptions.self, forKey: .publicKey)
    }

    enum ParseFailure: Error, Equatable {
        /// Not a JSON object.
        case notJSON
        /// Over a limit of ``BrowserJSONBudget``, found before parsing.
        case overBudget(BrowserJSONBudget.Violation)
    }

    /// Parses one JSON object, after checking its nesting and size against ``BrowserJSONBudget``.
    static func parse(_ bytes: [UInt8]) throws(ParseFailure) -> BrowserMessage {
        do {
            try BrowserJSONBudget.check(bytes)
        } catch {
            throw .overBudget(error)
        }
        guard let message = try? JSONDecoder().decode(BrowserMessage.self, from: Data(bytes)) else { throw .notJSON }
        return message
    }
}
