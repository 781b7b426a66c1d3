import Foundation

/// The parts of a KeePass entry Sesame has no field for, kept in `Item.keePassExtras` as a small XML fragment:
/// `<Entry>` holding the entry's other elements verbatim (icon, colours, auto-type, unknown elements), its
/// CustomData without Sesame's own item, `<GroupPath>` with the groups it sat in (each a `<Group>` without its
/// entries and subgroups), `<History>` with its full earlier versions, and `<CustomIcons>` with the icons the entry,
/// its versions and its groups show. Groups and icons ride with each entry so that they sync with it.
struct KeePassExtras: Equatable {
    /// Elements the exporter writes itself (mapped from item fields) and so never keeps here.
    static let mappedElements: Set<String> = ["UUID", "Tags", "Times", "String", "Binary", "History", "CustomData"]
    /// Times an item has no field for: kept in a partial `<Times>` among the elements (the expiry time only
    /// matters there while the entry does not expire; an item's expiry wins).
    static let unmappedTimes: Set<String> = ["LastAccessTime", "UsageCount", "LocationChanged", "ExpiryTime"]

    /// What the exporter writes for an entry without extras; an element equal to its default is not kept,
    /// so a Sesame → KeePass → Sesame round trip gives back an item without extras.
    static let defaultElements: [XMLNode] = [
        XMLNode("IconID", text: "0"), XMLNode("ForegroundColor"), XMLNode("BackgroundColor"), XMLNode("OverrideURL"),
        XMLNode("AutoType", children: [XMLNode("Enabled", text: "True"), XMLNode("DataTransferObfuscation", text: "0")]),
    ]

    var elements: [XMLNode] = []
    var customData: XMLNode?
    /// Outermost first, the top group left out.
    var groups: [XMLNode] = []
    /// Oldest first; attachments inline (see `KeePassAttachments`).
    var history: [XMLNode] = []
    var customIcons: [XMLNode] = []

    var groupPath: [String] { groups.map { $0[text: "Name"] ?? "" } }

    init(elements: [XMLNode] = [], customData: XMLNode? = nil, groups: [XMLNode] = [], history: [XMLNode] = [],
         customIcons: [XMLNode] = []) {
        self.elements = elements
        self.customData = customData
        self.groups = groups
        self.history = history
        self.customIcons = customIcons
    }

    init(entry: XMLNode, customData: XMLNode?, groups: [XMLNode], history: [XMLNode], customIcons: [XMLNode]) {
        elements = entry.children.filter { child in
            (child.name == "Times" || !Self.mappedElements.contains(child.name)) && !Self.defaultElements.contains(child)
        }
        self.customData = customData?.children.isEmpty == false ? customData : nil
        self.groups = groups
        self.history = history
        self.customIcons = customIcons
    }

    func serialized() -> String? {
        var children = elements
        if let customData { children.append(customData) }
        if !groups.isEmpty { children.append(XMLNode("GroupPath", children: groups)) }
        if !history.isEmpty { children.append(XMLNode("History", children: history)) }
        if !customIcons.isEmpty { children.append(XMLNode("CustomIcons", children: customIcons)) }
        guard !children.isEmpty else { return nil }
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
            // Earlier versions kept only the names: `<Name>` children.
            // Export nests the item's group that deep: a path no file Sesame reads could hold (a synced item can
            // carry anything) puts the item in the top group instead.
            case "GroupPath" where child.children.count <= KeePassLimits.standard.xmlDepth - 8:
                groups = child.children.map { $0.name == "Name" ? XMLNode("Group", children: [$0]) : $0 }
            case "GroupPath": break
            case "History": history = child.children
            case "CustomIcons": customIcons = child.children
            default: elements.append(child)
            }
        }
    }
}
