import Foundation
import SesameDomains
import SesameStore

/// A credential as programs outside a browser name it: protocol, host (with port) and optionally a path and a
/// user name. git's credential helpers and the Secret Service speak in these terms; so does iOS 26's
/// save-password request.
public struct SiteCredentialQuery: Codable, Sendable, Equatable {
    /// `https`, `http`, `smtp`, …
    public var scheme: String
    /// Host with an optional port, as git sends it: `example.com:8443`, `[::1]:8080`.
    public var host: String
    /// nil: any path. Leading and trailing slashes do not matter (`org/repo.git` = `/org/repo.git`).
    public var path: String?
    /// nil: any user.
    public var username: String?
    /// For a rejection: only credentials with exactly this password (so a stale password sent by another helper
    /// cannot take down Sesame's good one).
    public var password: String?

    public init(scheme: String, host: String, path: String? = nil, username: String? = nil, password: String? = nil) {
        self.scheme = scheme
        self.host = host
        self.path = path
        self.username = username
        self.password = password
    }
}

extension SiteCredentialQuery: CustomStringConvertible {
    public var description: String { "SiteCredentialQuery(\(scheme)://\(host), redacted)" }
}

/// A credential a program approved and wants kept.
public struct SiteCredential: Codable, Sendable, Equatable {
    public var scheme: String
    public var host: String
    public var path: String?
    public var username: String
    public var password: String
    public var expires: Date?
    /// An OAuth refresh token, kept as a protected field of the item.
    public var oauthRefreshToken: String?
    /// A pre-encoded HTTP authorization (scheme such as `bearer`, and the credential), for services that take a
    /// token rather than a user name and password; kept as protected fields.
    public var authScheme: String?
    public var authCredential: String?

    public init(scheme: String, host: String, path: String? = nil, username: String, password: String,
                expires: Date? = nil, oauthRefreshToken: String? = nil, authScheme: String? = nil,
                authCredential: String? = nil) {
        self.authScheme = authScheme
        self.authCredential = authCredential
        self.scheme = scheme
        self.host = host
        self.path = path
        self.username = username
        self.password = password
        self.expires = expires
        self.oauthRefreshToken = oauthRefreshToken
    }

    public var query: SiteCredentialQuery {
        SiteCredentialQuery(scheme: scheme, host: host, path: path, username: username)
    }
}

extension SiteCredential: CustomStringConvertible {
    public var description: String { "SiteCredential(\(scheme)://\(host), redacted)" }
}

/// What a lookup hands back: the credential and what a program may need beside the password.
public struct SiteCredentialMatch: Codable, Sendable, Equatable {
    public var credential: Credential
    public var oauthRefreshToken: String?
    public var authScheme: String?
    public var authCredential: String?

    public init(credential: Credential, oauthRefreshToken: String? = nil, authScheme: String? = nil,
                authCredential: String? = nil) {
        self.credential = credential
        self.oauthRefreshToken = oauthRefreshToken
        self.authScheme = authScheme
        self.authCredential = authCredential
    }
}

/// The rules for site credentials, shared by every shell that speaks them.
///
/// Unlike the form matcher, which offers logins across a registrable domain, a program asking for a credential
/// gets only what was stored for the same scheme, host and port (a bare stored host means https): git's own
/// helpers behave so, and a token for `git.example.com` must not be sent to `www.example.com`. An attribute absent
/// from the query is a wildcard.
public enum SiteCredentials {
    public static let refreshTokenField = "oauth_refresh_token"
    public static let authSchemeField = "http_auth_scheme"
    public static let authCredentialField = "http_auth_credential"
    static let managedFields = [refreshTokenField, authSchemeField, authCredentialField]

    /// The protected fields that carry a credential's extras.
    static func fields(of credential: SiteCredential) -> [CustomField] {
        [(refreshTokenField, credential.oauthRefreshToken), (authSchemeField, credential.authScheme),
         (authCredentialField, credential.authCredential)]
            .compactMap { name, value in value.map { CustomField(name: name, value: $0, isProtected: true) } }
    }

    struct Target {
        let scheme: String
        let url: ServiceURL
        let path: String?
        /// - Throws: ``DomainError/invalidURL(_:)`` unless the scheme is a plain scheme and the host a plain host or
        ///   `[IPv6]` with an optional port: anything else could make one site's credential answer for another.
        init(_ query: SiteCredentialQuery) throws {
            url = try ServiceURL(scheme: query.scheme, authority: query.host)
            scheme = url.scheme ?? ""
            path = query.path.map(SiteCredentials.normalizedPath)
        }
    }

    /// Whether a query names a location these rules can serve (see ``Target``); shells check it to answer nothing,
    /// as their protocol expects, instead of an error.
    public static func isValid(_ query: SiteCredentialQuery) -> Bool {
        (try? Target(query)) != nil
    }

    static func normalizedPath(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// How one stored URL serves the target: nil when it does not; `true` when it names the same path, `false`
    /// when it is stored for the whole host (which serves every path, unless its match mode is `exact`).
    static func pathMatch(of stored: ItemURL, in item: Item, target: Target) -> Bool? {
        let mode = item.matchMode(for: stored)
        guard mode != .never, let url = resolve(stored) else { return nil }
        guard url.host == target.url.host, url.scheme == target.scheme, url.effectivePort == target.url.effectivePort
        else { return nil }
        let storedPath = normalizedPath(url.path)
        let wanted = target.path ?? ""
        if storedPath == wanted { return true }
        if mode == .exact { return nil }
        if storedPath.isEmpty { return false }
        // No path asked for: any stored path serves, ranked below a host-wide one.
        return target.path == nil ? false : nil
    }

    /// A stored URL as the rules read it: a bare host (`example.com`, `example.com:8443`) means https, as
    /// browsers complete it, so a password stored without a scheme is never sent over http or another cleartext
    /// protocol unless its URL says so.
    static func resolve(_ stored: ItemURL) -> ServiceURL? {
        guard let url = try? ServiceURL(parsing: stored.url) else { return nil }
        return url.scheme == nil ? try? ServiceURL(parsing: "https://\(stored.url)") : url
    }

    /// True when a stored URL names exactly this scheme, host, port and path: what a save replaces.
    static func isSameLocation(_ stored: ItemURL, target: Target) -> Bool {
        guard let url = resolve(stored) else { return false }
        return url.host == target.url.host && url.scheme == target.scheme
            && url.effectivePort == target.url.effectivePort && normalizedPath(url.path) == (target.path ?? "")
    }

    /// Active items that hold a credential for the query, best first: same path before host-wide, then most
    /// recently used. Expired passwords are left out.
    static func lookup(_ query: SiteCredentialQuery, in vault: Vault, now: Date) throws -> [SiteCredentialMatch] {
        let target = try Target(query)
        let scan = try vault.items(withDomains: [vault.publicSuffixList.registrableDomain(of: target.url.host)])
        var found: [(item: Item, samePath: Bool)] = []
        for item in scan.items {
            if let username = query.username, item.username != username { continue }
            if let expires = item.expires, expires <= now { continue }
            let matches = item.urls.compactMap { pathMatch(of: $0, in: item, target: target) }
            if !matches.isEmpty { found.append((item, matches.contains(true))) }
        }
        let usage = try vault.usage(ofItemsWithIDs: found.map(\.item.id))
        return found.sorted { a, b in
            if a.samePath != b.samePath { return a.samePath }
            let aUsed = usage[a.item.id]?.lastUsed ?? .distantPast, bUsed = usage[b.item.id]?.lastUsed ?? .distantPast
            if aUsed != bUsed { return aUsed > bUsed }
            return a.item.modified > b.item.modified
        }.map { entry in
            SiteCredentialMatch(
                credential: Credential(id: entry.item.id, username: entry.item.username, password: entry.item.password,
                                       expires: entry.item.expires),
                oauthRefreshToken: entry.item.fields.first { $0.name == refreshTokenField }?.value,
                authScheme: entry.item.fields.first { $0.name == authSchemeField }?.value,
                authCredential: entry.item.fields.first { $0.name == authCredentialField }?.value)
        }
    }

    /// Items stored for exactly this scheme, host, port, path and user name: the ones a save replaces.
    static func exactMatches(_ credential: SiteCredential, in vault: Vault) throws -> [Item] {
        let target = try Target(credential.query)
        let scan = try vault.items(withDomains: [vault.publicSuffixList.registrableDomain(of: target.url.host)])
        return scan.items.filter { item in
            item.username == credential.username && item.urls.contains { isSameLocation($0, target: target) }
        }
    }

    /// Saves what a program approved: updates the password of the item stored for the same scheme, host, path and
    /// user (the old password goes into its history) or creates one titled after the host.
    static func save(_ credential: SiteCredential, in vault: Vault, now: Date) throws -> Item {
        if let existing = try exactMatches(credential, in: vault).first {
            return try vault.updateItem(withID: existing.id, now: now) { item in
                item.password = credential.password
                item.expires = credential.expires
                item.fields.removeAll { managedFields.contains($0.name) }
                item.fields += fields(of: credential)
            }
        }
        let target = try Target(credential.query)
        let path = target.path.map { $0.isEmpty ? "" : "/" + $0 } ?? ""
        var item = Item(
            title: target.url.host.unicode, username: credential.username, password: credential.password,
            urls: [ItemURL("\(target.scheme)://\(credential.host)\(path)")], created: now, expires: credential.expires)
        item.fields = fields(of: credential)
        try vault.add(item)
        return item
    }

    /// Moves every credential the query matches to the trash (never destroys it): the program reported it as
    /// rejected. With a password in the query, only items with that password are affected.
    static func reject(_ query: SiteCredentialQuery, in vault: Vault, now: Date) throws -> [UUID] {
        let target = try Target(query)
        let scan = try vault.items(withDomains: [vault.publicSuffixList.registrableDomain(of: target.url.host)])
        var rejected: [UUID] = []
        for item in scan.items {
            if let username = query.username, item.username != username { continue }
            if let password = query.password, item.password != password { continue }
            // Absent attributes are wildcards; a path, when given, must be the stored one.
            let matches = item.urls.contains { url in
                target.path == nil ? pathMatch(of: url, in: item, target: target) != nil : isSameLocation(url, target: target)
            }
            guard matches else { continue }
            try vault.setState(.trashed, ofItemWithID: item.id)
            rejected.append(item.id)
        }
        return rejected
    }
}
