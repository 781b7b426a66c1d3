import Foundation
import SesameDomains

/// One declaration that the logins of some sites may be offered on others.
///
/// Domains are registrable domains in their ASCII form (`google.com`, `xn--bcher-kva.de`), sorted and unique: what
/// ``EquivalentDomains/site(of:)`` makes of what people type. The JSON shape is the one of Apple's
/// password-manager-resources `quirks/shared-credentials.json`, so a list exports and re-imports unchanged:
///
/// ```json
/// {"shared": ["google.com", "youtube.com"]}
/// {"from": ["adobelogin.com"], "to": ["adobe.com"], "fromDomainsAreObsoleted": false}
/// ```
public enum EquivalentGroup: Hashable, Sendable {
    /// Every domain's logins are offered on every other domain of the group.
    case shared([String])
    /// Logins stored for a `from` domain are offered on the `to` domains, never the reverse: the `to` sites
    /// accept the `from` sites' accounts (a rebrand, a shared login service), which says nothing about where
    /// a `to` site's password may be sent. `fromObsolete` says the `from` sites are no longer in use; matching
    /// treats the group the same either way, and it is kept so that an export says what the import said.
    case oneWay(from: [String], to: [String], fromObsolete: Bool)

    /// Every domain the group names.
    public var domains: [String] {
        switch self {
        case .shared(let domains): domains
        case .oneWay(let from, let to, _): from + to
        }
    }

    /// The group with sorted, unique domains, or nil when it declares nothing (fewer than two distinct domains,
    /// or a one-way group whose `from` side only repeats its `to` side). A `from` domain that is also a `to`
    /// domain is dropped from `from`: offering a site's logins on itself declares nothing, and the rest of the
    /// group still holds (`id.npo.nl` normalizes to `npo.nl`, a `from` site of the same entry).
    func canonical() -> EquivalentGroup? {
        switch self {
        case .shared(let domains):
            let unique = Array(Set(domains)).sorted()
            return unique.count >= 2 ? .shared(unique) : nil
        case .oneWay(let from, let to, let obsolete):
            let targets = Set(to)
            let sources = Set(from).subtracting(targets)
            guard !sources.isEmpty, !targets.isEmpty else { return nil }
            return .oneWay(from: sources.sorted(), to: targets.sorted(), fromObsolete: obsolete)
        }
    }
}

extension EquivalentGroup: Codable {
    private enum CodingKeys: String, CodingKey {
        case shared, from, to, fromDomainsAreObsoleted
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let shared = try container.decodeIfPresent([String].self, forKey: .shared) {
            self = .shared(shared)
            return
        }
        guard container.contains(.from) || container.contains(.to) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "An entry needs 'shared', or 'from' and 'to'."))
        }
        self = .oneWay(
            from: try container.decode([String].self, forKey: .from),
            to: try container.decode([String].self, forKey: .to),
            fromObsolete: try container.decodeIfPresent(Bool.self, forKey: .fromDomainsAreObsoleted) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .shared(let domains):
            try container.encode(domains, forKey: .shared)
        case .oneWay(let from, let to, let obsolete):
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(obsolete, forKey: .fromDomainsAreObsoleted)
        }
    }
}

/// The user's equivalent-domain groups: which other sites' logins a login form may be offered, below every
/// login of its own site.
///
/// Relations are one hop: a shared group makes its domains equivalent to each other (groups that share a domain
/// are merged when declared, so shared equivalence is transitive); a one-way group offers its `from` sites'
/// logins on its `to` sites. One-way groups are not chained: `a → b` and `b → c` do not offer `a`'s logins on `c`.
public struct EquivalentDomains: Sendable {
    /// The groups, in the order they were declared.
    public private(set) var groups: [EquivalentGroup] {
        didSet { index = GroupIndex(groups) }
    }
    /// Which groups name a form's site. One entry per domain and group, not per pair of domains: a shared
    /// group of thousands of sites (chains of imported pairs merge into one) costs thousands, not millions.
    private var index: GroupIndex

    /// Groups as they are stored: canonical groups are kept as given, others are canonicalized or dropped.
    public init(groups: [EquivalentGroup] = []) {
        let canonical = groups.compactMap { $0.canonical() }
        self.groups = canonical
        index = GroupIndex(canonical)
    }

    public var isEmpty: Bool { groups.isEmpty }

    /// The sites, other than `site`, whose logins may be offered on a form of `site`.
    public func sites(offeredOn site: String) -> Set<String> {
        var sites = Set<String>()
        for position in index.sharedGroups[site] ?? [] { sites.formUnion(groups[position].domains) }
        for position in index.oneWayGroups[site] ?? [] {
            if case .oneWay(let from, _, _) = groups[position] { sites.formUnion(from) }
        }
        sites.remove(site)
        return sites
    }

    /// Whether a login stored for `storedSite` may be offered on a form of `formSite` (two different sites).
    public func offers(_ storedSite: String, on formSite: String) -> Bool {
        guard storedSite != formSite else { return false }
        // Canonical groups hold sorted domains.
        let inShared = (index.sharedGroups[formSite] ?? []).contains { position in
            guard case .shared(let domains) = groups[position] else { return false }
            return domains.containsSorted(storedSite)
        }
        return inShared || (index.oneWayGroups[formSite] ?? []).contains { position in
            guard case .oneWay(let from, _, _) = groups[position] else { return false }
            return from.containsSorted(storedSite)
        }
    }

    // MARK: - Changes

    /// Declares `domains` (registrable domains, see ``site(of:)``) equivalent to each other. Shared groups that
    /// already hold one of them are merged into one group with them.
    @discardableResult
    public mutating func declare(_ domains: [String]) -> EquivalentsChange {
        merge([.shared(domains)])
    }

    /// Adds groups (already normalized to registrable domains) to these: a shared group merges with the shared
    /// groups it overlaps; a one-way group is added unless its pairs are all declared already. Idempotent:
    /// merging the same groups again changes nothing.
    ///
    /// A merged shared group takes the place of the first group it absorbed; new groups come last. Linear in the
    /// number of domains (give or take a logarithm), so importing thousands of groups that chain into one stays
    /// fast.
    @discardableResult
    public mutating func merge(_ incoming: [EquivalentGroup]) -> EquivalentsChange {
        let before = groups
        var merger = EquivalentsMerger(before)
        var unchanged = 0
        for group in incoming {
            guard let group = group.canonical() else { continue }
            if !merger.add(group) { unchanged += 1 }
        }
        groups = merger.groups()
        return Self.change(from: before, to: groups, unchanged: unchanged)
    }

    private static func change(
        from before: [EquivalentGroup], to after: [EquivalentGroup], unchanged: Int
    ) -> EquivalentsChange {
        let old = Set(before), new = Set(after)
        return EquivalentsChange(
            added: after.filter { !old.contains($0) }, removed: before.filter { !new.contains($0) },
            unchanged: unchanged)
    }

    /// Removes `domains` from every group; groups left declaring nothing disappear.
    ///
    /// - Throws: ``ServiceFailure/Code/notFound`` without changing anything when a domain is in no group.
    @discardableResult
    public mutating func remove(_ domains: [String]) throws(ServiceFailure) -> EquivalentsChange {
        let named = Set(domains)
        let known = Set(groups.flatMap(\.domains))
        if let missing = domains.first(where: { !known.contains($0) }) {
            throw ServiceFailure(.notFound, "'\(Self.display(missing))' is in no group of equivalent domains.")
        }
        let before = groups
        groups = groups.compactMap { group in
            switch group {
            case .shared(let members):
                EquivalentGroup.shared(members.filter { !named.contains($0) }).canonical()
            case .oneWay(let from, let to, let obsolete):
                EquivalentGroup.oneWay(
                    from: from.filter { !named.contains($0) }, to: to.filter { !named.contains($0) },
                    fromObsolete: obsolete
                ).canonical()
            }
        }
        return Self.change(from: before, to: groups, unchanged: 0)
    }

    /// Removes every group.
    @discardableResult
    public mutating func removeAll() -> EquivalentsChange {
        let change = EquivalentsChange(added: [], removed: groups, unchanged: 0)
        groups = []
        return change
    }

    // MARK: - What people type

    /// The site a typed domain or URL names, as groups hold it: its registrable domain in ASCII
    /// (`https://WWW.Google.com/x` → `google.com`, `bücher.de` → `xn--bcher-kva.de`).
    ///
    /// - Throws: ``ServiceFailure/Code/invalidInput`` for text that is not a domain, URL or IP address, for app
    ///   identifiers (`android://…`), and for public suffixes (`co.uk`, `github.io`), which are not anyone's site.
    public static func site(of text: String, list: PublicSuffixList) throws(ServiceFailure) -> String {
        let url: ServiceURL
        do {
            url = try ServiceURL(parsing: text)
        } catch {
            throw ServiceFailure(.invalidInput, "'\(Self.redacted(error))' is not a domain or URL.")
        }
        if let scheme = url.scheme, CredentialMatcher.appSchemes[scheme] != nil {
            throw ServiceFailure(.invalidInput, "'\(url.host.ascii)' names an app, not a site; apps match by their exact identifier only.")
        }
        let host = url.host
        // A single label ("localhost", an intranet name) is its own site; "co.uk" or "github.io" is nobody's.
        if host.kind == .domain, host.ascii.contains("."), list.publicSuffix(of: host) == host.ascii {
            throw ServiceFailure(.invalidInput, "'\(host.unicode)' is a public suffix shared by many sites, not a site.")
        }
        return list.registrableDomain(of: host)
    }

    /// Normalizes every domain of `groups`; text that names no site is left out and returned, so that one bad
    /// entry of a long file does not stop an import.
    public static func normalized(_ groups: [EquivalentGroup], list: PublicSuffixList)
        -> (groups: [EquivalentGroup], skipped: [String])
    {
        var skipped: [String] = []
        var cache: [String: String?] = [:]
        func sites(_ texts: [String]) -> [String] {
            var result: [String] = []
            for text in texts {
                if let known = cache[text] {
                    if let known { result.append(known) }
                    continue
                }
                do {
                    let site = try site(of: text, list: list)
                    cache[text] = site
                    result.append(site)
                } catch {
                    cache[text] = .some(nil)
                    skipped.append(text)
                }
            }
            return result
        }
        var normalized: [EquivalentGroup] = []
        for group in groups {
            switch group {
            case .shared(let domains):
                normalized.append(.shared(sites(domains)))
            case .oneWay(let from, let to, let obsolete):
                normalized.append(.oneWay(from: sites(from), to: sites(to), fromObsolete: obsolete))
            }
        }
        return (normalized, skipped)
    }

    /// A domain as people read it: Unicode labels decoded.
    public static func display(_ domain: String) -> String {
        (try? SesameDomains.Host(parsing: domain).unicode) ?? domain
    }

    private static func redacted(_ error: DomainError) -> String {
        switch error {
        case .invalidURL(let text), .invalidHost(let text): text
        default: error.description
        }
    }
}

/// For each domain, the positions of the groups that offer other sites' logins on it.
private struct GroupIndex: Sendable {
    /// Domain → positions of the shared groups that hold it.
    var sharedGroups: [String: [Int]] = [:]
    /// Domain → positions of the one-way groups that have it among their `to` sites.
    var oneWayGroups: [String: [Int]] = [:]

    init(_ groups: [EquivalentGroup]) {
        for (position, group) in groups.enumerated() {
            switch group {
            case .shared(let domains):
                for domain in domains { sharedGroups[domain, default: []].append(position) }
            case .oneWay(_, let to, _):
                for target in to { oneWayGroups[target, default: []].append(position) }
            }
        }
    }
}

extension Array where Element: Comparable {
    /// Whether the array, sorted ascending, holds `element`: a binary search.
    func containsSorted(_ element: Element) -> Bool {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] < element { low = middle + 1 } else { high = middle }
        }
        return low < endIndex && self[low] == element
    }
}

extension EquivalentDomains: Equatable {
    public static func == (lhs: EquivalentDomains, rhs: EquivalentDomains) -> Bool { lhs.groups == rhs.groups }
}

// MARK: - Storage

extension EquivalentDomains: Codable {
    /// The vault setting that holds the groups, sealed like items.
    public static let settingName = "equivalent-domains"
    /// Bump when the stored shape changes; a vault holding a newer version is read by nobody older.
    public static let formatVersion = 1

    private enum CodingKeys: String, CodingKey {
        case version, groups
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version <= Self.formatVersion else { throw Self.newerFormat }
        self.init(groups: try container.decode([EquivalentGroup].self, forKey: .groups))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(groups, forKey: .groups)
    }

    /// The stored form: `{"version":1,"groups":[…]}` in UTF-8 JSON, groups in Apple's shared-credentials shape.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }

    /// Reads the stored form.
    ///
    /// - Throws: ``ServiceFailure/Code/damaged`` when the bytes are not groups, or were written by a newer Sesame.
    public init(decoding bytes: [UInt8]) throws(ServiceFailure) {
        do {
            self = try JSONDecoder().decode(EquivalentDomains.self, from: Data(bytes))
        } catch let failure as ServiceFailure {
            throw failure
        } catch {
            throw ServiceFailure(.damaged, "The vault's equivalent domains cannot be read.")
        }
    }

    static var newerFormat: ServiceFailure {
        ServiceFailure(.damaged, "The vault's equivalent domains were saved by a newer version of Sesame; update Sesame to use or change them.")
    }

    /// Reads groups in the format of Apple's password-manager-resources `quirks/shared-credentials.json`: an array
    /// of `{"shared": […]}` and `{"from": […], "to": […], "fromDomainsAreObsoleted": bool}` entries. Domains are
    /// returned as written; normalize them with ``normalized(_:)``.
    ///
    /// - Throws: ``ServiceFailure/Code/invalidInput`` naming what is wrong with the file.
    public static func parseSharedCredentials(_ data: Data) throws(ServiceFailure) -> [EquivalentGroup] {
        do {
            return try JSONDecoder().decode([EquivalentGroup].self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw ServiceFailure(.invalidInput, "The file is not JSON.")
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw ServiceFailure(.invalidInput, "The file is not in the shared-credentials format (it must hold a JSON array of entries).")
        } catch let error as DecodingError {
            throw ServiceFailure(.invalidInput, "The file is not in the shared-credentials format (\(Self.location(of: error))).")
        } catch {
            throw ServiceFailure(.invalidInput, "The file is not in the shared-credentials format.")
        }
    }

    private static func location(of error: DecodingError) -> String {
        let path: [any CodingKey]
        let detail: String
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
            detail = context.debugDescription
        case .keyNotFound(let key, let context):
            path = context.codingPath
            detail = "missing '\(key.stringValue)'"
        @unknown default:
            return "unreadable"
        }
        let place = path.map { $0.intValue.map { "entry \($0 + 1)" } ?? "'\($0.stringValue)'" }.joined(separator: ", ")
        return place.isEmpty ? detail : "\(place): \(detail)"
    }
}

/// What a change to the equivalent domains did, for people and scripts.
public struct EquivalentsChange: Codable, Sendable, Equatable {
    /// Groups that are new or grew, as they are now.
    public var added: [EquivalentGroup]
    /// Groups that disappeared or shrank, as they were.
    public var removed: [EquivalentGroup]
    /// Groups asked for that the existing groups already declared.
    public var unchanged: Int
    /// Domains of the input that name no site (not a domain, or a public suffix) and were left out.
    public var skipped: [String]

    public init(added: [EquivalentGroup] = [], removed: [EquivalentGroup] = [], unchanged: Int = 0, skipped: [String] = []) {
        self.added = added
        self.removed = removed
        self.unchanged = unchanged
        self.skipped = skipped
    }
}
