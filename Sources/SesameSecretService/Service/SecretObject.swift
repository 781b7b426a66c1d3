import Foundation

/// The collections Sesame serves: the vault (`collection/login`, alias `default`) and the in-memory `session`
/// collection GNOME clients and python keyring expect.
enum CollectionName: String, CaseIterable {
    case login
    case session
}

/// An object path of the service, parsed. Paths are the API: what a client passes back must parse to the same
/// object, and anything else is "no such object".
enum SecretObject: Equatable {
    case service
    case collection(CollectionName)
    /// An alias path (`aliases/default`): a live collection object of its own.
    case alias(String, CollectionName)
    case item(CollectionName, String)
    /// A search of the locked vault, standing in for the item it finds once unlocked (`collection/login/search3`).
    case lockedSearch(String)
    case session(String)
    case prompt(String)

    static let root = "/org/freedesktop/secrets"
    static let collectionPrefix = root + "/collection"
    static let aliasPrefix = root + "/aliases"
    static let sessionPrefix = root + "/session"
    static let promptPrefix = root + "/prompt"
    static let none = "/"
    static let lockedSearchPrefix = "search"

    static func parse(_ path: String, aliases: [String: CollectionName]) -> SecretObject? {
        if path == root { return .service }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "", "org", "freedesktop", "secrets", kind, name[, item]
        guard parts.count >= 6, parts.count <= 7, parts[0...3] == ["", "org", "freedesktop", "secrets"],
              parts[4...].allSatisfy(isPathElement)
        else { return nil }
        switch (parts[4], parts.count) {
        case ("collection", 6):
            return CollectionName(rawValue: parts[5]).map { .collection($0) }
        case ("collection", 7) where parts[5] == CollectionName.login.rawValue && parts[6].hasPrefix(lockedSearchPrefix):
            let id = String(parts[6].dropFirst(lockedSearchPrefix.count))
            guard !id.isEmpty, id.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return .lockedSearch(id)
        case ("collection", 7):
            guard let collection = CollectionName(rawValue: parts[5]), isItemID(parts[6], in: collection) else { return nil }
            return .item(collection, parts[6])
        case ("aliases", 6):
            return aliases[parts[5]].map { .alias(parts[5], $0) }
        case ("session", 6):
            return .session(parts[5])
        case ("prompt", 6):
            return .prompt(parts[5])
        default:
            return nil
        }
    }

    var path: String {
        switch self {
        case .service: Self.root
        case .collection(let name): Self.collectionPath(name)
        case .alias(let alias, _): "\(Self.aliasPrefix)/\(alias)"
        case .item(let collection, let id): Self.itemPath(collection, id)
        case .lockedSearch(let id): Self.itemPath(.login, Self.lockedSearchPrefix + id)
        case .session(let id): "\(Self.sessionPrefix)/\(id)"
        case .prompt(let id): "\(Self.promptPrefix)/\(id)"
        }
    }

    static func collectionPath(_ name: CollectionName) -> String { "\(collectionPrefix)/\(name.rawValue)" }
    static func itemPath(_ collection: CollectionName, _ id: String) -> String { "\(collectionPath(collection))/\(id)" }

    /// Vault items are named by their UUID as 32 lowercase hex digits (D-Bus path elements allow no dash).
    static func itemID(_ id: UUID) -> String { id.uuidString.lowercased().replacingOccurrences(of: "-", with: "") }

    static func uuid(fromItemID id: String) -> UUID? {
        guard id.count == 32 else { return nil }
        let hex = Array(id)
        let text = String(hex[0..<8]) + "-" + String(hex[8..<12]) + "-" + String(hex[12..<16]) + "-"
            + String(hex[16..<20]) + "-" + String(hex[20..<32])
        return UUID(uuidString: text)
    }

    private static func isItemID(_ id: String, in collection: CollectionName) -> Bool {
        switch collection {
        case .login: uuid(fromItemID: id) != nil && id == id.lowercased()
        case .session: !id.isEmpty && id.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    private static func isPathElement(_ element: String) -> Bool {
        !element.isEmpty && element.utf8.allSatisfy(\.isPathCharacter)
    }
}
