import Foundation

// MARK: - Finding an item by what a person types

extension Vault {
    /// The item a person means by `reference`: its id (or an unambiguous prefix of the id), its exact title
    /// (case-insensitive), or an unambiguous prefix of its title.
    public func resolve(_ reference: String, in states: Set<ItemState> = [.active]) throws -> Item {
        if let id = UUID(uuidString: reference) {
            let found = try item(withID: id)
            guard states.contains(found.state) else { throw VaultError.itemNotFound(id) }
            return found.item
        }
        let scan = try allItems(in: states)
        return try Self.pick(reference, from: scan.items)
    }

    static func pick(_ reference: String, from items: [Item]) throws -> Item {
        let matches = ItemReference.candidates(reference, in: items, id: \.id, title: \.title)
        switch matches.count {
        case 0: throw ReferenceError.notFound(reference)
        case 1: return matches[0]
        default: throw ReferenceError.ambiguous(reference, candidates: matches.map(ReferenceError.Candidate.init))
        }
    }
}

/// The rules by which a person names an item, apart from the vault, so a shell can offer the candidates of an
/// ambiguous name to choose from (`sesame show GitHub` with two GitHub logins) by the very rules `resolve` follows.
public enum ItemReference {
    /// The items `reference` names: those whose title is exactly it (case-insensitive) when there are any, else
    /// those whose id starts with it (4+ characters) and those whose title starts with it. One candidate resolves;
    /// several are ambiguous; none is not found.
    public static func candidates<T>(
        _ reference: String, in items: [T], id: (T) -> UUID, title: (T) -> String
    ) -> [T] {
        let wanted = reference.lowercased()
        guard !wanted.isEmpty else { return [] }
        let exact = items.filter { title($0).lowercased() == wanted }
        if !exact.isEmpty { return exact }
        let byID = wanted.count >= 4 ? items.filter { id($0).uuidString.lowercased().hasPrefix(wanted) } : []
        let byTitle = items.filter { title($0).lowercased().hasPrefix(wanted) }
        return byID + byTitle.filter { candidate in !byID.contains { id($0) == id(candidate) } }
    }
}

/// A reference that names no item, or several.
public enum ReferenceError: Error, Equatable, Sendable, CustomStringConvertible {
    public struct Candidate: Equatable, Sendable, Codable {
        public var id: UUID
        public var title: String
        init(_ item: Item) {
            id = item.id
            title = item.title
        }
    }

    case notFound(String)
    case ambiguous(String, candidates: [Candidate])

    public var description: String {
        switch self {
        case .notFound(let reference):
            return "No item matches '\(reference)'; see 'sesame list'."
        case .ambiguous(let reference, let candidates):
            let names = candidates.sorted { $0.title < $1.title }
                .map { "'\($0.title)' (\($0.id.uuidString.lowercased().prefix(8)))" }
            return "'\(reference)' matches \(candidates.count) items: \(names.joined(separator: ", ")); be more specific or use an id."
        }
    }
}
