/// What a KeePass file may become in items, charged before each entry (or each kept recycled entry) is built.
/// An entry carries copies of what it shares with others: the attachments it references and the records of the
/// groups above it. A small file can make each of those huge for many entries at once (one attachment referenced
/// by every entry, a long group note above thousands of entries), so their copies are counted per entry.
struct ExpansionBudget {
    private(set) var remaining: Int
    private let limit: Int

    init(limits: KeePassLimits = .standard) {
        limit = limits.itemBytes
        remaining = limits.itemBytes
    }

    mutating func charge(_ bytes: Int) throws {
        guard bytes <= remaining else {
            throw KeePassError.exceedsLimits(
                "its entries would become more than \(BudgetText.size(limit)) of items (their attachments and "
                    + "groups counted for each entry)")
        }
        remaining -= bytes
    }

    /// About what `node` becomes in an item: its names, attributes and text, and the attachments it references
    /// (inlined in base64 where kept as XML, so counted at that size).
    static func cost(of node: XMLNode, pool: [[UInt8]]) -> Int {
        var total = node.name.utf8.count + node.text.utf8.count
        for attribute in node.attributes {
            total += attribute.name.utf8.count + attribute.value.utf8.count
            if attribute.name == "Ref", let ref = Int(attribute.value), pool.indices.contains(ref) {
                total += (pool[ref].count + 2) / 3 * 4
            }
        }
        for child in node.children { total += cost(of: child, pool: pool) }
        return total
    }
}
