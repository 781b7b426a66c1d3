import Foundation
import SesameDomains
import SesameStore

/// Ranks logins for a login form's service identifiers (the list request).
///
/// Order: exact URL > same host (same port before another port) > subdomain or parent > same registrable domain >
/// user-declared equivalent domain; never across registrable domains otherwise. Ties break by most recent use,
/// then title.
public struct CredentialMatcher: Sendable {
    /// Groups of registrable domains the user declared equivalent (google.com and youtube.com).
    public var equivalentGroups: [Set<String>]

    public init(equivalentGroups: [Set<String>] = []) {
        self.equivalentGroups = equivalentGroups
    }

    /// The registrable domains whose index rows can hold a match: each identifier's site and its equivalents.
    public func candidateDomains(for identifiers: [ServiceIdentifier]) throws -> Set<String> {
        var domains = Set<String>()
        for identifier in identifiers {
            guard let url = try? ServiceURL(parsing: identifier.identifier) else { continue }
            let site = try registrableDomain(of: url.host)
            domains.insert(site)
            for group in equivalentGroups where group.contains(site) { domains.formUnion(group) }
        }
        return domains
    }

    /// The items that match, best first, with why each matched.
    public func rank(_ items: [Item], for identifiers: [ServiceIdentifier], usage: [UUID: ItemUsage]) throws
        -> [CredentialMatch]
    {
        let forms = identifiers.compactMap { try? ServiceURL(parsing: $0.identifier) }
        var matches: [CredentialMatch] = []
        for item in items {
            var best: CredentialMatch?
            for stored in item.urls {
                let mode = item.matchMode(for: stored)
                guard mode != .never, let url = try? ServiceURL(parsing: stored.url) else { continue }
                for form in forms {
                    guard let (kind, samePort) = try Self.compare(stored: url, form: form, mode: mode, equivalents: equivalentGroups)
                    else { continue }
                    let candidate = CredentialMatch(
                        id: item.id, title: item.title, username: item.username, url: stored.url, match: kind,
                        samePort: samePort, lastUsed: usage[item.id]?.lastUsed)
                    if best.map({ Self.isBetter(candidate, than: $0) }) ?? true { best = candidate }
                }
            }
            if let best { matches.append(best) }
        }
        return matches.sorted(by: Self.ranksBefore)
    }

    static func compare(stored: ServiceURL, form: ServiceURL, mode: MatchMode, equivalents: [Set<String>]) throws
        -> (MatchKind, Bool)?
    {
        let samePort = stored.effectivePort == nil || form.effectivePort == nil || stored.effectivePort == form.effectivePort
        if stored.host == form.host {
            let sameScheme = stored.scheme == nil || form.scheme == nil || stored.scheme == form.scheme
            if sameScheme && samePort && stored.path == form.path && stored.scheme != nil { return (.exact, true) }
            if mode == .exact { return nil }
            return (.host, samePort)
        }
        guard mode == .domain else { return nil }
        if stored.host.isSubdomain(of: form.host) || form.host.isSubdomain(of: stored.host) {
            // A subdomain never crosses a registrable domain: alice.github.io is not below github.io's site.
            if try registrableDomain(of: stored.host) == registrableDomain(of: form.host) { return (.subdomain, samePort) }
        }
        let storedSite = try registrableDomain(of: stored.host)
        let formSite = try registrableDomain(of: form.host)
        if storedSite == formSite { return (.domain, samePort) }
        if equivalents.contains(where: { $0.contains(storedSite) && $0.contains(formSite) }) {
            return (.equivalent, samePort)
        }
        return nil
    }

    static func isBetter(_ a: CredentialMatch, than b: CredentialMatch) -> Bool {
        (a.match, !a.samePort) < (b.match, !b.samePort)
    }

    static func ranksBefore(_ a: CredentialMatch, _ b: CredentialMatch) -> Bool {
        if a.match != b.match { return a.match < b.match }
        if a.samePort != b.samePort { return a.samePort }
        let aUsed = a.lastUsed ?? .distantPast, bUsed = b.lastUsed ?? .distantPast
        if aUsed != bUsed { return aUsed > bUsed }
        return a.title.localizedStandardCompare(b.title) == .orderedAscending
    }
}

private func < (lhs: (MatchKind, Bool), rhs: (MatchKind, Bool)) -> Bool {
    lhs.0 != rhs.0 ? lhs.0 < rhs.0 : (!lhs.1 && rhs.1)
}
