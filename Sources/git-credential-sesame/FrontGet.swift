import SesameAgentLink
import SesameCommandContract
import SesameGitProtocol

/// `git-credential-sesame get` served by the front itself when the agent holds the vault unlocked: what git runs
/// for every fetch and push. It sends what the full helper sends (a `lookupSiteCredential` of the request's
/// protocol, host, path and user name) and prints a plain user name and password, or nothing when nothing matches.
/// Every other case — a token (`authtype`), an expiry or refresh token to pass on, a value that cannot be written,
/// no agent, a locked vault, an error — goes to the full helper, which handles it as before.
struct FrontGet {
    let message: GitCredentialMessage

    /// The request's own fields, as `GitCredentialHelper.query(from:includePassword: false)` makes them.
    var fields: [String: AgentJSON]? {
        guard let scheme = message[.protocol], let host = message[.host], message.list(.capability).isEmpty else {
            return nil
        }
        var query: [FrontRequest.SiteQuery: AgentJSON] = [.scheme: .string(scheme), .host: .string(host)]
        if let path = message[.path], !path.isEmpty { query[.path] = .string(path) }
        if let username = message[.username] { query[.username] = .string(username) }
        return AgentJSON.members([FrontRequest.LookupSiteCredential.query: .object(named: query)])
    }

    /// What to print (possibly nothing), or nil to hand over to the full helper.
    func run(environment: [String: String]) -> [UInt8]? {
        guard let fields else { return nil }
        let vaultPath = AgentVaultPath.canonical(VaultLocation.path(environment: environment))
        let exchange = AgentExchange(
            location: AgentSocketLocation.resolve(environment: environment), clientName: "git-credential-sesame")
        guard let reply = exchange.send(FrontRequest.Operation.lookupSiteCredential.rawValue, fields, vault: vaultPath),
            reply[FrontReply.type]?.string == FrontReply.result
        else { return nil }
        guard let match = reply[FrontReply.LookupSiteCredential.siteCredential] else { return [] }
        typealias Match = FrontReply.SiteCredentialMatch
        typealias Credential = FrontReply.Credential
        guard match[Match.authScheme] == nil, match[Match.authCredential] == nil, match[Match.oauthRefreshToken] == nil,
            let credential = match[Match.credential], credential[Credential.expires] == nil,
            let username = credential[Credential.username]?.string, let password = credential[Credential.password]?.string
        else { return nil }
        var answer = GitCredentialReply()
        guard answer.add(.username, username), answer.add(.password, password) else { return nil }
        return answer.bytes
    }
}
