import Foundation
import SesameStore

/// Turns Sesame items into a KeePass document: tags stay tags, except the tag naming the group an imported entry
/// came from, which puts it back in that group; `otp` is written in KeePassXC's form; extras come back verbatim.
enum KeePassExport {
    /// `databases` are the KeePass database records kept from imports: the newest gives the file its settings, top
    /// group and header public custom data; all give their groups (empty ones too), custom icons and deletion records.
    /// `deletions` (items deleted in Sesame) become deletion records too, so a KeePass merge deletes those entries.
    static func document(
        from items: [Item], databases records: [KeePassDatabaseExtras] = [], deletions: [ItemDeletion] = [],
        now: Date = Date()
    ) -> KDBXDocument {
        var pool = AttachmentPool()
        let databases = DatabaseRecord.parse(records)
        let top = GroupBuilder(record: databases.first?.child("Group")
            ?? XMLNode("Group", children: [XMLNode("Name", text: "Sesame")]))
        var icons = IconSet()
        var deleted: [XMLNode] = []
        for database in databases {
            if let skeleton = database.child("Group") { top.merge(skeleton, pool: &pool) }
            for icon in database.child("Meta")?.child("CustomIcons")?.children ?? [] { icons.add(icon) }
            deleted += database.child("DeletedObjects")?.children ?? []
        }
        deleted += deletions.map { deletion in
            XMLNode("DeletedObject", children: [
                XMLNode("UUID", text: base64(deletion.id)),
                XMLNode("DeletionTime", text: KeePassTime.format(deletion.deleted)),
            ])
        }
        for item in items {
            let extras = item.keePassExtras.flatMap(KeePassExtras.init(parsing:)) ?? KeePassExtras()
            let groupTag = extras.groupPath.joined(separator: "/")
            let inGroup = !extras.groupPath.isEmpty && item.tags.contains(groupTag)
            let tags = inGroup ? item.tags.filter { $0 != groupTag } : item.tags
            let group = top.group(at: inGroup ? extras.groups : [])
            group.entries.append(entry(from: item, tags: tags, extras: extras, pool: &pool))
            // KeePass keeps one passkey per entry: the others get entries of their own beside it.
            for passkey in item.passkeys.dropFirst() { group.entries.append(passkeyEntry(passkey, of: item)) }
            for icon in extras.customIcons { icons.add(icon) }
        }
        var meta = databases.first?.child("Meta") ?? defaultMeta(now: now)
        meta.children.removeAll { DatabaseRecord.fileSpecificMeta.contains($0.name) || $0.name == "CustomIcons" }
        meta.children.insert(XMLNode("Generator", text: "Sesame"), at: 0)
        if !icons.icons.isEmpty { meta.children.append(XMLNode("CustomIcons", children: icons.icons)) }
        let root = XMLNode("KeePassFile", children: [
            meta, XMLNode("Root", children: [top.node(now: now), XMLNode("DeletedObjects", children: newestPerUUID(deleted))]),
        ])
        return KDBXDocument(root: root, binaries: pool.binaries,
                            publicCustomData: databases.first.flatMap(DatabaseRecord.publicCustomData(of:)))
    }

    /// One deletion record per UUID, the latest deletion where several name it: KeePass deletes an entry edited
    /// before the deletion time, so an older time would bring back edits the newer deletion removed.
    private static func newestPerUUID(_ objects: [XMLNode]) -> [XMLNode] {
        var kept: [XMLNode] = []
        var position: [String: Int] = [:]
        func time(_ object: XMLNode) -> Date { object[text: "DeletionTime"].flatMap(KeePassTime.parse) ?? .distantPast }
        for object in objects {
            let uuid = object[text: "UUID"] ?? ""
            if let index = position[uuid] {
                if time(object) > time(kept[index]) { kept[index] = object }
            } else {
                position[uuid] = kept.count
                kept.append(object)
            }
        }
        return kept
    }

    /// The settings of a file Sesame writes from items alone.
    private static func defaultMeta(now: Date) -> XMLNode {
        let zeroUUID = Data(count: 16).base64EncodedString()
        return XMLNode("Meta", children: [
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
    }

    static func entry(from item: Item, tags: [String], extras: KeePassExtras, pool: inout AttachmentPool) -> XMLNode {
        var children = [XMLNode("UUID", text: base64(item.id))]
        for element in KeePassExtras.defaultElements {
            children.append(extras.elements.first { $0.name == element.name } ?? element)
        }
        children.append(XMLNode("Tags", text: tags.joined(separator: ";")))
        var entryTimes = times(created: item.created, modified: item.modified, expires: item.expires)
        for kept in extras.elements.first(where: { $0.name == "Times" })?.children ?? []
        where kept.name != "ExpiryTime" || item.expires == nil {
            if let index = entryTimes.children.firstIndex(where: { $0.name == kept.name }) { entryTimes.children[index] = kept }
        }
        children.append(entryTimes)
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

        let history = self.history(for: item, kept: extras.history, pool: &pool)
        if !history.isEmpty { children.append(XMLNode("History", children: history)) }
        return XMLNode("Entry", children: children)
    }

    /// The versions an import kept, whole, then one version per password Sesame replaced since (KeePass keeps a
    /// version per edit; Sesame keeps only the passwords).
    static func history(for item: Item, kept: [XMLNode], pool: inout AttachmentPool) -> [XMLNode] {
        var versions = kept.compactMap { StoredXML.referencingBinaries($0, attachments: item.attachments, pool: &pool) }
        let newestKept = kept.compactMap { $0.child("Times")?[text: "LastModificationTime"].flatMap(KeePassTime.parse) }.max()
        for old in item.passwordHistory where newestKept.map({ old.replaced > $0 }) ?? true {
            var version = [XMLNode("UUID", text: base64(item.id))]
            version.append(times(created: item.created, modified: old.replaced, expires: nil))
            version += [string("Title", item.title), string("UserName", item.username),
                        string("Password", old.password, protected: true)]
            versions.append(XMLNode("Entry", children: version))
        }
        return versions
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
        if let passkey = item.passkeys.first {
            for attribute in KeePassPasskey.attributes(of: passkey) { add(attribute.key, attribute.value, protected: attribute.protected) }
        }
        return nodes
    }

    /// The entry for an item's second or later passkey, as KeePassXC makes a passkey entry (title, user name, the
    /// relying party's URL, the attributes), marked in its CustomData with the item it belongs to.
    static func passkeyEntry(_ passkey: Passkey, of item: Item) -> XMLNode {
        let owner = SesameEntryData(passkey: passkey, of: item)
        var children = [XMLNode("UUID", text: base64(KeePassPasskey.entryID(forPasskey: passkey, of: item)))]
        children += KeePassExtras.defaultElements
        children.append(XMLNode("Tags", text: "Passkey"))
        children.append(times(created: passkey.created, modified: item.modified, expires: nil))
        children += [string("Title", "\(item.title) (passkey for \(passkey.relyingPartyID))"),
                     string("UserName", passkey.userName), string("Password", "", protected: true),
                     string("URL", "https://" + passkey.relyingPartyID), string("Notes", "")]
        children += KeePassPasskey.attributes(of: passkey).map { string($0.key, $0.value, protected: $0.protected) }
        children.append(XMLNode("CustomData", children: [XMLNode("Item", children: [
            XMLNode("Key", text: SesameEntryData.customDataKey), XMLNode("Value", text: owner.json()),
        ])]))
        return XMLNode("Entry", children: children)
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

/// Custom icons by UUID, first seen kept, in order.
struct IconSet {
    private(set) var icons: [XMLNode] = []
    private var ids: Set<String> = []

    mutating func add(_ icon: XMLNode) {
        guard let id = icon[text: "UUID"], ids.insert(id).inserted else { return }
        icons.append(icon)
    }
}

/// The group tree being built, one node per group: a group kept from an import comes back with its own UUID,
/// notes, icon, times and custom data. Groups are found by UUID anywhere in the tree (a group moved in a newer
/// import of its database is where that import put it), and by name where only the name was kept.
final class GroupBuilder {
    private final class Registry {
        var byID: [String: GroupBuilder] = [:]
    }

    let record: XMLNode
    var entries: [XMLNode] = []
    private var subgroups: [GroupBuilder] = []
    private let registry: Registry

    init(record: XMLNode) {
        registry = Registry()
        self.record = Self.stripped(record)
        if let id { registry.byID[id] = self }
    }

    private init(record: XMLNode, registry: Registry) {
        self.registry = registry
        self.record = Self.stripped(record)
        if let id { registry.byID[id] = self }
    }

    private static func stripped(_ record: XMLNode) -> XMLNode {
        var copy = record
        copy.children.removeAll { $0.name == "Entry" || $0.name == "Group" }
        return copy
    }

    private var id: String? { record[text: "UUID"] }
    private var name: String { record[text: "Name"] ?? "" }

    private func child(for record: XMLNode) -> GroupBuilder {
        if let id = record[text: "UUID"] {
            if let known = registry.byID[id] { return known }
        } else if let named = subgroups.first(where: { $0.name == (record[text: "Name"] ?? "") }) {
            return named
        }
        let created = GroupBuilder(record: record, registry: registry)
        subgroups.append(created)
        return created
    }

    func group(at path: [XMLNode]) -> GroupBuilder {
        guard let first = path.first else { return self }
        return child(for: first).group(at: Array(path.dropFirst()))
    }

    /// Adds a kept group tree's subgroups and (recycle-bin) entries under this group.
    func merge(_ skeleton: XMLNode, pool: inout AttachmentPool) {
        for node in skeleton.children {
            if node.name == "Group" {
                child(for: node).merge(node, pool: &pool)
            } else if node.name == "Entry", let entry = StoredXML.referencingBinaries(node, attachments: [], pool: &pool) {
                entries.append(entry)
            }
        }
    }

    func node(now: Date) -> XMLNode {
        var uuid = UUID().uuid
        let fresh = withUnsafeBytes(of: &uuid) { Data($0) }.base64EncodedString()
        let defaults = [
            XMLNode("UUID", text: fresh), XMLNode("Name", text: name), XMLNode("Notes"), XMLNode("IconID", text: "48"),
            KeePassExport.times(created: now, modified: now, expires: nil),
            XMLNode("IsExpanded", text: "True"), XMLNode("DefaultAutoTypeSequence"),
            XMLNode("EnableAutoType", text: "null"), XMLNode("EnableSearching", text: "null"),
            XMLNode("LastTopVisibleEntry", text: Data(count: 16).base64EncodedString()),
        ]
        // A group kept from an import is written as it was; one Sesame makes up (or that older extras kept only
        // by name) gets the standard elements.
        let present = Set(record.children.map(\.name))
        let children = id != nil ? record.children : record.children + defaults.filter { !present.contains($0.name) }
        return XMLNode("Group", children: children + entries + subgroups.map { $0.node(now: now) })
    }
}
