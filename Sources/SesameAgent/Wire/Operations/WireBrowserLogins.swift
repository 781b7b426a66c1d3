import Foundation
import SesameAutoFill
import SesameBrowserAccess

/// The answer to a page's `get-logins` on the wire: which association asked, and the page's best logins, secrets
/// included.
struct WireBrowserLogins: Codable, Sendable, Equatable, CarriesSecrets {
    struct Login: Codable, Sendable, Equatable {
        var id: UUID
        var title: String
        var username: String
        var password: String
        var expired: Bool
        /// The current one-time code, when the item has a readable one.
        var oneTimeCode: String?

        enum CodingKeys: String, CodingKey {
            case id = "id", title = "title", username = "username", password = "password", expired = "expired"
            case oneTimeCode = "oneTimeCode"
        }
    }

    var association: String
    var logins: [Login]

    enum CodingKeys: String, CodingKey {
        case association = "association", logins = "logins"
    }

    init(_ logins: BrowserLogins) {
        association = logins.association
        self.logins = logins.logins.map {
            Login(id: $0.id, title: $0.title, username: $0.username, password: $0.password, expired: $0.expired,
                  oneTimeCode: $0.oneTimeCode)
        }
    }

    var browserLogins: BrowserLogins {
        BrowserLogins(association: association, logins: logins.map {
            BrowserLogin(id: $0.id, title: $0.title, username: $0.username, password: $0.password, expired: $0.expired,
                         oneTimeCode: $0.oneTimeCode)
        })
    }
}

extension WireBrowserLogins: CustomStringConvertible, CustomReflectable {
    var description: String { "WireBrowserLogins(\(logins.count) logins, redacted)" }
    var customMirror: Mirror { Mirror(self, children: ["association": association], displayStyle: .struct) }
}
