import Foundation
import SesameAutoFill
import SesameSecretAttributes
import SesameStore

// MARK: - Reaching the vault

extension SecretService {
    /// The unlocked vault, asked once per message; nil while locked.
    func currentVault() -> (any SecretServiceVault)? {
        if let cached = messageCache.vault { return cached }
        let unlocked = vault.unlockedVault()
        messageCache.vault = .some(unlocked)
        return unlocked
    }

    var isVaultLocked: Bool { currentVault() == nil }

    /// Runs a vault call, mapping the core's failures to the Secret Service's errors.
    func withVault<T>(_ body: (any SecretServiceVault) throws(ServiceFailure) -> T) throws(BusError) -> T {
        guard let unlocked = currentVault() else { throw .isLocked }
        do throws(ServiceFailure) {
            return try body(unlocked)
        } catch {
            switch error.code {
            case .locked:
                vault.reset()
                messageCache.vault = .some(nil)
                throw .isLocked
            case .notFound:
                throw .noSuchObject("the item is no longer in the vault")
            case .invalidInput:
                throw .invalidArgs(error.message)
            case .unavailable, .protocolError:
                vault.reset()
                throw .failed(error.message)
            default:
                throw .failed(error.message)
            }
        }
    }

    /// A vault item as clients see it; nil when it is not an active item.
    func vaultItem(_ id: UUID) throws(BusError) -> AttributedItem? {
        if let cached = messageCache.items[id] { return cached }
        let item: AttributedItem?
        do throws(BusError) {
            item = try withVault { vault throws(ServiceFailure) in try vault.attributedItem(id) }
        } catch where error.name == BusError.noSuchObject("").name {
            item = nil
        }
        messageCache.items[id] = .some(item)
        return item
    }

    /// Every active vault item (the collection's `Items`).
    func vaultItems() throws(BusError) -> [AttributedItem] {
        if let cached = messageCache.allItems { return cached }
        let items = try withVault { vault throws(ServiceFailure) in try vault.searchAttributes([:]) }
        messageCache.allItems = items
        for item in items { messageCache.items[item.id] = .some(item) }
        return items
    }

    /// Whether an item path names an item. A locked vault's item paths are taken on trust: its methods answer
    /// `IsLocked` rather than pretending the item is gone.
    func itemExists(_ collection: CollectionName, _ id: String) -> Bool {
        switch collection {
        case .session:
            return memory.entries[id] != nil
        case .login:
            guard let uuid = SecretObject.uuid(fromItemID: id) else { return false }
            if isVaultLocked { return true }
            return ((try? vaultItem(uuid)) ?? nil) != nil
        }
    }

    /// Refuses an item path that names no item (any more): `NoSuchObject`, which SecretStorage and libsecret both
    /// read as "not found" (sd-bus's own `UnknownObject` SecretStorage does not know).
    func requireItem(_ collection: CollectionName, _ id: String) throws(BusError) {
        guard itemExists(collection, id) else { throw .noSuchObject(SecretObject.itemPath(collection, id)) }
    }

    func searchPaths(_ collection: CollectionName, _ attributes: [String: String]) throws(BusError) -> [String] {
        switch collection {
        case .session:
            return memory.search(attributes).map { SecretObject.itemPath(.session, $0) }
        case .login:
            guard !isVaultLocked else { return [] }  // a locked vault's attributes are encrypted: nothing to match
            let items = try withVault { vault throws(ServiceFailure) in try vault.searchAttributes(attributes) }
            return items.map { SecretObject.itemPath(.login, SecretObject.itemID($0.id)) }
        }
    }

    /// The paths a collection is reachable at: its own and every alias pointing to it.
    func paths(of collection: CollectionName) -> [String] {
        [SecretObject.collectionPath(collection)]
            + aliases.filter { $0.value == collection }.keys.sorted().map { "\(SecretObject.aliasPrefix)/\($0)" }
    }

    /// Tells clients about an item that appeared, changed or went away: the collection's signal and its `Items`.
    func announce(_ signal: String, item path: String, in collection: CollectionName) {
        for collectionPath in paths(of: collection) {
            bus.emitSignal(path: collectionPath, interface: SecretInterfaces.collection.name, member: signal) { message throws(BusError) in
                try message.appendObjectPath(path)
            }
            if signal != "ItemChanged" {
                messageCache.allItems = nil
                bus.emitPropertiesChanged(path: collectionPath, interface: SecretInterfaces.collection.name, names: ["Items", "Modified"])
            }
        }
        bus.emitSignal(path: SecretObject.root, interface: SecretInterfaces.service.name, member: "CollectionChanged") { message throws(BusError) in
            try message.appendObjectPath(SecretObject.collectionPath(collection))
        }
    }

    /// The session a secret was sent or is wanted in; it must belong to the caller.
    func session(at path: String, for call: BusMessage) throws(BusError) -> SecretSession {
        guard case .session(let id) = SecretObject.parse(path, aliases: aliases), let session = sessions[id],
              session.owner == call.sender
        else { throw .noSession(path) }
        return session
    }
}
