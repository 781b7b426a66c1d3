import Foundation
import FuzzSupport
import SesameAutoFill
@testable import SesameGit
import SesameGitProtocol

/// Any bytes as git's credential attributes on the helper's stdin: read, translated into what the helper would
/// store, and that credential written back as the helper's answer to the same request.
@main
enum FuzzGitCredential {
    static func main() {
        let helper = GitCredentialHelper(now: { Date(timeIntervalSince1970: 1_800_000_000) })
        LibFuzzer.run { bytes in
            let message = GitCredentialMessage(parsing: Array(bytes))
            guard let stored = helper.credential(from: message) else { return }
            let match = SiteCredentialMatch(
                credential: Credential(id: UUID(), username: stored.username, password: stored.password, expires: stored.expires),
                oauthRefreshToken: stored.oauthRefreshToken, authScheme: stored.authScheme,
                authCredential: stored.authCredential)
            _ = helper.reply(to: message, from: [match])
        }
    }
}
