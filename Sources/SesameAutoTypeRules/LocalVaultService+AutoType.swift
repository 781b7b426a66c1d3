import Foundation
import SesameAutoFill
import SesameAutoType
import SesameStore

// MARK: - AutoTypeService (rules are a setting: no item changes, no change notices)

extension LocalVaultService: AutoTypeService {
    /// The vault setting that holds the rules, sealed like items.
    public static let autoTypeRulesSettingName = "autotype-rules"

    public func autoTypeRules() throws(ServiceFailure) -> [AutoTypeRule] {
        do {
            return try readAutoTypeRules(try vault.setting(named: Self.autoTypeRulesSettingName))
        } catch {
            throw ServiceFailure(error)
        }
    }

    @discardableResult
    public func addAutoTypeRule(_ rule: AutoTypeRule) throws(ServiceFailure) -> AutoTypeRule {
        try rule.validate()
        do {
            let (item, state) = try vault.item(withID: rule.itemID)
            guard state == .active else {
                throw ServiceFailure(.notFound, "The item '\(item.title)' is in the trash; restore it first.")
            }
            try vault.updateSetting(named: Self.autoTypeRulesSettingName) { bytes in
                var rules = try readAutoTypeRules(bytes)
                if rules.contains(where: {
                    $0.itemID == rule.itemID && $0.titlePattern == rule.titlePattern && $0.windowClass == rule.windowClass
                }) {
                    throw ServiceFailure(.invalidInput, "The same rule for '\(item.title)' exists already.")
                }
                rules.append(rule)
                return try encodeAutoTypeRules(rules)
            }
            return rule
        } catch {
            throw ServiceFailure(error)
        }
    }

    @discardableResult
    public func removeAutoTypeRule(_ reference: String) throws(ServiceFailure) -> AutoTypeRule {
        let wanted = reference.lowercased()
        guard wanted.count >= 4 else {
            throw ServiceFailure(.invalidInput, "Name a rule by its id or at least its first 4 characters.")
        }
        var removed: AutoTypeRule?
        do {
            try vault.updateSetting(named: Self.autoTypeRulesSettingName) { bytes in
                var rules = try readAutoTypeRules(bytes)
                let named = rules.filter { $0.id.uuidString.lowercased().hasPrefix(wanted) }
                guard named.count == 1, let rule = named.first else {
                    throw ServiceFailure(named.isEmpty ? .notFound : .ambiguous,
                                         named.isEmpty ? "No Auto-Type rule has the id '\(reference)'."
                                                       : "Several Auto-Type rules start with '\(reference)'; give more of the id.")
                }
                rules.removeAll { $0.id == rule.id }
                removed = rule
                return rules.isEmpty ? nil : try encodeAutoTypeRules(rules)
            }
        } catch {
            throw ServiceFailure(error)
        }
        return removed!
    }

    public func autoTypeCandidates(for window: AutoTypeWindow, site: String?) throws(ServiceFailure) -> [AutoTypeCandidate] {
        if site == nil {
            var candidates: [AutoTypeCandidate] = []
            for rule in try autoTypeRules() where rule.matches(window) {
                // A rule whose item was deleted or trashed since chooses nothing.
                guard let (item, state) = try? vault.item(withID: rule.itemID), state == .active,
                      !candidates.contains(where: { $0.itemID == item.id })
                else { continue }
                candidates.append(AutoTypeCandidate(itemID: item.id, title: item.title, username: item.username,
                                                    ruleID: rule.id, sequence: rule.sequence))
            }
            if !candidates.isEmpty { return candidates }
        }
        // A browser's title is the page's to choose: there, only a rule or a site handed in picks a login.
        if site == nil && AutoTypeBrowserWindows.isBrowser(window) { return [] }
        var candidates: [AutoTypeCandidate] = []
        for name in site.map({ [$0] }) ?? AutoTypeTitleSites.sites(in: window.title) {
            // A word that is no valid site name is simply not one; only the matcher's verdict counts.
            guard let matches = try? match([ServiceIdentifier(parsing: name)]), let best = matches.first else { continue }
            for match in matches where match.match == best.match && match.samePort == best.samePort
                && !candidates.contains(where: { $0.itemID == match.id }) {
                candidates.append(AutoTypeCandidate(itemID: match.id, title: match.title, username: match.username,
                                                    site: name))
            }
        }
        return candidates
    }

    private func readAutoTypeRules(_ bytes: [UInt8]?) throws -> [AutoTypeRule] {
        guard let bytes else { return [] }
        do {
            return try JSONDecoder().decode([AutoTypeRule].self, from: Data(bytes))
        } catch {
            throw VaultError.damaged(path: vault.path, detail: "the Auto-Type rules do not read")
        }
    }

    private func encodeAutoTypeRules(_ rules: [AutoTypeRule]) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Array(try encoder.encode(rules))
    }
}
