import Foundation

/// The parts of a KeePass entry Sesame has no field for, kept in `Item.keePassExtras` as a small XML fragment:
/// `<Entry>` holding the entry's other elements verbatim (icon, colours, auto-type, unknown elements), its
/// CustomData without Sesame's own item, and `<GroupPath>` with the names of the groups it sat in.
struct KeePassExtras: Equatable {
    /// Elements the exporter writes itself (mapped from item fields) and so never keeps here.
    static let mappedElements: Set<String> = ["UUID", "Tags", "Times", "String", "Binary", "History", "CustomData"]

    /// What the exporter writes for an entry without extras; an element equal to its default is not kept,
    /// so a Sesame → KeePass → Sesame round trip gives back an item without extras.
    static let defaultElements: [XMLNode] = [
        XMLNode("IconID", text: "0"), XMLNode("ForegroundColor"), XMLNode("BackgroundColor"), XMLNode("OverrideURL"),
        XMLNode("AutoType", children: [XMLNode("Enabled", text: "True"), XMLNode("DataTransferObfuscation", text: "0")]),
    ]

    var elements: [XMLNode] = []
    var customData: XMLNode?
    var groupPath: [String] = []

    init(elements: [XMLNode] = [], customData: XMLNode? = nil, groupPath: [String] = []) {
        self.elements = elements
        self.customData = customData
        self.groupPath = groupPath
    }

    init(entry: XMLNode, customData: XMLNode?, groupPath: [String]) {
        elements = entry.children.filter { child in
            !Self.mappedElements.contains(child.name) && !Self.defaultElements.contains(child)
        }
        self.customData = customData?.children.isEmpty == false ? customData : nil
        self.groupPath = groupPath
    }

    func serialized() -> String? {
        guard !elements.isEmpty || customData != nil || !groupPath.isEmpty else { return nil }
        var children = elements
        if let customData { children.append(customData) }
        if !groupPath.isEmpty { children.append(XMLNode("GroupPath", children: groupPath.map { XMLNode("Name", text: $0) })) }
        var out: [UInt8] = []
        XMLTreeWriter.write(XMLNode("Entry", children: children), into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Extras written by this module; anything unreadable counts as none rather than blocking an export.
    init?(parsing fragment: String) {
        guard let root = try? XMLTreeReader.parse(Array(fragment.utf8)), root.name == "Entry" else { return nil }
        for child in root.children {
            switch child.name {
            case "CustomData": customData = child
            case "GroupPath": groupPath = child.children(named: "Name").map(\.text)
            default: elements.append(child)
            }
        }
    }
}
