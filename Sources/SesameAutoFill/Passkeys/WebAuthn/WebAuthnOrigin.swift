import SesameDomains

/// A page's origin as the browser path checks it before any passkey is made or used: the rules a browser applies
/// for WebAuthn (§5.1.3 and §5.1.4: the relying party id must be the page's host or a registrable suffix of it;
/// HTML's "is a registrable domain suffix of or is equal to"), since on Linux the host, not the browser, builds the
/// client data.
public struct WebAuthnOrigin: Sendable, Equatable {
    public let scheme: String
    public let host: Host
    /// Nil for the scheme's default port.
    public let port: Int?

    /// The origin as a browser serializes it: `https://example.com`, `http://localhost:8080`. This string goes into
    /// the client data, where relying parties compare it.
    public var serialized: String {
        "\(scheme)://\(host.ascii)" + (port.map { ":\($0)" } ?? "")
    }

    /// Reads `scheme://host[:port]` (a trailing `/` is tolerated): https for any domain, http only for
    /// `localhost` and names below it (secure contexts, W3C "potentially trustworthy"); never an IP address.
    public init(parsing text: String) throws(RelyingPartyError) {
        guard text.utf8.count <= 2048, !text.contains("@") else { throw .invalidOrigin }
        let url: ServiceURL
        do { url = try ServiceURL(parsing: text) } catch { throw .invalidOrigin }
        guard let scheme = url.scheme, url.path.isEmpty, url.user == nil,
              !text.contains("?"), !text.contains("#")
        else { throw .invalidOrigin }
        guard !url.host.isIPAddress else { throw .ipAddressOrigin }
        switch scheme {
        case "https": break
        case "http": guard Self.isLocalhost(url.host.ascii) else { throw .insecureOrigin }
        default: throw .insecureOrigin
        }
        self.scheme = scheme
        host = url.host
        port = url.port
    }

    /// The relying party id this page may use: `requested` when it is the page's host or a parent domain of it that
    /// is not a public suffix (private section included, so `alice.github.io` cannot claim `github.io`), else the
    /// page's host when nothing is requested. `localhost` is allowed for pages on localhost.
    public func relyingPartyID(requested: String?, publicSuffixList: PublicSuffixList) throws(RelyingPartyError)
        -> String
    {
        guard let requested else {
            try Self.refusePublicSuffix(host, list: publicSuffixList)
            return host.ascii
        }
        guard !requested.isEmpty, let claimed = try? Host(parsing: requested), claimed.kind == .domain,
              claimed.ascii == requested
        else { throw .invalidRelyingPartyID }
        guard claimed == host || host.isSubdomain(of: claimed) else { throw .foreignRelyingPartyID }
        try Self.refusePublicSuffix(claimed, list: publicSuffixList)
        return claimed.ascii
    }

    private static func refusePublicSuffix(_ host: Host, list: PublicSuffixList) throws(RelyingPartyError) {
        // The list's default rule makes "localhost" a public suffix, yet it is the one name a local page has.
        if host.ascii == "localhost" { return }
        if list.publicSuffix(of: host) == host.ascii { throw .publicSuffixRelyingPartyID }
    }

    static func isLocalhost(_ name: String) -> Bool {
        name == "localhost" || name.hasSuffix(".localhost")
    }
}
