import Foundation
import SesameAutoFill
import SesameSecretAttributes

// MARK: - org.freedesktop.DBus.Properties (sd-bus serves Get, GetAll and Set through these)

extension SecretService {
    func getProperty(_ path: String, _ interface: String, _ property: String, into reply: BusMessage) throws(BusError) {
        guard let object = SecretObject.parse(path, aliases: aliases) else { throw .noSuchObject(path) }
        switch object {
        case .service:
            try reply.append(objectPaths: CollectionName.allCases.map(SecretObject.collectionPath))
        case .collection(let collection), .alias(_, let collection):
            try collectionProperty(collection, property, into: reply)
        case .item(let collection, let id):
            try itemProperty(collection, id, property, into: reply)
        case .lockedSearch(let id):
            guard lockedSearches[id] != nil else { throw .noSuchObject(path) }
            // While the vault is locked it shows only that, as every vault item does (the id goes unused).
            try itemProperty(.login, isVaultLocked ? id : try resolveLockedSearch(id), property, into: reply)
        case .session, .prompt:
            throw .invalidArgs("No property '\(property)'.")
        }
    }

    private func collectionProperty(_ collection: CollectionName, _ property: String, into reply: BusMessage) throws(BusError) {
        let locked = collection == .login && isVaultLocked
        switch property {
        case "Items":
            let paths: [String]
            switch collection {
            case .session: paths = memory.ids.map { SecretObject.itemPath(.session, $0) }
            case .login: paths = locked ? [] : try vaultItems().map { SecretObject.itemPath(.login, SecretObject.itemID($0.id)) }
            }
            try reply.append(objectPaths: paths)
        case "Label":
            try reply.append(collection == .session ? memory.label : vaultLabel)
        case "Locked":
            try reply.append(locked)
        case "Created":
            try reply.append(collection == .session ? Self.seconds(memory.created) : 0)
        case "Modified":
            let modified = collection == .session ? memory.modified
                : locked ? nil : (try vaultItems().map(\.modified).max())
            try reply.append(modified.map(Self.seconds) ?? 0)
        default:
            throw .invalidArgs("No property '\(property)'.")
        }
    }

    private func itemProperty(_ collection: CollectionName, _ id: String, _ property: String, into reply: BusMessage) throws(BusError) {
        var label = "", attributes: [String: String] = [:], created: Date?, modified: Date?, locked = false
        switch collection {
        case .session:
            guard let entry = memory.entries[id] else { throw .noSuchObject(SecretObject.itemPath(collection, id)) }
            (label, attributes, created, modified) = (entry.label, entry.attributes, entry.created, entry.modified)
        case .login:
            // A locked vault's items show only that they are locked: their label and attributes are encrypted.
            if isVaultLocked {
                locked = true
            } else if let uuid = SecretObject.uuid(fromItemID: id), let item = try vaultItem(uuid) {
                (label, attributes, created, modified) = (item.label, item.attributes, item.created, item.modified)
            } else {
                throw .noSuchObject(SecretObject.itemPath(collection, id))
            }
        }
        switch property {
        case "Locked": try reply.append(locked)
        case "Attributes": try reply.append(attributes: attributes)
        case "Label": try reply.append(label)
        case "Created": try reply.append(created.map(Self.seconds) ?? 0)
        case "Modified": try reply.append(modified.map(Self.seconds) ?? 0)
        default: throw .invalidArgs("No property '\(property)'.")
        }
    }

    func setProperty(_ path: String, _ interface: String, _ property: String, from value: BusMessage) throws(BusError) {
        switch (SecretObject.parse(path, aliases: aliases), property) {
        case (.collection(let collection)?, "Label"), (.alias(_, let collection)?, "Label"):
            let label = try value.readString()
            switch collection {
            case .session: memory.label = label
            case .login: vaultLabel = label
            }
            for collectionPath in paths(of: collection) {
                bus.emitPropertiesChanged(path: collectionPath, interface: SecretInterfaces.collection.name, names: ["Label"])
            }
        case (.lockedSearch(let id)?, "Label"), (.lockedSearch(let id)?, "Attributes"):
            try setProperty(SecretObject.itemPath(.login, try resolveLockedSearch(id)), interface, property, from: value)
        case (.item(let collection, let id)?, "Label"):
            try requireItem(collection, id)
            let label = try value.readString()
            switch collection {
            case .session:
                memory.update(id) { $0.label = label }
            case .login:
                var change = ItemChange()
                change.title = label.isEmpty ? "Secret Service item" : label
                try withVault { vault throws(ServiceFailure) in _ = try vault.update(try Self.uuid(id), change) }
            }
            itemChanged(path, collection: collection, properties: ["Label", "Modified"])
        case (.item(let collection, let id)?, "Attributes"):
            try requireItem(collection, id)
            let attributes = try value.readAttributes()
            switch collection {
            case .session:
                memory.update(id) { $0.attributes = attributes }
            case .login:
                var change = ItemChange()
                change.attributes = attributes
                try withVault { vault throws(ServiceFailure) in _ = try vault.update(try Self.uuid(id), change) }
            }
            itemChanged(path, collection: collection, properties: ["Attributes", "Modified"])
        default:
            throw .propertyReadOnly(property)
        }
    }

    static func seconds(_ date: Date) -> UInt64 { UInt64(max(0, date.timeIntervalSince1970)) }
}
