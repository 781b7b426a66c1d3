import Foundation
import SesameAutoFill
import SesameCrypto

/// `saveSiteCredential`: keeps a credential a program approved (updates the item for the same site and user, or
/// adds one) and answers the item without its secrets.
enum SaveSiteCredentialOperation: AgentOperation {
    static let name = "saveSiteCredential"
    static let policy = OperationPolicy.plain

    struct Request: Codable, Sendable, Equatable {
        var siteCredential: Credential

        enum CodingKeys: String, CodingKey {
            case siteCredential = "siteCredential"
        }
    }

    /// What the program approved: the site, the user and password, and what else git keeps with them.
    struct Credential: Codable, Sendable, Equatable {
        var scheme: String
        var host: String
        var path: String?
        var username: String
        var password: String
        var expires: Date?
        var oauthRefreshToken: String?
        var authScheme: String?
        var authCredential: String?

        enum CodingKeys: String, CodingKey {
            case scheme = "scheme", host = "host", path = "path", username = "username", password = "password"
            case expires = "expires", oauthRefreshToken = "oauthRefreshToken", authScheme = "authScheme"
            case authCredential = "authCredential"
        }

        init(_ credential: SiteCredential) {
            scheme = credential.scheme
            host = credential.host
            path = credential.path
            username = credential.username
            password = credential.password
            expires = credential.expires
            oauthRefreshToken = credential.oauthRefreshToken
            authScheme = credential.authScheme
            authCredential = credential.authCredential
        }

        var siteCredential: SiteCredential {
            SiteCredential(scheme: scheme, host: host, path: path, username: username, password: password,
                           expires: expires, oauthRefreshToken: oauthRefreshToken, authScheme: authScheme,
                           authCredential: authCredential)
        }
    }

    static func perform(_ request: Request, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireItemViewReply
    {
        WireItemViewReply(view: WireItemView(try vault.saveSiteCredential(request.siteCredential.siteCredential)))
    }
}
