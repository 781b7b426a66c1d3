import Foundation
import SesameCrypto
import SesameDomains
import SesameStore

/// An unlocked `Vault` in this process, behind the core's typed API: what the CLI uses without an agent, what the
/// agent runs behind its socket, and what the iOS app and extension call directly. The Linux features (Auto-Type,
/// browser access, Secret Service attributes) add their conformances in their own modules
/// (`SesameAutoTypeRules`, `SesameBrowserAccess`, `SesameSecretAttributes`), so the Apple build links none of them.
///
/// Each method that changes items or their use tells ``onChange`` itself, so a new method decides on the spot
/// whether the identity store must follow.
public final class LocalVaultService: VaultItems, VaultTrash, CredentialFilling, SiteCredentialService,
    EquivalentsService, MasterPasswordChanging, VaultExporting, VaultPasskeys
{
    public let vault: Vault
    /// The clock every change is dated by; the feature modules' conformances read it too.
    public let now: () -> Date
    /// The equivalent domains last read, with the bytes they came from (see `LocalVaultService+Matching`).
    var equivalentsCache: (bytes: [UInt8], domains: EquivalentDomains)?

    /// Told after every call that changed items or their use, so `IdentitySync` can follow the vault.
    public var onChange: ((VaultChange) -> Void)?

    public init(vault: Vault, now: @escaping () -> Date = Date.init) {
        self.vault = vault
        self.now = now
    }

    /// Runs `body`, translating the core's errors into the one error type of the API.
    private func serve<T>(_ body: () throws -> T) throws(ServiceFailure) -> T {
        do {
            return try body()
        } catch {
            throw ServiceFailure(error)
        }
    }

    private func note(_ change: VaultChange) {
        onChange?(change)
    }

    // MARK: - VaultItems

    public func status() throws(ServiceFailure) -> VaultStatus {
        try serve {
            let kdf = try vault.kdfParameters()
            return VaultStatus(
                path: vault.path, items: try vault.count(in: .active), trashed: try vault.count(in: .trashed),
                kdfMemoryMiB: kdf.memoryMiB, kdfPasses: Int(kdf.passes))
        }
    }

    public func list(_ state: ItemState) throws(ServiceFailure) -> (items: [ItemSummary], damaged: [String]) {
        try serve {
            let scan = try vault.allItems(in: [state])
            let items = scan.items.sorted {
                ($0.title.lowercased(), $0.id.uuidString) < ($1.title.lowercased(), $1.id.uuidString)
            }
            return (items.map(ItemSummary.init), scan.damaged.map(\.description))
        }
    }

    public func resolve(_ reference: String, in states: Set<ItemState>) throws(ServiceFailure) -> ItemView {
        try serve { ItemView(try vault.resolve(reference, in: states)) }
    }

    public func reveal(_ id: UUID) throws(ServiceFailure) -> Item {
        try serve {
            let stored = try vault.item(withID: id)
            guard stored.state != .deleted else { throw VaultError.itemNotFound(id) }
            return stored.item
        }
    }

    @discardableResult
    public func add(_ item: Item) throws(ServiceFailure) -> ItemView {
        var item = item
        try serve {
            try Self.validate(item)
            let date = now()
            item.created = date
            item.modified = date
            try vault.add(item)
        }
        note(.items([item.id]))
        return ItemView(item)
    }

    public func importItems(_ items: [Item], keePassDatabases: [KeePassDatabaseExtras], dryRun: Bool,
                            progress: (Int) -> Void) throws(ServiceFailure) -> ImportSummary
    {
        // Imported items keep their own times: an interchange round trip (KeePass) must lose nothing.
        let plan = try serve {
            for item in items { try Self.validate(item) }
            var plan = ImportPlan(existing: try vault.allItems(in: [.active]).items)
            for item in items { plan.add(item) }
            if !dryRun {
                try vault.commitImport(adding: plan.newItems, changingPasswords: plan.passwordChanges,
                                       addingPasskeys: plan.passkeyAdditions, keePassDatabases: keePassDatabases,
                                       now: now(), progress: progress)
            }
            return plan
        }
        let changed = Set(plan.newItems.map(\.id)).union(plan.passwordChanges.keys).union(plan.passkeyAdditions.keys)
        // One notice for the whole import: the identity store follows once, at the end.
        if !dryRun, !changed.isEmpty { note(.items(changed)) }
        return ImportSummary(entries: plan.entries)
    }

    @discardableResult
    public func update(_ id: UUID, _ change: ItemChange) throws(ServiceFailure) -> ItemView {
        let item = try serve {
            try vault.updateItem(withID: id, now: now()) { item in
                try change.apply(to: &item)
                try Self.validate(item)
            }
        }
        note(.items([id]))
        return ItemView(item)
    }

    public func delete(_ id: UUID) throws(ServiceFailure) {
        try serve { try vault.delete(id: id) }
        note(.items([id]))
    }

    // MARK: - VaultTrash

    public func moveToTrash(_ id: UUID) throws(ServiceFailure) {
        try serve { try vault.setState(.trashed, ofItemWithID: id) }
        note(.items([id]))
    }

    public func restore(_ id: UUID) throws(ServiceFailure) {
        try serve { try vault.setState(.active, ofItemWithID: id) }
        note(.items([id]))
    }

    // MARK: - CredentialFilling

    public func match(_ identifiers: [ServiceIdentifier]) throws(ServiceFailure) -> [CredentialMatch] {
        try serve { try matches(for: identifiers) }
    }

    public func fill(_ identifiers: [ServiceIdentifier], username: String?) throws(ServiceFailure) -> Credential {
        try serve { try fillBest(identifiers, username: username) }
    }

    /// Hands over an item's credential and records the use, which ranks it first next time.
    public func credential(for id: UUID) throws(ServiceFailure) -> Credential {
        let item = try serve {
            let item = try vault.item(withID: id)
            guard item.state == .active else { throw VaultError.itemNotFound(id) }
            try vault.recordUse(ofItemWithID: id, at: now())
            return item.item
        }
        note(.usage(id))
        return Credential(id: id, username: item.username, password: item.password, expires: item.expires)
    }

    // MARK: - SiteCredentialService

    public func lookupSiteCredential(_ query: SiteCredentialQuery) throws(ServiceFailure) -> SiteCredentialMatch? {
        guard let best = try lookupSiteCredentials(query).first else { return nil }
        try serve { try vault.recordUse(ofItemWithID: best.credential.id, at: now()) }
        note(.usage(best.credential.id))
        return best
    }

    /// Every credential stored for the query, best first, without recording a use.
    public func lookupSiteCredentials(_ query: SiteCredentialQuery) throws(ServiceFailure) -> [SiteCredentialMatch] {
        try serve { try SiteCredentials.lookup(query, in: vault, now: now()) }
    }

    @discardableResult
    public func saveSiteCredential(_ credential: SiteCredential) throws(ServiceFailure) -> ItemView {
        let item = try serve { try SiteCredentials.save(credential, in: vault, now: now()) }
        note(.items([item.id]))
        return ItemView(item)
    }

    @discardableResult
    public func rejectSiteCredentials(_ query: SiteCredentialQuery) throws(ServiceFailure) -> [UUID] {
        let ids = try serve { try SiteCredentials.reject(query, in: vault, now: now()) }
        if !ids.isEmpty { note(.items(Set(ids))) }
        return ids
    }

    // MARK: - EquivalentsService (identities never depend on them: no change notices)

    public func equivalents() throws(ServiceFailure) -> EquivalentDomains {
        try serve { try equivalentDomains() }
    }

    public func addEquivalents(_ domains: [String]) throws(ServiceFailure) -> EquivalentsChange {
        try serve { try declareEquivalents(domains) }
    }

    public func removeEquivalents(_ domains: [String]?) throws(ServiceFailure) -> EquivalentsChange {
        try serve { try forgetEquivalents(domains) }
    }

    public func importEquivalents(_ groups: [EquivalentGroup]) throws(ServiceFailure) -> EquivalentsChange {
        try serve { try mergeEquivalents(groups) }
    }

    // MARK: - MasterPasswordChanging

    public func changeMasterPassword(current: SecureBytes, new: SecureBytes, kdfMemoryMiB: Int?, kdfPasses: Int?)
        throws(ServiceFailure)
    {
        try serve {
            try verifyMasterPassword(current)
            guard new.count > 0 else { throw ServiceFailure(.invalidInput, "The new master password is empty.") }
            var kdf: KDFParameters?
            if kdfMemoryMiB != nil || kdfPasses != nil {
                let existing = try vault.kdfParameters()
                kdf = try KDFParameters.generate(
                    memoryMiB: kdfMemoryMiB ?? existing.memoryMiB, passes: kdfPasses ?? Int(existing.passes))
            }
            try vault.changeMasterPassword(to: new, kdf: kdf)
        }
    }

    // MARK: - VaultExporting

    public func export(masterPassword: SecureBytes) throws(ServiceFailure) -> VaultExport {
        try serve {
            try verifyMasterPassword(masterPassword)
            let items = try vault.allItems(in: [.active]).items.sorted {
                ($0.title.lowercased(), $0.id.uuidString) < ($1.title.lowercased(), $1.id.uuidString)
            }
            return VaultExport(
                items: items, keePassDatabases: try vault.keePassDatabases(), deletions: try vault.deletions())
        }
    }

    /// Checks the password on a second handle, so a session that is already unlocked still proves knowledge of
    /// it before bulk secrets leave or the password is replaced.
    private func verifyMasterPassword(_ password: SecureBytes) throws {
        let check = try Vault(path: vault.path, publicSuffixList: vault.publicSuffixList)
        try check.unlock(password: password)
        check.lock()
    }

    /// Rules every stored item keeps, whoever sends it.
    static func validate(_ item: Item) throws {
        guard !item.title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ServiceFailure(.invalidInput, "An item needs a title.")
        }
        for url in item.urls { try ServiceURL.refusePassword(in: url.url) }
        for passkey in item.passkeys {
            if let problem = passkey.problem {
                throw ServiceFailure(.invalidInput, "The passkey for \(passkey.relyingPartyID) cannot be kept: \(problem).")
            }
        }
    }
}
