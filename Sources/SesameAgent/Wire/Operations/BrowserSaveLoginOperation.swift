import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto

/// `browserSaveLogin`: what a page submitted, saved as a new login or as the new password of the login the
/// extension names; answers the item without its secrets.
enum BrowserSaveLoginOperation: AgentOperation {
    static let name = "browserSaveLogin"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var browserLogin: Login

        enum CodingKeys: String, CodingKey {
            case browserLogin = "browserLogin"
        }
    }

    /// What the browser saw submitted, for a page, by an association; `itemID` absent adds a new login.
    struct Login: Codable, Sendable, Equatable, CarriesSecrets {
        var url: String
        var submitURL: String?
        var username: String
        var password: String
        var itemID: UUID?
        var key: WireBrowserKey

        enum CodingKeys: String, CodingKey {
            case url = "url", submitURL = "submitURL", username = "username", password = "password"
            case itemID = "itemID", key = "key"
        }

        init(_ login: BrowserLoginSave) {
            url = login.url
            submitURL = login.submitURL
            username = login.username
            password = login.password
            itemID = login.itemID
            key = WireBrowserKey(login.key)
        }

        var login: BrowserLoginSave {
            BrowserLoginSave(url: url, submitURL: submitURL, username: username, password: password, itemID: itemID,
                             key: key.browserKey)
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireItemViewReply
    {
        WireItemViewReply(view: WireItemView(try browsers(vault).saveBrowserLogin(request.browserLogin.login)))
    }
}

extension BrowserSaveLoginOperation.Login: CustomStringConvertible, CustomReflectable {
    var description: String { "BrowserSaveLoginOperation.Login(redacted)" }
    var customMirror: Mirror { Mirror(self, children: ["url": url], displayStyle: .struct) }
}
