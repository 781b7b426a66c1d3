import Foundation
import SesameStore

/// Rewrites of KeePass XML kept in the vault (entry versions, groups, database extras) so that it stands alone:
/// attachments travel inline instead of as references into one file's pool, and times take the KDBX 4 form the
/// exporter writes.
enum StoredXML {
    /// `node` with every `Binary/Value Ref="n"` replaced: by `Attachment="i"` when the bytes are the item's
    /// attachment i (no second copy in the vault), else by the bytes in base64.
    static func inliningBinaries(_ node: XMLNode, pool: [[UInt8]], attachments: [ItemAttachment]) -> XMLNode {
        var node = node
        if node.name == "Binary", let index = node.children.firstIndex(where: { $0.name == "Value" }),
           let ref = node.children[index].attribute("Ref").flatMap(Int.init) {
            let bytes = pool.indices.contains(ref) ? pool[ref] : []
            if let attachment = attachments.firstIndex(where: { $0.data.elementsEqual(bytes) }) {
                node.children[index] = XMLNode("Value", attributes: [("Attachment", String(attachment))])
            } else {
                node.children[index] = XMLNode("Value", text: Data(bytes).base64EncodedString())
            }
            return node
        }
        node.children = node.children.map { inliningBinaries($0, pool: pool, attachments: attachments) }
        return node
    }

    /// The reverse of ``inliningBinaries(_:pool:attachments:)`` into the pool of the file being written. A version
    /// naming an attachment the item no longer has loses that attachment (the user removed it).
    static func referencingBinaries(_ node: XMLNode, attachments: [ItemAttachment], pool: inout AttachmentPool) -> XMLNode? {
        var node = node
        if node.name == "Binary", let index = node.children.firstIndex(where: { $0.name == "Value" }) {
            let value = node.children[index]
            let bytes: [UInt8]
            if let ref = value.attribute("Attachment").flatMap(Int.init) {
                guard attachments.indices.contains(ref) else { return nil }
                bytes = Array(attachments[ref].data)
            } else {
                bytes = Data(base64Encoded: value.text).map(Array.init) ?? []
            }
            node.children[index] = XMLNode("Value", attributes: [("Ref", String(pool.reference(for: bytes)))])
            return node
        }
        node.children = node.children.compactMap { referencingBinaries($0, attachments: attachments, pool: &pool) }
        return node
    }

    /// KDBX 3 writes times as ISO 8601; kept XML is written into KDBX 4 files, where readers such as pykeepass
    /// expect base64 seconds.
    static func normalizingTimes(_ node: XMLNode) -> XMLNode {
        var node = node
        if node.children.isEmpty {
            if node.name.hasSuffix("Time") || node.name.hasSuffix("Changed"), node.text.utf8.contains(0x2D),
               let date = KeePassTime.parse(node.text) {
                node.text = KeePassTime.format(date)
            }
            return node
        }
        node.children = node.children.map(normalizingTimes)
        return node
    }
}
