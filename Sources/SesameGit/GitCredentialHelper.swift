import Foundation
import SesameAutoFill
import SesameGitProtocol

/// git's credential helper protocol over Sesame's core: translates `get`, `store` and `erase` into site-credential
/// requests. Holds no matching logic of its own (that is `SiteCredentials` in the core).
///
/// See gitcredentials(7) and git-credential(1): `get` prints only what it adds, or nothing; `store` keeps what git
/// approved; `erase` moves what a server rejected to the trash; unknown actions and attributes are ignored.
public struct GitCredentialHelper {
    /// The capabilities this helper understands (`git credential capability`).
    public static let capabilities = [GitCredentialAttribute.authtype.rawValue]

    public enum Action: Equatable {
        case get, store, erase, capability, unknown(String)

        public init(_ word: String) {
            switch word {
            case "get": self = .get
            case "store": self = .store
            case "erase": self = .erase
            case "capability": self = .capability
            default: self = .unknown(word)
            }
        }

        /// Whether the action needs the vault (and so possibly an unlock).
        public var needsVault: Bool {
            switch self {
            case .get, .store, .erase: true
            case .capability, .unknown: false
            }
        }
    }

    private let now: () -> Date

    public init(now: @escaping () -> Date = Date.init) {
        self.now = now
    }

    /// Whether a request can be acted on at all, before asking for the vault: a `store` of an ephemeral or
    /// expired credential, or a request without a plain protocol and a plain host (`[IPv6]` allowed, with an
    /// optional port), needs nothing. A host such as `evil.example@a.example` gets no answer, so git carries on.
    public func isActionable(_ action: Action, _ message: GitCredentialMessage) -> Bool {
        guard action.needsVault, let scheme = message[.`protocol`], let host = message[.host],
            SiteCredentials.isValid(SiteCredentialQuery(scheme: scheme, host: host))
        else { return false }
        switch action {
        case .store:
            return !isTrue(message[.ephemeral]) && credential(from: message) != nil
        case .erase:
            return !isTrue(message[.ephemeral])
        default:
            return true
        }
    }

    /// Runs one action against `service`. Returns what goes to stdout (only protocol lines).
    public func run(_ action: Action, _ message: GitCredentialMessage, service: any SiteCredentialService) throws(ServiceFailure)
        -> [UInt8]
    {
        switch action {
        case .capability:
            return capabilityReply()
        case .unknown:
            return []
        case .get:
            guard isActionable(.get, message), let query = query(from: message, includePassword: false) else { return [] }
            return reply(to: message, from: try service.lookupSiteCredential(query).map { [$0] } ?? []).bytes
        case .store:
            guard isActionable(.store, message), let credential = credential(from: message) else { return [] }
            try service.saveSiteCredential(credential)
            return []
        case .erase:
            guard isActionable(.erase, message), let query = query(from: message, includePassword: true) else { return [] }
            try service.rejectSiteCredentials(query)
            return []
        }
    }

    public func capabilityReply() -> [UInt8] {
        Array((["version 0"] + Self.capabilities.map { "capability \($0)" }).map { $0 + "\n" }.joined().utf8)
    }

    // MARK: - Translation

    func query(from message: GitCredentialMessage, includePassword: Bool) -> SiteCredentialQuery? {
        guard let scheme = message[.`protocol`], let host = message[.host] else { return nil }
        return SiteCredentialQuery(
            scheme: scheme, host: host, path: message[.path].flatMap { $0.isEmpty ? nil : $0 },
            username: message[.username], password: includePassword ? message[.password] : nil)
    }

    func credential(from message: GitCredentialMessage) -> SiteCredential? {
        guard let scheme = message[.`protocol`], let host = message[.host] else { return nil }
        var expires: Date?
        if let text = message[.passwordExpiryUTC], let seconds = Int64(text) {
            expires = Date(timeIntervalSince1970: TimeInterval(seconds))
            if let expires, expires <= now() { return nil }  // git skips these too; storing one would be useless
        }
        let path = message[.path].flatMap { $0.isEmpty ? nil : $0 }
        let announcesAuthType = message.list(.capability).contains(GitCredentialAttribute.authtype.rawValue)
        if announcesAuthType, let authType = message[.authtype], let credential = message[.credential], !credential.isEmpty {
            return SiteCredential(
                scheme: scheme, host: host, path: path, username: message[.username] ?? "",
                password: message[.password] ?? "", expires: expires, authScheme: authType, authCredential: credential)
        }
        // An empty user name and password are a credential too (t0303 "helper can store empty username": some
        // single-sign-on servers take them); git only approves what it has both of.
        guard let username = message[.username], let password = message[.password] else { return nil }
        return SiteCredential(
            scheme: scheme, host: host, path: path, username: username, password: password, expires: expires,
            oauthRefreshToken: message[.oauthRefreshToken].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The answer to `get`: the best match that can be written safely, in the forms the request allows.
    func reply(to message: GitCredentialMessage, from matches: [SiteCredentialMatch]) -> GitCredentialReply {
        let announcesAuthType = message.list(.capability).contains(GitCredentialAttribute.authtype.rawValue)
        for match in matches {
            var reply = GitCredentialReply()
            if announcesAuthType, let scheme = match.authScheme, let credential = match.authCredential {
                if reply.add(element: GitCredentialAttribute.authtype.rawValue, of: .capability), reply.add(.authtype, scheme),
                    reply.add(.credential, credential) {
                    return reply
                }
                continue
            }
            // A token-only item offers no user name and password to a client without the capability: its empty
            // password would be sent and fail instead of git asking elsewhere. An empty password stored as one is
            // served as such.
            guard match.authScheme == nil || match.authCredential == nil,
                reply.add(.username, match.credential.username), reply.add(.password, match.credential.password)
            else { continue }
            // A time past what Int64 holds (git accepts any 64-bit value) is left out rather than trapped on.
            let expiry = match.credential.expires.map { $0.timeIntervalSince1970.rounded(.towardZero) }
            if let seconds = expiry.flatMap({ Int64(exactly: $0) }) {
                reply.add(.passwordExpiryUTC, String(seconds))
            }
            if let token = match.oauthRefreshToken { reply.add(.oauthRefreshToken, token) }
            return reply
        }
        return GitCredentialReply()
    }

    private func isTrue(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return ["1", "true", "yes", "on"].contains(value)
    }
}
