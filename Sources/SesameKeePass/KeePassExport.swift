import Foundation
import SesameStore

/// Turns Sesame items into a KeePass document: tags stay tags, except the tag naming the group an imported entry
/// came from, which puts it back in that group; `otp` is written in KeePassXC's form; extras come back verbatim.
enum KeePassExport {
    static func document(from items: [Item], now: Date = Date()) -> KDBXDocument {
        var pool = AttachmentPool()
        let top = GroupBuilder(name: "Sesame")
        for item in items {
            let extras = item.keePassExtras.flatMap(KeePassExtras.init(parsing:)) ?? KeePassExtras()
            let groupTag = extras.groupPath.joined(separator: "/")
            let inGroup = !extras.groupPath.isEmpty && item.tags.contains(groupTag)
            let tags = inGroup ? item.tags.filter { $0 != groupTag } : item.tags
            top.group(at: inGroup ? extras.groupPath : []).entries.append(
                entry(from: item, tags: tags, extras: extras, pool: &pool))
        }
        let zeroUUID = Data(count: 16).base64EncodedString()
        let meta = XMLNode("Meta", children: [
            XMLNode("Generator", text: "Sesame"),
            XMLNode("DatabaseName", text: "Sesame"),
            XMLNode("DatabaseNameChanged", text: KeePassTime.format(now)),
            XMLNode("MemoryProtection", children: [
                XMLNode("ProtectTitle", text: "False"), XMLNode("ProtectUserName", text: "False"),
                XMLNode("ProtectPassword", text: "True"), XMLNode("ProtectURL", text: "False"),
                XMLNode("ProtectNotes", text: "False"),
            ]),
            XMLNode("RecycleBinEnabled", text: "False"),
            XMLNode("RecycleBinUUID", text: zeroUUID),
            XMLNode("HistoryMaxItems", text: "-1"),
            XMLNode("HistoryMaxSize", text: "-1"),
        ])
        let root = XMLNode("KeePassFile", children: [
            meta, XMLNode("Root", children: [top.node(now: now), XMLNode("DeletedObjects")]),
        ])
        return KDBXDocument(root: root, binaries: pool.binaries)
    }

    static func entry(from item: Item, tags: [String], extras: KeePassExtras, pool: inout AttachmentPool) -> XMLNode {
        var children = [XMLNode("UUID", text: base64(item.id))]
        for element in KeePassExtras.defaultElements {
            children.append(extras.elements.first { $0.name == element.name } ?? element)
        }
        children.append(XMLNode("Tags", text: tags.joined(separator: ";")))
        children.append(times(created: item.created, modified: item.modified, expires: item.expires))
        children += strings(for: item)
        for attachment in item.attachments {
            children.append(XMLNode("Binary", children: [
                XMLNode("Key", text: attachment.name),
                XMLNode("Value", attributes: [("Ref", String(pool.reference(for: Array(attachment.data))))]),
            ]))
        }
        // Mapped names are skipped too: extras edited by hand must not produce a second UUID or Times.
        let written = Set(KeePassExtras.defaultElements.map(\.name)).union(KeePassExtras.mappedElements)
        children += extras.elements.filter { !written.contains($0.name) }

        var customData = extras.customData ?? XMLNode("CustomData")
        let sesame = SesameEntryData(item: item)
        if !sesame.isEmpty {
            customData.children.append(XMLNode("Item", children: [
                XMLNode("Key", text: SesameEntryData.customDataKey), XMLNode("Value", text: sesame.json()),
            ]))
        }
        if !customData.children.isEmpty { children.append(customData) }

        if !item.passwordHistory.isEmpty {
            children.append(XMLNode("History", children: item.passwordHistory.map { old in
                var version = [XMLNode("UUID", text: base64(item.id))]
                version.append(times(created: item.created, modified: old.replaced, expires: nil))
                version += [string("Title", item.title), string("UserName", item.username),
                            string("Password", old.password, protected: true)]
                return XMLNode("Entry", children: version)
            }))
        }
        return XMLNode("Entry", children: children)
    }

    private static func strings(for item: Item) -> [XMLNode] {
        var used: Set<String> = []
        var nodes: [XMLNode] = []
        func add(_ key: String, _ value: String, protected: Bool = false) {
            // KeePass keys are unique per entry: a custom field named like a standard one gets a suffix.
            var name = key
            var suffix = 2
            while used.contains(name) { name = "\(key) (\(suffix))"; suffix += 1 }
            used.insert(name)
            nodes.append(string(name, value, protected: protected))
        }
        add("Title", item.title)
        add("UserName", item.username)
        add("Password", item.password, protected: true)
        add("URL", item.urls.first?.url ?? "")
        add("Notes", item.notes)
        for (index, url) in item.urls.dropFirst().enumerated() {
            add(index == 0 ? "KP2A_URL" : "KP2A_URL_\(index)", url.url)
        }
        if let oneTimeCode = item.oneTimeCode { add("otp", oneTimeCode, protected: true) }
        for field in item.fields { add(field.name, field.value, protected: field.isProtected) }
        return nodes
    }

    private static func string(_ key: String, _ value: String, protected: Bool = false) -> XMLNode {
        XMLNode("String", children: [
            XMLNode("Key", text: key),
            XMLNode("Value", text: value, attributes: protected ? [("Protected", "True")] : []),
        ])
    }

    static func times(created: Date, modified: Date, expires: Date?) -> XMLNode {
        XMLNode("Times", children: [
            XMLNode("CreationTime", text: KeePassTime.format(created)),
            XMLNode("LastModificationTime", text: KeePassTime.format(modified)),
            XMLNode("LastAccessTime", text: KeePassTime.format(modified)),
            XMLNode("ExpiryTime", text: KeePassTime.format(expires ?? modified)),
            XMLNode("Expires", text: expires == nil ? "False" : "True"),
            XMLNode("UsageCount", text: "0"),
            XMLNode("LocationChanged", text: KeePassTime.format(modified)),
        ])
    }

    static func base64(_ uuid: UUID) -> String {
        withUnsafeBytes(of: uuid.uuid) { Data($0) }.base64EncodedString()
    }
}

/// Attachments by content: KeePass files keep one copy of identical files and reference it by index.
struct AttachmentPool {
    private(set) var binaries: [[UInt8]] = []
    private var indices: [[UInt8]: Int] = [:]

    mutating func reference(for data: [UInt8]) -> Int {
        if let index = indices[data] { return index }
        binaries.append(data)
        indices[data] = binaries.count - 1
        return binaries.count - 1
    }
}

/// The group tree being built, one node per path.
final class GroupBuilder {
    let name: String
    var entries: [XMLNode] = []
    private var subgroups: [GroupBuilder] = []

    init(name: String) { self.name = name }

    func group(at path: [String]) -> GroupBuilder {
        guard let first = path.first else { return self }
        let child = subgroups.first { $0.name == first } ?? {
            let created = GroupBuilder(name: first)
            subgroups.append(created)
            return created
        }()
        return child.group(at: Array(path.dropFirst()))
    }

    func node(now: Date) -> XMLNode {
        var uuid = UUID().uuid
        let id = withUnsafeBytes(of: &uuid) { Data($0) }.base64EncodedString()
        return XMLNode("Group", children: [
            XMLNode("UUID", text: id), XMLNode("Name", text: name), XMLNode("Notes"), XMLNode("IconID", text: "48"),
            KeePassExport.times(created: now, modified: now, expires: nil),
            XMLNode("IsExpanded", text: "True"), XMLNode("DefaultAutoTypeSequence"),
            XMLNode("EnableAutoType", text: "null"), XMLNode("EnableSearching", text: "null"),
            XMLNode("LastTopVisibleEntry", text: Data(count: 16).base64EncodedString()),
        ] + entries + subgroups.map { $0.node(now: now) })
    }
}
