import Foundation
import SesameStore

/// A CXF document as Sesame items (docs/import-export.md, "Credential Exchange"): every account's items, each
/// through ``CXFItemMapping``, with collections as tags (a sub-collection as `Parent/Child`), and the members the
/// reader skipped reported under `the file`.
public enum CXFImport {
    public static func result(
        from header: CXFHeader, report: CXFReadReport = CXFReadReport(),
        passkeys: some CXFPasskeyMapping = CXFSesamePasskeys(), now: Date = Date()
    ) -> CXFImportResult {
        var result = CXFImportResult()
        let tags = collectionTags(of: header)
        var position = 0
        for account in header.accounts {
            for item in account.items {
                position += 1
                var mapping = CXFItemMapping(
                    item: item, position: position, collectionTags: tags[LinkKey(account: account.id, item: item.id)] ?? [],
                    now: now)
                mapping.map(passkeys: passkeys, into: &result)
            }
        }
        for (name, count) in report.skippedFields.sorted(by: { $0.key < $1.key }) {
            result.skipped.append(.init(location: "the file", kind: "member " + name, count: count,
                                        reason: "Sesame does not read it"))
        }
        return result
    }

    struct LinkKey: Hashable {
        var account: [UInt8]
        var item: [UInt8]
    }

    /// The collection paths each item is in. A linked item names its account when it is not the collection's.
    static func collectionTags(of header: CXFHeader) -> [LinkKey: [String]] {
        var tags: [LinkKey: [String]] = [:]
        func walk(_ collections: [CXFCollection], parent: String?, account: [UInt8]) {
            for collection in collections {
                let title = collection.title.trimmed
                let path = title.isEmpty ? parent : parent.map { $0 + "/" + title } ?? title
                if let path {
                    for linked in collection.items where !linked.item.isEmpty {
                        let key = LinkKey(account: linked.account ?? account, item: linked.item)
                        if !(tags[key] ?? []).contains(path) { tags[key, default: []].append(path) }
                    }
                }
                walk(collection.subCollections, parent: path, account: account)
            }
        }
        for account in header.accounts { walk(account.collections, parent: nil, account: account.id) }
        return tags
    }
}
