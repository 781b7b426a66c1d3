import Foundation
import SesameAutoFill
import SesameCrypto
import SesameStore

// MARK: - org.freedesktop.Secret.Collection

extension SecretService {
    static let labelKey = "org.freedesktop.Secret.Item.Label"
    static let attributesKey = "org.freedesktop.Secret.Item.Attributes"

    func handleCollection(_ collection: CollectionName, path: String, _ call: BusMessage) throws(BusError) {
        switch call.member {
        case "Delete":
            guard collection == .session else {
                throw .accessDenied("The vault cannot be deleted through the Secret Service; use Sesame itself.")
            }
            let removed = memory.ids
            memory.removeAll()
            for id in removed { announce("ItemDeleted", item: SecretObject.itemPath(.session, id), in: .session) }
            try bus.reply(to: call) { reply throws(BusError) in try reply.appendObjectPath(SecretObject.none) }
        case "SearchItems":
            let attributes = try call.readAttributes()
            let found = collection == .login && isVaultLocked
                ? lockedSearchPaths(attributes, owner: call.sender) : try searchPaths(collection, attributes)
            try bus.reply(to: call) { reply throws(BusError) in try reply.append(objectPaths: found) }
        case "CreateItem":
            try createItem(in: collection, call)
        default:
            throw .unknownMethod(call.member)
        }
    }

    /// Reads `a{sv}` item properties: the label and the attributes; other keys are skipped.
    func readItemProperties(_ call: BusMessage) throws(BusError) -> (label: String?, attributes: [String: String]?) {
        var label: String?
        var attributes: [String: String]?
        try call.enter("a", "{sv}")
        var entries = 0
        while try call.enterIfPresent("e", "sv") {
            entries += 1
            guard entries <= BusBudget.propertyEntries else { throw .propertiesOverBudget }
            let key = try call.readString()
            let contents = try call.peekVariantContents()
            switch (key, contents) {
            case (Self.labelKey, "s"?):
                try call.enter("v", "s")
                label = try call.readString()
                try call.exit()
            case (Self.attributesKey, "a{ss}"?):
                try call.enter("v", "a{ss}")
                attributes = try call.readAttributes()
                try call.exit()
            case (Self.labelKey, _), (Self.attributesKey, _):
                throw .invalidArgs("'\(key)' has the wrong type.")
            default:
                try call.skip()
            }
            try call.exit()
        }
        try call.exit()
        return (label, attributes)
    }

    private func createItem(in collection: CollectionName, _ call: BusMessage) throws(BusError) {
        let (label, attributes) = try readItemProperties(call)
        let transport = try call.readSecret()
        let replace = try call.readBool()
        let secret = try session(at: transport.session, for: call).decode(transport)
        let itemPath: String
        let isNew: Bool
        switch collection {
        case .session:
            let now = Date()
            let entry = MemoryCollection.Entry(
                label: label ?? "", attributes: attributes ?? [:], secret: secret,
                contentType: transport.contentType.isEmpty ? "text/plain" : transport.contentType, created: now, modified: now)
            guard memory.fits(entry, replacing: memory.replaced(by: entry, replace: replace)) else {
                throw .limitsExceeded("The session collection holds at most \(BusBudget.memoryItems) items of \(BusBudget.describe(bytes: BusBudget.memoryBytes)) together.")
            }
            let stored = memory.store(entry, replace: replace)
            itemPath = SecretObject.itemPath(.session, stored.id)
            isNew = stored.isNew
        case .login:
            let password = try Self.text(of: secret)
            let title = (label?.isEmpty == false ? label : nil) ?? "Secret Service item"
            let item = Item(title: title, password: password, attributes: attributes ?? [:])
            let stored = try withVault { vault throws(ServiceFailure) in try vault.storeAttributed(item, replace: replace) }
            itemPath = SecretObject.itemPath(.login, SecretObject.itemID(stored.id))
            isNew = stored.id == item.id
        }
        announce(isNew ? "ItemCreated" : "ItemChanged", item: itemPath, in: collection)
        try bus.reply(to: call) { reply throws(BusError) in
            try reply.appendObjectPath(itemPath)
            try reply.appendObjectPath(SecretObject.none)
        }
    }

    /// The vault keeps passwords as text: a secret that is not UTF-8 is refused rather than altered.
    static func text(of secret: SecureBytes) throws(BusError) -> String {
        let text = secret.withUnsafeBytes { String(validating: $0.bindMemory(to: UInt8.self), as: UTF8.self) }
        guard let text else {
            throw .invalidArgs("Sesame's vault keeps text secrets only (UTF-8); store binary secrets in the session collection or encode them.")
        }
        return text
    }
}
