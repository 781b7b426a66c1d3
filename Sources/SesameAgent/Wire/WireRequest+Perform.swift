import Foundation
import SesameAutoFill
import SesameBrowserAccess
import SesameCrypto
import SesameStore

extension WireRequest {
    /// Runs a vault operation still in ``WireOperation`` on the unlocked vault and builds its reply (the others are
    /// performed by their own ``AgentOperation`` type).
    /// `secrets` are the raw frames the operation's policy asked for, in order.
    func perform(_ operation: WireOperation, on vault: any UnlockedVault, secrets: [SecureBytes])
        throws(ServiceFailure) -> WireReply
    {
        var reply = WireReply(.result, id: id)
        switch operation {
        case .list:
            let (items, damaged) = try vault.list(try WireItemState.parse(state))
            reply.summaries = items
            reply.damaged = damaged
        case .resolve:
            var wanted: Set<ItemState> = []
            for name in try required(states, "states") { wanted.insert(try WireItemState.parse(name)) }
            reply.view = WireItemView(try vault.resolve(try required(reference, "reference"), in: wanted))
        case .reveal:
            reply.revealed = try vault.reveal(try required(itemID, "itemID"))
        case .add:
            reply.view = WireItemView(try vault.add(try required(item, "item")))
        case .importItems:
            reply.importSummary = try vault.importItems(
                try required(items, "items"), keePassDatabases: keePassDatabases ?? [], dryRun: dryRun ?? false, progress: { _ in })
        case .update:
            reply.view = WireItemView(try vault.update(try required(itemID, "itemID"), try required(change, "change")))
        case .match:
            reply.matches = try vault.match(try required(identifiers, "identifiers"))
        case .fill:
            reply.credential = try vault.fill(try required(identifiers, "identifiers"), username: username)
        case .export:
            let export = try vault.export(masterPassword: secrets[0])
            reply.exported = export.items
            if !export.keePassDatabases.isEmpty { reply.keePassDatabases = export.keePassDatabases }
            if !export.deletions.isEmpty { reply.deletions = export.deletions }
        case .browserLogins, .browserSaveLogin, .browserOneTimeCode:
            guard let browser = vault as? any BrowserAccess else {
                throw ServiceFailure(.unavailable, "This vault service does not serve browsers.")
            }
            return try performBrowser(operation, on: browser)
        case .audit:
            guard let local = vault as? LocalVaultService else {
                throw ServiceFailure(.unavailable, "This vault service does not audit.")
            }
            // Never revealing: the report leaves the agent with titles, reasons and counts only.
            reply.auditReport = try local.audit(VaultAudit(
                equivalents: EquivalentDomains(), twoFactorSites: twoFactorSites.map(Set.init),
                publicSuffixList: local.vault.publicSuffixList, revealing: false))
        case .hello, .attach, .unlock, .lock, .status, .stop, .browserAssociate, .browserPending, .browserAnswer,
            .sync, .syncStatus:
            throw ServiceFailure(.protocolError, "'\(type)' is not a vault operation.")
        }
        return reply
    }

    func required<T>(_ value: T?, _ name: String) throws(ServiceFailure) -> T {
        guard let value else { throw ServiceFailure(.protocolError, "A '\(type)' message needs '\(name)'.") }
        return value
    }
}
