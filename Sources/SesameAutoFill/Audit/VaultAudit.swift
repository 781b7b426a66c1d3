import Foundation
import SesameDomains
import SesameStore

/// Checks every login for what a user should fix: weak passwords (zxcvbn), one password on several accounts,
/// passwords unchanged for over a year, logins without a one-time code on sites that offer one (when the user gives
/// such a list), and accounts of one shared-credential group holding different passwords.
public struct VaultAudit: Sendable {
    public static let oldAfter: TimeInterval = 365 * 24 * 3600

    public var equivalents: EquivalentDomains
    /// Registrable domains of sites that offer one-time codes; nil when the user gave no list.
    public var twoFactorSites: Set<String>?
    public var publicSuffixList: PublicSuffixList
    public var now: Date
    public var revealing: Bool

    public init(equivalents: EquivalentDomains, twoFactorSites: Set<String>?, publicSuffixList: PublicSuffixList,
                now: Date = Date(), revealing: Bool = false) {
        self.equivalents = equivalents
        self.twoFactorSites = twoFactorSites
        self.publicSuffixList = publicSuffixList
        self.now = now
        self.revealing = revealing
    }

    /// Reads a list of sites that offer one-time codes: one URL or domain a line, `#` comments.
    public static func twoFactorSites(parsing text: String, list: PublicSuffixList) throws(ServiceFailure) -> Set<String> {
        var sites = Set<String>()
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !line.isEmpty else { continue }
            do {
                sites.insert(try EquivalentDomains.site(of: line, list: list))
            } catch {
                throw ServiceFailure(.invalidInput, "Line \(number + 1) of the one-time-code site list: \(error.message)")
            }
        }
        return sites
    }

    public func run(_ items: [Item]) -> AuditReport {
        let logins = items.filter { !$0.password.isEmpty }
        var report = AuditReport(itemsChecked: logins.count)
        let sites = Dictionary(uniqueKeysWithValues: logins.map { ($0.id, self.sites(of: $0)) })
        for item in logins {
            if let strength = PasswordStrength.estimate(item.password, personalWords: [item.title, item.username] + sites[item.id]!.sorted()),
               strength.isWeak {
                report.weak.append(.init(item: entry(item), reason: strength.reason, bits: (strength.bits * 10).rounded() / 10))
            }
            let changed = item.passwordHistory.map(\.replaced).max() ?? item.created
            if now.timeIntervalSince(changed) > Self.oldAfter {
                report.old.append(.init(item: entry(item), passwordChanged: changed))
            }
            if let twoFactorSites, (item.oneTimeCode ?? "").isEmpty,
               let site = sites[item.id]!.sorted().first(where: twoFactorSites.contains) {
                if report.missingOneTimeCode == nil { report.missingOneTimeCode = [] }
                report.missingOneTimeCode!.append(.init(item: entry(item), site: site))
            }
        }
        if twoFactorSites != nil && report.missingOneTimeCode == nil { report.missingOneTimeCode = [] }

        // One password on several accounts; the same account stored for equivalent sites is one account.
        for group in Dictionary(grouping: logins, by: \.password).values where group.count > 1 {
            let accounts = Set(group.map { account(of: $0, sites: sites[$0.id]!) })
            if accounts.count > 1 { report.reused.append(.init(items: group.map(entry).sorted { $0.title < $1.title })) }
        }
        report.reused.sort { $0.items[0].title < $1.items[0].title }

        // One account on the sites of a shared-credential group should have one password.
        for group in equivalents.groups {
            let groupSites = Set(group.domains)
            let members = logins.filter { !sites[$0.id]!.isDisjoint(with: groupSites) }
            for account in Dictionary(grouping: members, by: { $0.username.lowercased() }).values
            where Set(account.map(\.password)).count > 1 {
                report.sharedCredentialMismatch.append(
                    .init(sites: group.domains.sorted(), items: account.map(entry).sorted { $0.title < $1.title }))
            }
        }
        return report
    }

    private func entry(_ item: Item) -> AuditReport.Entry {
        .init(id: item.id.uuidString.lowercased(), title: item.title, password: revealing ? item.password : nil)
    }

    /// The registrable domains of an item's URLs.
    private func sites(of item: Item) -> Set<String> {
        Set(item.urls.compactMap { try? EquivalentDomains.site(of: $0.url, list: publicSuffixList) })
    }

    /// An account: its user name and its first site, moved to the first site of the shared group it is in.
    private func account(of item: Item, sites: Set<String>) -> String {
        let site = sites.sorted().first ?? "title:" + item.title
        let group = equivalents.groups.first { $0.domains.contains(site) }
        return item.username.lowercased() + "@" + (group?.domains.sorted().first ?? site)
    }
}
