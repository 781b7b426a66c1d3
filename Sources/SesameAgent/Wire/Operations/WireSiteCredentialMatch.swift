import Foundation
import SesameAutoFill

/// What a site-credential lookup hands back, on the wire: the credential and what a program may need beside the
/// password (git's refresh token and pre-encoded authorization).
struct WireSiteCredentialMatch: Codable, Sendable, Equatable, CarriesSecrets {
    var credential: WireCredential
    var oauthRefreshToken: String?
    var authScheme: String?
    var authCredential: String?

    enum CodingKeys: String, CodingKey {
        case credential = "credential", oauthRefreshToken = "oauthRefreshToken", authScheme = "authScheme"
        case authCredential = "authCredential"
    }

    init(_ match: SiteCredentialMatch) {
        credential = WireCredential(match.credential)
        oauthRefreshToken = match.oauthRefreshToken
        authScheme = match.authScheme
        authCredential = match.authCredential
    }

    var match: SiteCredentialMatch {
        SiteCredentialMatch(credential: credential.credential, oauthRefreshToken: oauthRefreshToken, authScheme: authScheme,
                            authCredential: authCredential)
    }
}
