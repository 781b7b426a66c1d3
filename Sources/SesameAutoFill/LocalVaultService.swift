import Foundation
import SesameCrypto
import SesameDomains
import SesameStore

/// Answers `VaultRequest`s from an unlocked `Vault` in this process: what the CLI uses without an agent, and
/// what the agent runs behind its socket.
public final class LocalVaultService: VaultService {
    public let vault: Vault
    private let now: () -> Date
    /// The equivalent domains last read, with the bytes they came from (see `LocalVaultService+Matching`).
    var equivalentsCache: (bytes: [UInt8], domains: EquivalentDomains)?

    /// Told after every request that changed items or their use, so `IdentitySync` can follow the vault.
    public var onChange: ((VaultChange) -> Void)?

    public init(vault: Vault, now: @escaping () -> Date = Date.init) {
        self.vault = vault
        self.now = now
    }

    public func perform(_ request: VaultRequest) throws(ServiceFailure) -> VaultResponse {
        do {
            let response = try handle(request)
            if let onChange, let change = VaultChange(request: request, response: response) { onChange(change) }
            return response
        } catch {
            throw ServiceFailure(error)
        }
    }

    private func handle(_ request: VaultRequest) throws -> VaultResponse {
        switch request {
        case .status:
            let kdf = try vault.kdfParameters()
            return .status(VaultStatus(
                path: vault.path, items: try vault.count(in: .active), trashed: try vault.count(in: .trashed),
                kdfMemoryMiB: kdf.memoryMiB, kdfPasses: Int(kdf.passes)))

        case .list(let state):
            let scan = try vault.allItems(in: [state])
            let items = scan.items.sorted { ($0.title.lowercased(), $0.id.uuidString) < ($1.title.lowercased(), $1.id.uuidString) }
            return .summaries(items.map(ItemSummary.init), damaged: scan.damaged.map(\.description))

        case .resolve(let reference, let states):
            return .item(try vault.resolve(reference, in: states))

        case .add(var item):
            try Self.validate(item)
            let date = now()
            item.created = date
            item.modified = date
            try vault.add(item)
            return .item(item)

        case .importItems(let items):
            // Imported items keep their own times: an interchange round trip (KeePass) must lose nothing.
            for item in items { try Self.validate(item) }
            try vault.add(contentsOf: items)
            return .done

        case .update(let id, let change):
            let item = try vault.updateItem(withID: id, now: now()) { item in
                try change.apply(to: &item)
                try Self.validate(item)
            }
            return .item(item)

        case .delete(let id):
            try vault.delete(id: id)
            return .done

        case .setState(let id, let state):
            guard state != .deleted else { try vault.delete(id: id); return .done }
            try vault.setState(state, ofItemWithID: id)
            return .done

        case .changeMasterPassword(let current, let new, let memory, let passes):
            // Re-verify on a second handle, so a session that is already unlocked still proves knowledge of the
            // password before it can be replaced.
            let check = try Vault(path: vault.path)
            try check.unlock(password: SecureBytes(utf8: current))
            check.lock()
            guard !new.isEmpty else { throw ServiceFailure(.invalidInput, "The new master password is empty.") }
            var kdf: KDFParameters?
            if memory != nil || passes != nil {
                let existing = try vault.kdfParameters()
                kdf = try KDFParameters.generate(
                    memoryMiB: memory ?? existing.memoryMiB, passes: passes ?? Int(existing.passes))
            }
            try vault.changeMasterPassword(to: SecureBytes(utf8: new), kdf: kdf)
            return .done

        case .match(let identifiers):
            return .matches(try matches(for: identifiers))

        case .fill(let identifiers, let username):
            return .credential(try fill(identifiers, username: username))

        case .credential(let id):
            return .credential(try credential(for: id))

        case .lookupSiteCredentials(let query):
            let matches = try SiteCredentials.lookup(query, in: vault, now: now())
            if let first = matches.first { try vault.recordUse(ofItemWithID: first.credential.id, at: now()) }
            return .siteCredentials(matches)

        case .saveSiteCredential(let credential):
            return .item(try SiteCredentials.save(credential, in: vault, now: now()))

        case .rejectSiteCredentials(let query):
            return .ids(try SiteCredentials.reject(query, in: vault, now: now()))

        case .equivalents:
            return .equivalents(try equivalentDomains())
        case .addEquivalents(let domains):
            return .equivalentsChanged(try addEquivalents(domains))
        case .removeEquivalents(let domains):
            return .equivalentsChanged(try removeEquivalents(domains))
        case .importEquivalents(let groups):
            return .equivalentsChanged(try importEquivalents(groups))
        }
    }

    /// Hands over an item's credential and records the use, which ranks it first next time.
    func credential(for id: UUID) throws -> Credential {
        let item = try vault.item(withID: id)
        guard item.state == .active else { throw VaultError.itemNotFound(id) }
        try vault.recordUse(ofItemWithID: id, at: now())
        return Credential(id: id, username: item.item.username, password: item.item.password, expires: item.item.expires)
    }

    /// Rules every stored item keeps, whoever sends it.
    static func validate(_ item: Item) throws {
        guard !item.title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ServiceFailure(.invalidInput, "An item needs a title.")
        }
        for url in item.urls { try ServiceURL.refusePassword(in: url.url) }
    }
}
