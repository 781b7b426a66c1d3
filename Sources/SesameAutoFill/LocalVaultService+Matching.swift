import Foundation
import SesameDomains
import SesameStore

// MARK: - The list request, fill, and equivalent domains

extension LocalVaultService {
    /// The list request. With identifiers: candidates come from the keyed domain index only (the identifiers'
    /// sites and their equivalents), so only they are decrypted; then they are ranked by `CredentialMatcher`.
    /// Identifiers that do not parse are ignored: if none parses, nothing matches.
    ///
    /// Without identifiers (a form that names no site): every active login, most recently used first, then by
    /// title. Those rows are not matches: each carries its first URL (or "" when it has none), `match` `.domain`
    /// and `samePort` true as placeholders. Logins with match mode `never` are included, because the user picks
    /// from this list by hand; `never` only keeps a login from being offered for a site.
    func matches(for identifiers: [ServiceIdentifier]) throws -> [CredentialMatch] {
        guard !identifiers.isEmpty else { return try allLogins() }
        let matcher = CredentialMatcher(equivalents: equivalentsForMatching(), publicSuffixList: vault.publicSuffixList)
        let targets = try matcher.targets(for: identifiers)
        guard !targets.isEmpty else { return [] }
        let scan = try vault.items(withDomains: CredentialMatcher.candidateDomains(for: targets))
        let candidates = CredentialMatcher.candidates(scan.items, for: targets, list: vault.publicSuffixList)
        let usage = try vault.usage(ofItemsWithIDs: candidates.map(\.item.id))
        return CredentialMatcher.sorted(candidates, lastUsed: { usage[$0]?.lastUsed })
    }

    /// Items are decrypted one at a time and only their row is kept: a vault of 100,000 logins is never held
    /// decrypted at once.
    private func allLogins() throws -> [CredentialMatch] {
        var rows: [(CredentialMatch, position: Int)] = []
        try vault.forEachItem { item in
            rows.append((CredentialMatch(
                id: item.id, title: item.title, username: item.username, url: item.urls.first?.url ?? "",
                match: .domain, samePort: true, hasOneTimeCode: !(item.oneTimeCode ?? "").isEmpty), position: 0))
        }
        let usage = try vault.usage(ofItemsWithIDs: rows.map(\.0.id))
        for index in rows.indices { rows[index].0.lastUsed = usage[rows[index].0.id]?.lastUsed }
        return CredentialMatcher.sorted(rows)
    }

    /// The credential of the best match, or of the best match whose user name is `username` (exactly, else
    /// ignoring case); records the use.
    func fillBest(_ identifiers: [ServiceIdentifier], username: String?) throws -> Credential {
        guard !identifiers.isEmpty else {
            throw ServiceFailure(.invalidInput, "Name the site of the login form to fill.")
        }
        let matches = try matches(for: identifiers)
        let chosen = username.map { name in
            matches.first { $0.username == name }
                ?? matches.first { $0.username.compare(name, options: .caseInsensitive) == .orderedSame }
        } ?? matches.first
        guard let chosen else {
            let site = Self.describe(identifiers)
            throw ServiceFailure(.noMatch, username.map { "No login for user '\($0)' matches \(site)." }
                                 ?? "No login matches \(site).")
        }
        return try credential(for: chosen.id)
    }

    /// The sites a form names, for messages: hosts (in Unicode) and explicit ports, never user info.
    static func describe(_ identifiers: [ServiceIdentifier]) -> String {
        var names: [String] = []
        for identifier in identifiers {
            guard let url = try? ServiceURL(parsing: identifier.identifier) else { continue }
            var name = url.host.kind == .ipv6 ? "[\(url.host.ascii)]" : url.host.unicode
            if let port = url.port { name += ":\(port)" }
            if !names.contains(name) { names.append(name) }
        }
        return names.isEmpty ? "the given sites, none of which is a valid URL or domain" : names.joined(separator: ", ")
    }

    // MARK: - Equivalent domains

    /// The stored groups; fails when they cannot be read (damaged, or written by a newer Sesame).
    func equivalentDomains() throws -> EquivalentDomains {
        let versions = try vault.settingVersions(named: EquivalentDomains.settingName)
        guard let bytes = versions.first else { return EquivalentDomains() }
        if versions.count == 1, let cache = equivalentsCache, cache.bytes == bytes { return cache.domains }
        let domains = try Self.merged(versions)
        if versions.count == 1 { equivalentsCache = (bytes, domains) }
        return domains
    }

    /// The groups of every live version (two devices changed them at once before a sync), the shown one first:
    /// their union, the same on every device.
    private static func merged(_ versions: [[UInt8]]) throws(ServiceFailure) -> EquivalentDomains {
        var domains = EquivalentDomains()
        for version in versions { domains.merge(try EquivalentDomains(decoding: version).groups) }
        return domains
    }

    /// The groups for ranking. Groups that cannot be read only add candidates, never take any away, so the list
    /// request goes on without them rather than fail at a login form; `sesame equivalents` reports the problem.
    private func equivalentsForMatching() -> EquivalentDomains {
        (try? equivalentDomains()) ?? EquivalentDomains()
    }

    func declareEquivalents(_ texts: [String]) throws -> EquivalentsChange {
        var sites: [String] = []
        for text in texts {
            let site = try EquivalentDomains.site(of: text, list: vault.publicSuffixList)
            if !sites.contains(site) { sites.append(site) }
        }
        guard sites.count >= 2 else {
            throw ServiceFailure(.invalidInput, "Name at least two different sites to make equivalent.")
        }
        return try changeEquivalents { $0.declare(sites) }
    }

    func forgetEquivalents(_ texts: [String]?) throws -> EquivalentsChange {
        guard let texts else { return try changeEquivalents { $0.removeAll() } }
        var sites: [String] = []
        for text in texts {
            // A domain that is no longer valid (a list that changed) can still be removed as it is stored.
            let site = (try? EquivalentDomains.site(of: text, list: vault.publicSuffixList)) ?? text.lowercased()
            if !sites.contains(site) { sites.append(site) }
        }
        return try changeEquivalents { domains throws(ServiceFailure) in try domains.remove(sites) }
    }

    func mergeEquivalents(_ groups: [EquivalentGroup]) throws -> EquivalentsChange {
        let (normalized, skipped) = EquivalentDomains.normalized(groups, list: vault.publicSuffixList)
        var change = try changeEquivalents { $0.merge(normalized) }
        change.skipped = skipped
        return change
    }

    /// Reads the groups, applies `body`, and writes them back if they changed, in one write transaction so that a
    /// concurrent change in another process is never lost.
    private func changeEquivalents(
        _ body: (inout EquivalentDomains) throws(ServiceFailure) -> EquivalentsChange
    ) throws -> EquivalentsChange {
        var change = EquivalentsChange()
        try vault.updateSettingVersions(named: EquivalentDomains.settingName) { versions in
            var domains = try Self.merged(versions)
            let before = domains
            change = try body(&domains)
            // Concurrent versions are written back merged even when the change itself changed nothing.
            guard domains != before || versions.count > 1 else { return versions.first }
            return domains.isEmpty ? nil : try domains.encoded()
        }
        return change
    }
}
