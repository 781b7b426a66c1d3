import Foundation

/// Groups are found again by UUID on export, so every group needs its own. A group without a valid UUID, or with
/// one an earlier group already has (a damaged or hand-made file), gets one derived from its parent's UUID, its
/// place and its name: the same on every read of the same file, so items and the database record agree.
enum GroupIdentity {
    static func identified(_ top: XMLNode) -> XMLNode {
        var seen: Set<String> = []
        func visit(_ group: XMLNode, parentID: [UInt8], index: Int) -> XMLNode {
            var group = group
            var id = group[text: "UUID"].flatMap { Data(base64Encoded: $0) }.map(Array.init) ?? []
            if id.count != 16 || id.allSatisfy({ $0 == 0 }) || !seen.insert(Data(id).base64EncodedString()).inserted {
                id = Array(KDBXPrimitives.sha256(parentID, Array(String(index).utf8), [0], Array((group[text: "Name"] ?? "").utf8)).prefix(16))
                seen.insert(Data(id).base64EncodedString())
                let node = XMLNode("UUID", text: Data(id).base64EncodedString())
                if let at = group.children.firstIndex(where: { $0.name == "UUID" }) {
                    group.children[at] = node
                } else {
                    group.children.insert(node, at: 0)
                }
            }
            var childIndex = 0
            for position in group.children.indices where group.children[position].name == "Group" {
                group.children[position] = visit(group.children[position], parentID: id, index: childIndex)
                childIndex += 1
            }
            return group
        }
        return visit(top, parentID: [], index: 0)
    }
}
