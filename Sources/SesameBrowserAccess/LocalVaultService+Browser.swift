import Foundation
import SesameAutoFill
import SesameDomains
import SesameStore

// MARK: - BrowserAccess

extension LocalVaultService: BrowserAccess {
    /// An association's last use is written at most this often, so that every page load is not a vault write.
    static let associationUseGranularity: TimeInterval = 60

    public func browserDatabaseHash() throws(ServiceFailure) -> String {
        try browserServe { try vault.browserDatabaseHash() }
    }

    public func browserAssociations() throws(ServiceFailure) -> [BrowserAssociation] {
        try browserServe { try vault.browserAssociations() }
    }

    @discardableResult
    public func associateBrowser(name: String, key: String) throws(ServiceFailure) -> BrowserAssociation {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 64, !name.contains(where: \.isNewline) else {
            throw ServiceFailure(.invalidInput, "An association name must be 1 to 64 characters on one line.")
        }
        guard let decoded = Data(base64Encoded: key), decoded.count == 32 else {
            throw ServiceFailure(.invalidInput, "An association key must be a base64 public key of 32 bytes.")
        }
        let association = BrowserAssociation(name: name, key: key, created: now())
        try browserServe {
            try vault.updateBrowserAssociations { associations in
                if associations.contains(where: { $0.name == name }) {
                    throw ServiceFailure(.invalidInput, "An association named '\(name)' exists already.")
                }
                if let other = associations.first(where: { $0.key == key }) {
                    throw ServiceFailure(.invalidInput, "This key is associated already, as '\(other.name)'.")
                }
                associations.append(association)
            }
        }
        return association
    }

    public func revokeBrowserAssociation(name: String) throws(ServiceFailure) {
        try browserServe {
            try vault.updateBrowserAssociations { associations in
                guard associations.contains(where: { $0.name == name }) else {
                    throw ServiceFailure(.notFound, "No association is named '\(name)'.")
                }
                associations.removeAll { $0.name == name }
            }
        }
    }

    public func testBrowserAssociation(_ key: BrowserKey) throws(ServiceFailure) -> Bool {
        (try? association(for: [key])) != nil
    }

    public func browserLogins(_ query: BrowserLoginQuery) throws(ServiceFailure) -> BrowserLogins {
        let name = try association(for: query.keys)
        let date = now()
        let logins = try bestMatches(url: query.url, submitURL: query.submitURL).map { match throws(ServiceFailure) in
            let item = try browserServe { try vault.item(withID: match.id).item }
            // An unreadable one-time code setting offers no code; get-totp then says why.
            let code = (try? item.currentOneTimeCode(at: date))?.code
            return BrowserLogin(
                id: item.id, title: item.title, username: item.username, password: item.password,
                expired: item.expires.map { $0 <= date } ?? false, oneTimeCode: code)
        }
        return BrowserLogins(association: name, logins: logins)
    }

    @discardableResult
    public func saveBrowserLogin(_ login: BrowserLoginSave) throws(ServiceFailure) -> ItemView {
        _ = try association(for: [login.key])
        guard let page = Self.webPage(login.url) else {
            throw ServiceFailure(.invalidInput, "Only an http or https page can save a login.")
        }
        if let id = login.itemID {
            // An association may change only a login this page would be given, never any item by its id.
            guard try bestMatches(url: login.url, submitURL: login.submitURL).contains(where: { $0.id == id })
            else { throw ServiceFailure(.notFound, "No login for this page has that uuid.") }
            var change = ItemChange()
            change.username = login.username
            change.password = login.password
            return try update(id, change)
        }
        let host = page.host.kind == .ipv6 ? "[\(page.host.ascii)]" : page.host.ascii
        let origin = "\(page.scheme ?? "https")://\(host)" + (page.port.map { ":\($0)" } ?? "")
        return try add(Item(
            title: page.host.unicode, username: login.username, password: login.password, urls: [ItemURL(origin)]))
    }

    public func browserOneTimeCode(_ query: BrowserOneTimeCodeQuery) throws(ServiceFailure) -> OneTimeCode? {
        _ = try association(for: [query.key])
        // Only a login this page would be given, never any item by its id.
        guard try bestMatches(url: query.url, submitURL: query.submitURL).contains(where: { $0.id == query.itemID })
        else { throw ServiceFailure(.noMatch, "No login for this page has that uuid.") }
        let item = try browserServe { try vault.item(withID: query.itemID).item }
        return try item.currentOneTimeCode(at: now())
    }

    // MARK: - Helpers

    /// The name of the first association among `keys` whose name and key both match; records its use.
    func association(for keys: [BrowserKey]) throws(ServiceFailure) -> String {
        let associations = try browserAssociations()
        guard let found = associations.first(where: { stored in keys.contains { $0.id == stored.name && $0.key == stored.key } })
        else { throw ServiceFailure(.notFound, "The browser is not associated with this vault.") }
        let date = now()
        if found.lastUsed.map({ date.timeIntervalSince($0) >= Self.associationUseGranularity }) ?? true {
            try browserServe {
                try vault.updateBrowserAssociations { associations in
                    for index in associations.indices where associations[index].name == found.name {
                        associations[index].lastUsed = date
                    }
                }
            }
        }
        return found.name
    }

    /// The core's matches for a page, stricter than a list request: never a sibling host of the same site
    /// (`b.example.com` for `ab.example.com`), only the best tier (kind and port), one row per item.
    ///
    /// The page's `url` alone decides, because the page chooses its forms' targets: a `submitURL` naming another
    /// site must not fetch that site's logins. The target may only narrow: a form that submits over http gets only
    /// what an http page would (no https login), so a password never leaves in clear. Pages that are not http or
    /// https (`data:`, `file:`, `about:blank`, an extension's own pages) get nothing.
    private func bestMatches(url: String, submitURL: String?) throws(ServiceFailure) -> [CredentialMatch] {
        guard let page = Self.webPage(url) else { return [] }
        var identifier = url
        if page.scheme == "https", let submitURL, let target = try? ServiceURL(parsing: submitURL),
           target.scheme == "http" {
            let host = page.host.kind == .ipv6 ? "[\(page.host.ascii)]" : page.host.ascii
            identifier = "http://\(host)" + (page.port.map { ":\($0)" } ?? "") + page.path
        }
        let found = try match([ServiceIdentifier(identifier, kind: .url)])
        let offered = found.filter { $0.match != .domain }
        guard let best = offered.first else { return offered }
        return offered.filter { $0.match == best.match && $0.samePort == best.samePort }
    }

    /// The page a browser names, when it is a web page (http or https with a host); nil for anything else.
    static func webPage(_ url: String) -> ServiceURL? {
        guard let page = try? ServiceURL(parsing: url), let scheme = page.scheme, scheme == "http" || scheme == "https"
        else { return nil }
        return page
    }

    private func browserServe<T>(_ body: () throws -> T) throws(ServiceFailure) -> T {
        do {
            return try body()
        } catch {
            throw ServiceFailure(error)
        }
    }
}
