import Foundation
import SesameDomains
import SesameStore

/// Ranks logins for a login form's service identifiers: the list request of a credential provider.
///
/// How a stored URL matches one identifier of the form, best first (``MatchKind``):
///
/// 1. `exact`: same scheme, host, port and path. The query and fragment never count; a path prefix is not exact.
///    A stored URL without a scheme (`example.com/admin`) is exact for an `http` or `https` form at its default
///    port, or for a bare domain identifier equal to it.
/// 2. `host`: same host (IDN, case and IP spellings normalized by `SesameDomains.Host`).
/// 3. `subdomain`: one host is below the other (`example.com` and `www.example.com`), within one site.
/// 4. `domain`: same registrable domain by the public suffix list, private section included, so that
///    `alice.github.io` never matches `bob.github.io` and `example.co.uk` never matches `other.co.uk`.
/// 5. `equivalent`: another site the user declared equivalent (``EquivalentDomains``).
///
/// Within a kind, a match on the form's port ranks before a match on another port (`samePort`). Ports are
/// compared as browsers see them: `https://x` and `https://x:443` are the same port; `http://x` and `https://x`
/// count as the same (each at its scheme's default, the usual upgrade); a stored URL without scheme or port
/// (`localhost`, `example.com`) fits any port. IP addresses and single-label hosts (`localhost`) are each their
/// own site: they match by host only.
///
/// Never offered:
/// - a stored `https` login on an `http` form (likewise `wss`→`ws`, `ftps`→`ftp`, `imaps`→`imap`,
///   `pop3s`→`pop3`, `ldaps`→`ldap`): the password would travel in clear, or to whoever injected the form;
///   the reverse (an `http` login on an `https` form) is the site's own upgrade and is offered;
/// - anything across sites other than through a declared equivalence;
/// - an app identifier (`android://…@com.example.app`) for a web form or the reverse: app identifiers are
///   compared by scheme family and exact host only (`com.example.app` is a package name, not a domain under
///   `example.app`), and are never subdomains, same-site or equivalent.
///
/// Match modes (per item, overridden per URL): `domain` allows every kind; `host` only `exact` and `host`;
/// `exact` only `exact`; `never` nothing.
///
/// Ranking, best first: match kind, then same port, then the position of the identifier matched (identifiers
/// come most specific first, so between two equally good matches the one for the more specific identifier
/// wins), then most recent use (never used last), then title (case and accents ignored, numbers by value, so
/// "item 2" before "Item 10" before "Émile"), then user name and id so that the order is total. Each item
/// appears once, with its best match. Identifiers that do not parse are ignored; duplicates count once.
public struct CredentialMatcher: Sendable {
    /// The user's equivalent sites.
    public var equivalents: EquivalentDomains
    /// What a site is (the vault's list, so the matcher and the index agree).
    public let publicSuffixList: PublicSuffixList

    public init(equivalents: EquivalentDomains = EquivalentDomains(), publicSuffixList: PublicSuffixList) {
        self.equivalents = equivalents
        self.publicSuffixList = publicSuffixList
    }

    /// Shared groups of registrable domains, such as `[["google.com", "youtube.com"]]`.
    public init(equivalentGroups: [Set<String>], publicSuffixList: PublicSuffixList) {
        self.init(equivalents: EquivalentDomains(groups: equivalentGroups.map { .shared(Array($0)) }),
                  publicSuffixList: publicSuffixList)
    }

    /// Schemes of app identifiers, by family: `android` and `androidapp` name the same kind of thing.
    static let appSchemes: [String: String] = ["android": "android", "androidapp": "android", "iosapp": "ios"]
    /// Schemes whose default ports correspond: `http://x` and `https://x` are one host at its usual port.
    static let webSchemes: Set<String> = ["http", "https"]
    /// A form's scheme → the secure scheme whose logins it must not receive.
    static let secureCounterpart: [String: String] = [
        "http": "https", "ws": "wss", "ftp": "ftps", "imap": "imaps", "pop3": "pop3s", "ldap": "ldaps",
    ]

    // MARK: - The form

    /// One identifier of the form, parsed once.
    struct Target {
        var url: ServiceURL
        /// Index among the form's identifiers: 0 is the most specific.
        var position: Int
        /// The registrable domain of the host (the index's key).
        var site: String
        /// App family when the identifier names an app.
        var appFamily: String?
        /// Other sites whose logins may be offered here.
        var equivalentSites: Set<String>
    }

    /// The form's identifiers that parse, in order, without duplicates.
    func targets(for identifiers: [ServiceIdentifier]) throws(DomainError) -> [Target] {
        guard !identifiers.isEmpty else { return [] }
        let list = publicSuffixList
        var seen = Set<FormKey>()
        var targets: [Target] = []
        for (position, identifier) in identifiers.enumerated() {
            guard let url = try? ServiceURL(parsing: identifier.identifier) else { continue }
            // The user name of the user info does not change what a form is for.
            guard seen.insert(FormKey(scheme: url.scheme, host: url.host, port: url.port, path: url.path)).inserted
            else { continue }
            let site = list.registrableDomain(of: url.host)
            let family = url.scheme.flatMap { Self.appSchemes[$0] }
            targets.append(Target(
                url: url, position: position, site: site, appFamily: family,
                equivalentSites: family == nil ? equivalents.sites(offeredOn: site) : []))
        }
        return targets
    }

    private struct FormKey: Hashable {
        var scheme: String?
        var host: SesameDomains.Host
        var port: Int?
        var path: String
    }

    /// The registrable domains whose index rows can hold a match: each identifier's site and the sites
    /// declared equivalent to it. Empty when no identifier parses.
    public func candidateDomains(for identifiers: [ServiceIdentifier]) throws -> Set<String> {
        Self.candidateDomains(for: try targets(for: identifiers))
    }

    static func candidateDomains(for targets: [Target]) -> Set<String> {
        var domains = Set<String>()
        for target in targets {
            domains.insert(target.site)
            domains.formUnion(target.equivalentSites)
        }
        return domains
    }

    // MARK: - Matching

    /// An item's best match, before recent use and title are known.
    struct Candidate {
        var item: Item
        var url: String
        var kind: MatchKind
        var samePort: Bool
        var position: Int
    }

    /// The items that match, best first, with why each matched.
    public func rank(_ items: [Item], for identifiers: [ServiceIdentifier], usage: [UUID: ItemUsage]) throws
        -> [CredentialMatch]
    {
        let targets = try targets(for: identifiers)
        let candidates = Self.candidates(items, for: targets, list: publicSuffixList)
        return Self.sorted(candidates, lastUsed: { usage[$0]?.lastUsed })
    }

    /// Each item's best match against any of the targets; items that match none are left out.
    static func candidates(_ items: [Item], for targets: [Target], list: PublicSuffixList) -> [Candidate] {
        guard !targets.isEmpty else { return [] }
        var candidates: [Candidate] = []
        for item in items {
            var best: Candidate?
            for stored in item.urls {
                let mode = item.matchMode(for: stored)
                guard mode != .never, let url = try? ServiceURL(parsing: stored.url) else { continue }
                var site: String?
                for target in targets {
                    guard let (kind, samePort) = compare(stored: url, site: &site, mode: mode, form: target, list: list)
                    else { continue }
                    let candidate = Candidate(
                        item: item, url: stored.url, kind: kind, samePort: samePort, position: target.position)
                    if best.map({ isBetter(candidate, than: $0) }) ?? true { best = candidate }
                }
            }
            if let best { candidates.append(best) }
        }
        return candidates
    }

    /// How a stored URL matches one target, and whether on the same port; nil when it must not be offered.
    /// `site` caches the stored host's registrable domain across targets.
    static func compare(stored: ServiceURL, site: inout String?, mode: MatchMode, form: Target, list: PublicSuffixList)
        -> (MatchKind, Bool)?
    {
        let storedFamily = stored.scheme.flatMap { appSchemes[$0] }
        if storedFamily != nil || form.appFamily != nil {
            guard storedFamily == form.appFamily, stored.host == form.url.host else { return nil }
            if stored.scheme == form.url.scheme && stored.path == form.url.path && stored.port == form.url.port {
                return (.exact, true)
            }
            return mode == .exact ? nil : (.host, true)
        }
        if let formScheme = form.url.scheme, let secure = secureCounterpart[formScheme], stored.scheme == secure {
            return nil
        }
        if stored.host == form.url.host {
            if isExact(stored, form.url) { return (.exact, true) }
            return mode == .exact ? nil : (.host, portsAgree(stored, form.url))
        }
        guard mode == .domain else { return nil }
        let storedSite: String
        if let site {
            storedSite = site
        } else {
            storedSite = list.registrableDomain(of: stored.host)
            site = storedSite
        }
        if storedSite == form.site {
            let related = stored.host.isSubdomain(of: form.url.host) || form.url.host.isSubdomain(of: stored.host)
            return (related ? .subdomain : .domain, portsAgree(stored, form.url))
        }
        if form.equivalentSites.contains(storedSite) { return (.equivalent, portsAgree(stored, form.url)) }
        return nil
    }

    /// Same scheme, port and path (hosts are compared by the caller).
    static func isExact(_ stored: ServiceURL, _ form: ServiceURL) -> Bool {
        guard stored.path == form.path else { return false }
        if stored.scheme == form.scheme { return stored.port == form.port }
        // "example.com/admin" stored by hand stands for the web site at its usual port.
        guard stored.scheme == nil, let scheme = form.scheme, webSchemes.contains(scheme) else { return false }
        return stored.port.map { $0 == form.effectivePort } ?? (form.port == nil)
    }

    /// Whether two URLs of one host (or site) name the same port; a side that names no port fits any.
    static func portsAgree(_ stored: ServiceURL, _ form: ServiceURL) -> Bool {
        guard let storedPort = stored.effectivePort, let formPort = form.effectivePort else { return true }
        if stored.port == nil, form.port == nil, let a = stored.scheme, let b = form.scheme,
           webSchemes.contains(a), webSchemes.contains(b) {
            return true
        }
        return storedPort == formPort
    }

    // MARK: - Order

    /// Which of two matches of one item it is listed with.
    static func isBetter(_ a: Candidate, than b: Candidate) -> Bool {
        if a.kind != b.kind { return a.kind < b.kind }
        if a.samePort != b.samePort { return a.samePort }
        return a.position < b.position
    }

    /// Candidates in ranking order, as the rows a provider shows.
    static func sorted(_ candidates: [Candidate], lastUsed: (UUID) -> Date?) -> [CredentialMatch] {
        sorted(candidates.map { candidate in
            (CredentialMatch(
                id: candidate.item.id, title: candidate.item.title, username: candidate.item.username,
                url: candidate.url, match: candidate.kind, samePort: candidate.samePort,
                lastUsed: lastUsed(candidate.item.id), hasOneTimeCode: !(candidate.item.oneTimeCode ?? "").isEmpty),
             candidate.position)
        })
    }

    /// Rows in ranking order; `position` is the index of the identifier each row matched.
    static func sorted(_ rows: [(CredentialMatch, position: Int)]) -> [CredentialMatch] {
        // One key per row: title keys cost a Unicode pass, too much to redo in each of n log n comparisons.
        rows.map { (RankKey($0.0, position: $0.position), $0.0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The order of rows that match equally well: most recently used first (never used last), then title, then
    /// user name, then id. Also the order of the list for a form without identifiers.
    public static func ranksBefore(_ a: CredentialMatch, _ b: CredentialMatch) -> Bool {
        RankKey(a, position: 0) < RankKey(b, position: 0)
    }

    /// Everything a row is ranked by, in order.
    struct RankKey: Comparable {
        var kind: MatchKind
        var otherPort: Bool
        var position: Int
        /// Negated seconds of the last use, so that recent sorts first; never used sorts last.
        var recency: Double
        var title: [UInt32]
        var exactTitle: String
        var username: String
        var id: String

        init(_ match: CredentialMatch, position: Int) {
            kind = match.match
            otherPort = !match.samePort
            self.position = position
            recency = -(match.lastUsed ?? .distantPast).timeIntervalSinceReferenceDate
            title = Self.titleKey(match.title)
            exactTitle = match.title
            username = match.username
            id = match.id.uuidString
        }

        static func < (a: RankKey, b: RankKey) -> Bool {
            if a.kind != b.kind { return a.kind < b.kind }
            if a.otherPort != b.otherPort { return !a.otherPort }
            if a.position != b.position { return a.position < b.position }
            if a.recency != b.recency { return a.recency < b.recency }
            if a.title != b.title { return a.title.lexicographicallyPrecedes(b.title) }
            return (a.exactTitle, a.username, a.id) < (b.exactTitle, b.username, b.id)
        }

        /// Titles sort as people expect in a list (as Finder's `localizedStandardCompare` does, without its
        /// cost): case and accents ignored, digit runs by value, so "item 2" < "Item 10" < "Émile" < "zeta".
        /// The key is the title's Unicode scalars, lowercased, without combining marks, digit runs zero-padded.
        static func titleKey(_ title: String) -> [UInt32] {
            var key: [UInt32] = []
            key.reserveCapacity(title.utf8.count + 16)
            var digits: [UInt32] = []
            func flushDigits() {
                guard !digits.isEmpty else { return }
                let significant = digits.drop { $0 == 0x30 }
                // Runs of up to 19 digits compare by value once padded; longer ones (rare) compare as text.
                if significant.count < 19 { key.append(contentsOf: repeatElement(0x30, count: 19 - significant.count)) }
                key.append(contentsOf: significant)
                digits.removeAll(keepingCapacity: true)
            }
            func add(_ value: UInt32) {
                if value >= 0x30 && value <= 0x39 {
                    digits.append(value)
                } else {
                    flushDigits()
                    key.append(value)
                }
            }
            if title.utf8.allSatisfy({ $0 < 0x80 }) {
                // Most titles: no decomposition needed, and ASCII lowercasing is one addition.
                for byte in title.utf8 { add(UInt32(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)) }
            } else {
                for scalar in title.decomposedStringWithCanonicalMapping.lowercased().unicodeScalars
                where scalar.properties.generalCategory != .nonspacingMark {
                    add(scalar.value)
                }
            }
            flushDigits()
            return key
        }
    }
}
