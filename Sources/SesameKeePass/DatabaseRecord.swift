import Foundation
import SesameStore

/// A KeePass database's own parts, kept in the vault as ``KeePassDatabaseExtras``: `<Database>` holding its Meta
/// (name, description, default user name, recycle-bin and history settings, colour, custom icons, custom data…),
/// its group tree without entries (so empty groups survive; the recycle bin keeps its entries) and its
/// DeletedObjects, and the outer header's public custom data (base64 of its variant dictionary). Entries travel as
/// items.
enum DatabaseRecord {
    /// Meta elements that describe one file rather than the database: a writer makes its own.
    static let fileSpecificMeta: Set<String> = ["Generator", "HeaderHash", "Binaries"]

    static func extras(from document: KDBXDocument, imported: Date) throws -> KeePassDatabaseExtras? {
        var budget = ExpansionBudget()
        return try extras(from: document, imported: imported, budget: &budget)
    }

    /// The record of `document`; the recycle bin's entries, kept with their attachments inline, are charged to
    /// `budget` first.
    static func extras(from document: KDBXDocument, imported: Date, budget: inout ExpansionBudget) throws
        -> KeePassDatabaseExtras?
    {
        guard let root = document.root.child("Root"), let top = root.child("Group").map(GroupIdentity.identified) else {
            return nil
        }
        let kdbx3 = document.majorVersion < 4
        var meta = document.root.child("Meta") ?? XMLNode("Meta")
        meta.children.removeAll { fileSpecificMeta.contains($0.name) }
        let recycleBin = meta[text: "RecycleBinUUID"].flatMap(KeePassImport.uuid(from:))
        func skeleton(_ group: XMLNode, isTop: Bool) throws -> XMLNode {
            var copy = group
            let isRecycleBin = !isTop && recycleBin != nil && group[text: "UUID"].flatMap(KeePassImport.uuid(from:)) == recycleBin
            copy.children = try group.children.compactMap { child in
                switch child.name {
                case "Group": return try skeleton(child, isTop: false)
                // Recycled entries are not imported as items (that would bring them back); the bin keeps them.
                case "Entry":
                    guard isRecycleBin else { return nil }
                    try budget.charge(ExpansionBudget.cost(of: child, pool: document.binaries))
                    return StoredXML.inliningBinaries(child, pool: document.binaries, attachments: [])
                default: return child
                }
            }
            return copy
        }
        var record = XMLNode("Database", children: [meta, try skeleton(top, isTop: true), root.child("DeletedObjects") ?? XMLNode("DeletedObjects")])
        if let publicCustomData = document.publicCustomData {
            record.children.append(XMLNode("PublicCustomData", text: Data(publicCustomData.serialized()).base64EncodedString()))
        }
        if kdbx3 { record = StoredXML.normalizingTimes(record) }
        var out: [UInt8] = []
        XMLTreeWriter.write(record, into: &out)
        let id = top[text: "UUID"].flatMap { Data(base64Encoded: $0) }.map { $0.map { String(format: "%02x", $0) }.joined() }
        return KeePassDatabaseExtras(id: id ?? UUID().uuidString.lowercased(), fragment: String(decoding: out, as: UTF8.self),
                                     imported: imported)
    }

    /// The public custom data a record kept, if it still parses.
    static func publicCustomData(of database: XMLNode) -> VariantDictionary? {
        database[text: "PublicCustomData"].flatMap { Data(base64Encoded: $0) }.flatMap { try? VariantDictionary(parsing: Array($0)) }
    }

    /// The records' `<Database>` trees, newest import first; unreadable ones are left out rather than blocking an export.
    static func parse(_ records: [KeePassDatabaseExtras]) -> [XMLNode] {
        records.sorted { ($0.imported, $0.id) > ($1.imported, $1.id) }.compactMap { record in
            guard let node = try? XMLTreeReader.parse(Array(record.fragment.utf8)), node.name == "Database" else { return nil }
            return node
        }
    }
}
