import Foundation
import SesameStore

/// Something that answers `VaultRequest`s: the vault in this process, or the agent that holds it unlocked.
public protocol VaultService: AnyObject {
    /// Performs one request. Throws `ServiceFailure` only.
    func perform(_ request: VaultRequest) throws(ServiceFailure) -> VaultResponse
}

// MARK: - Typed calls

extension VaultService {
    public func status() throws(ServiceFailure) -> VaultStatus {
        guard case .status(let status) = try perform(.status) else { throw Self.unexpected }
        return status
    }

    public func list(_ state: ItemState = .active) throws(ServiceFailure) -> (items: [ItemSummary], damaged: [String]) {
        guard case .summaries(let items, let damaged) = try perform(.list(state)) else { throw Self.unexpected }
        return (items, damaged)
    }

    public func resolve(_ reference: String, in states: Set<ItemState> = [.active]) throws(ServiceFailure) -> Item {
        guard case .item(let item) = try perform(.resolve(reference, states: states)) else { throw Self.unexpected }
        return item
    }

    @discardableResult
    public func add(_ item: Item) throws(ServiceFailure) -> Item {
        guard case .item(let item) = try perform(.add(item)) else { throw Self.unexpected }
        return item
    }

    @discardableResult
    public func update(_ id: UUID, _ change: ItemChange) throws(ServiceFailure) -> Item {
        guard case .item(let item) = try perform(.update(id, change)) else { throw Self.unexpected }
        return item
    }

    public func delete(_ id: UUID) throws(ServiceFailure) {
        _ = try perform(.delete(id))
    }

    public func setState(_ state: ItemState, of id: UUID) throws(ServiceFailure) {
        _ = try perform(.setState(id, state))
    }

    public func changeMasterPassword(current: String, new: String, kdfMemoryMiB: Int?, kdfPasses: Int?)
        throws(ServiceFailure)
    {
        _ = try perform(.changeMasterPassword(current: current, new: new, kdfMemoryMiB: kdfMemoryMiB, kdfPasses: kdfPasses))
    }

    public func match(_ identifiers: [ServiceIdentifier]) throws(ServiceFailure) -> [CredentialMatch] {
        guard case .matches(let matches) = try perform(.match(identifiers)) else { throw Self.unexpected }
        return matches
    }

    public func fill(_ identifiers: [ServiceIdentifier], username: String? = nil) throws(ServiceFailure) -> Credential {
        guard case .credential(let credential) = try perform(.fill(identifiers, username: username)) else {
            throw Self.unexpected
        }
        return credential
    }

    public func credential(for id: UUID) throws(ServiceFailure) -> Credential {
        guard case .credential(let credential) = try perform(.credential(id)) else { throw Self.unexpected }
        return credential
    }

    public func lookupSiteCredentials(_ query: SiteCredentialQuery) throws(ServiceFailure) -> [SiteCredentialMatch] {
        guard case .siteCredentials(let matches) = try perform(.lookupSiteCredentials(query)) else {
            throw Self.unexpected
        }
        return matches
    }

    @discardableResult
    public func saveSiteCredential(_ credential: SiteCredential) throws(ServiceFailure) -> Item {
        guard case .item(let item) = try perform(.saveSiteCredential(credential)) else { throw Self.unexpected }
        return item
    }

    @discardableResult
    public func rejectSiteCredentials(_ query: SiteCredentialQuery) throws(ServiceFailure) -> [UUID] {
        guard case .ids(let ids) = try perform(.rejectSiteCredentials(query)) else { throw Self.unexpected }
        return ids
    }

    public func equivalents() throws(ServiceFailure) -> EquivalentDomains {
        guard case .equivalents(let domains) = try perform(.equivalents) else { throw Self.unexpected }
        return domains
    }

    public func addEquivalents(_ domains: [String]) throws(ServiceFailure) -> EquivalentsChange {
        guard case .equivalentsChanged(let change) = try perform(.addEquivalents(domains)) else { throw Self.unexpected }
        return change
    }

    /// Removes the domains from every group; nil removes every group.
    public func removeEquivalents(_ domains: [String]?) throws(ServiceFailure) -> EquivalentsChange {
        guard case .equivalentsChanged(let change) = try perform(.removeEquivalents(domains)) else { throw Self.unexpected }
        return change
    }

    public func importEquivalents(_ groups: [EquivalentGroup]) throws(ServiceFailure) -> EquivalentsChange {
        guard case .equivalentsChanged(let change) = try perform(.importEquivalents(groups)) else { throw Self.unexpected }
        return change
    }

    static var unexpected: ServiceFailure { ServiceFailure(.protocolError, "The vault service gave an unexpected answer.") }
}
