import Foundation
import SesameStore

/// Decides what an import does with each item: the same site, user name and password as an item already there
/// (or as an earlier item of the same import) is skipped; the same site and user name with another password
/// updates that item's password (the old one goes into its history); anything else is created.
///
/// The site is the host (and port, when not the default) of the item's first URL, a bare host read as https, the
/// same way the site-credential rules read stored URLs; an item without a URL is its own site by title.
///
/// Passkeys are never dropped with a skipped login: those whose credential id the vault does not hold yet go to
/// the item the login matched (which then counts as updated); one already held anywhere is not added twice.
struct ImportPlan {
    private(set) var newItems: [Item] = []
    private(set) var passwordChanges: [UUID: [String]] = [:]
    private(set) var passkeyAdditions: [UUID: [Passkey]] = [:]
    private(set) var entries: [ImportSummary.Entry] = []
    /// Credential ids the vault holds or this import has placed.
    private var credentialIDs: Set<[UInt8]> = []

    /// What the vault holds per site and user: the item and its current password (as the plan leaves it).
    private var known: [Key: (id: UUID, password: String, newIndex: Int?)] = [:]

    struct Key: Hashable {
        var site: String
        var username: String
    }

    init(existing: [Item]) {
        for item in existing {
            credentialIDs.formUnion(item.passkeys.map(\.credentialID))
            for site in Self.sites(of: item) {
                let key = Key(site: site, username: item.username)
                if known[key] == nil { known[key] = (item.id, item.password, nil) }
            }
        }
    }

    mutating func add(_ item: Item) {
        var item = item
        item.passkeys = item.passkeys.filter { credentialIDs.insert($0.credentialID).inserted }
        let key = Key(site: Self.sites(of: item).first ?? "", username: item.username)
        guard let match = known[key] else {
            known[key] = (item.id, item.password, newItems.count)
            newItems.append(item)
            entries.append(.init(.created, item.id))
            return
        }
        if !item.passkeys.isEmpty {
            if let index = match.newIndex {
                newItems[index].passkeys += item.passkeys
            } else {
                passkeyAdditions[match.id, default: []] += item.passkeys
            }
        }
        if match.password == item.password {
            entries.append(.init(item.passkeys.isEmpty ? .skipped : .updated, match.id))
            return
        }
        if let index = match.newIndex {
            // Two rows of one file for the same login: the later password wins, the earlier goes to history.
            var earlier = newItems[index]
            if !earlier.password.isEmpty {
                earlier.passwordHistory.append(PasswordHistoryEntry(password: earlier.password, replaced: item.modified))
            }
            earlier.password = item.password
            newItems[index] = earlier
        } else {
            passwordChanges[match.id, default: []].append(item.password)
        }
        known[key] = (match.id, item.password, match.newIndex)
        entries.append(.init(.updated, match.id))
    }

    /// Every site an item stands for; the first is its primary one.
    static func sites(of item: Item) -> [String] {
        let sites = item.urls.compactMap { url -> String? in
            guard let parsed = SiteCredentials.resolve(url) else {
                let raw = url.url.trimmingCharacters(in: .whitespaces).lowercased()
                return raw.isEmpty ? nil : raw
            }
            return parsed.host.ascii + (parsed.port.map { ":\($0)" } ?? "")
        }
        return sites.isEmpty ? ["title:" + item.title.lowercased()] : sites
    }
}
