import Foundation
import SesameStore

/// Turns a decrypted KeePass document into Sesame items: groups become tags (and are remembered, to be restored on
/// export), history becomes password history, and whatever Sesame has no field for stays in `keePassExtras`.
enum KeePassImport {
    static let standardKeys: Set<String> = ["Title", "UserName", "Password", "URL", "Notes"]

    static func items(from document: KDBXDocument) throws -> [Item] {
        var budget = ExpansionBudget()
        return try entries(from: document, budget: &budget).map(\.item)
    }

    /// One entry as read: the item, the names of the groups it sat in below the top group (outermost first), and
    /// why its passkey could not be read, if it has one Sesame cannot use.
    typealias Entry = (item: Item, groups: [String], passkeyProblem: String?)

    /// The items with their groups. Each entry is charged to `budget` before it is built, with the records of the
    /// groups above it that it carries. An entry Sesame wrote for an item's second or later passkey goes back into
    /// that item when the item is in the file too.
    static func entries(from document: KDBXDocument, budget: inout ExpansionBudget) throws -> [Entry] {
        guard document.root.name == "KeePassFile", let root = document.root.child("Root"),
              let top = root.child("Group").map(GroupIdentity.identified) else {
            throw KeePassError.damaged("its XML has no root group")
        }
        let meta = document.root.child("Meta")
        let recycleBin = meta?[text: "RecycleBinUUID"].flatMap(uuid(from:))
        var icons: [String: XMLNode] = [:]
        for icon in meta?.child("CustomIcons")?.children(named: "Icon") ?? [] {
            if let id = icon[text: "UUID"] { icons[id] = icon }
        }
        let context = Context(binaries: document.binaries, icons: icons, kdbx3: document.majorVersion < 4)
        var entries: [Entry] = []
        var passkeyOwners: [Int: UUID] = [:]
        // One stack of group records for the whole walk, pushed and popped per level: copying the path for each
        // group made nested groups cost the square of their depth (8,000 levels took 1.6 GB).
        var path: [XMLNode] = []
        var pathCost = [0]
        func visit(_ group: XMLNode) throws {
            // Entries in the recycle bin were deleted by the user: importing them would resurrect them.
            if let recycleBin, group[text: "UUID"].flatMap(uuid(from:)) == recycleBin, !path.isEmpty { return }
            for entry in group.children(named: "Entry") {
                try budget.charge(ExpansionBudget.cost(of: entry, pool: context.binaries) + pathCost[pathCost.count - 1])
                let (read, problem) = item(from: entry, groups: path, context: context)
                if let owner = passkeyOwner(of: entry), read.passkeys.count == 1 { passkeyOwners[entries.count] = owner }
                entries.append((read, path.map { $0[text: "Name"] ?? "" }, problem))
            }
            for child in group.children(named: "Group") {
                let record = groupRecord(child, kdbx3: context.kdbx3)
                path.append(record)
                pathCost.append(pathCost[pathCost.count - 1] + ExpansionBudget.cost(of: record, pool: []))
                defer {
                    path.removeLast()
                    pathCost.removeLast()
                }
                try visit(child)
            }
        }
        try visit(top)
        return foldingPasskeyEntries(entries, owners: passkeyOwners)
    }

    /// Moves the passkey of each entry written for another item's extra passkey back into that item, in file order.
    private static func foldingPasskeyEntries(_ entries: [Entry], owners: [Int: UUID]) -> [Entry] {
        guard !owners.isEmpty else { return entries }
        var result = entries
        var positions: [UUID: Int] = [:]
        for (index, entry) in entries.enumerated() where owners[index] == nil { positions[entry.item.id] = index }
        var folded: Set<Int> = []
        for index in owners.keys.sorted() {
            guard let owner = owners[index], let target = positions[owner] else { continue }
            result[target].item.passkeys += entries[index].item.passkeys
            folded.insert(index)
        }
        return result.enumerated().filter { !folded.contains($0.offset) }.map(\.element)
    }

    /// The item an entry's passkey belongs to, when Sesame wrote the entry for an item's extra passkey.
    private static func passkeyOwner(of entry: XMLNode) -> UUID? {
        let data = entry.child("CustomData")?.children.first { $0.name == "Item" && $0[text: "Key"] == SesameEntryData.customDataKey }
        return data.flatMap { SesameEntryData.parse($0[text: "Value"] ?? "") }?.passkeyOf
    }

    /// What the reader needs beyond the entry itself: the file's attachment pool and custom icons (by base64 UUID).
    struct Context {
        var binaries: [[UInt8]] = []
        var icons: [String: XMLNode] = [:]
        var kdbx3 = false
    }

    /// A group as kept in the vault: its own elements, without its entries and subgroups.
    static func groupRecord(_ group: XMLNode, kdbx3: Bool) -> XMLNode {
        var record = group
        record.children.removeAll { $0.name == "Entry" || $0.name == "Group" }
        return kdbx3 ? StoredXML.normalizingTimes(record) : record
    }

    static func uuid(from base64: String) -> UUID? {
        guard let bytes = Data(base64Encoded: base64), bytes.count == 16 else { return nil }
        let zero = bytes.allSatisfy { $0 == 0 }
        return zero ? nil : bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    static func item(from entry: XMLNode, groups: [XMLNode], context: Context) -> (Item, passkeyProblem: String?) {
        var strings: [(key: String, value: String, protected: Bool)] = []
        for string in entry.children(named: "String") {
            guard let key = string[text: "Key"] else { continue }
            let value = string.child("Value")
            strings.append((key, value?.text ?? "", value?.attribute("Protected")?.lowercased() == "true"))
        }
        let byKey = Dictionary(strings.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let title = byKey["Title"] ?? ""
        let times = entry.child("Times")
        let created = times?[text: "CreationTime"].flatMap(KeePassTime.parse) ?? Date(timeIntervalSince1970: 0)
        var item = Item(
            id: entry[text: "UUID"].flatMap(uuid(from:)) ?? UUID(), title: title, username: byKey["UserName"] ?? "",
            password: byKey["Password"] ?? "", notes: byKey["Notes"] ?? "", created: created,
            modified: times?[text: "LastModificationTime"].flatMap(KeePassTime.parse) ?? created)
        if times?[text: "Expires"]?.lowercased() == "true" {
            item.expires = times?[text: "ExpiryTime"].flatMap(KeePassTime.parse)
        }

        var consumed = standardKeys
        if let url = byKey["URL"], !url.isEmpty { item.urls.append(ItemURL(url)) }
        let additional = strings.filter { isAdditionalURLKey($0.key) }
            .sorted { additionalURLIndex($0.key) < additionalURLIndex($1.key) }
        for string in additional {
            consumed.insert(string.key)
            if !string.value.isEmpty { item.urls.append(ItemURL(string.value)) }
        }
        if let (uri, sources) = KeePassOneTimeCode.read(strings: byKey, title: title) {
            item.oneTimeCode = uri
            consumed.formUnion(sources)
        }
        var passkeyProblem: String?
        switch KeePassPasskey.read(byKey, created: created) {
        case .passkey(let passkey)?:
            item.passkeys = [passkey]
            consumed.formUnion(KeePassPasskey.names)
        case .unusable(let reason)?:
            passkeyProblem = reason
        case nil:
            break
        }
        item.fields = strings.filter { !consumed.contains($0.key) }
            .map { CustomField(name: $0.key, value: $0.value, isProtected: $0.protected) }

        let tagText = entry[text: "Tags"] ?? ""
        item.tags = tagText.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "\t" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let groupPath = groups.map { $0[text: "Name"] ?? "" }
        let groupTag = groupPath.joined(separator: "/")
        if !groupPath.isEmpty && !item.tags.contains(groupTag) { item.tags.insert(groupTag, at: 0) }

        let versions = entry.child("History")?.children(named: "Entry") ?? []
        item.passwordHistory = passwordHistory(versions, currentPassword: item.password)
        for binary in entry.children(named: "Binary") {
            guard let name = binary[text: "Key"], let value = binary.child("Value") else { continue }
            let data: [UInt8]
            if let ref = value.attribute("Ref").flatMap(Int.init), context.binaries.indices.contains(ref) {
                data = context.binaries[ref]
            } else {
                data = Data(base64Encoded: value.text).map(Array.init) ?? []
            }
            item.attachments.append(ItemAttachment(name: name, data: Data(data)))
        }

        var customData = entry.child("CustomData")
        if let index = customData?.children.firstIndex(where: { $0.name == "Item" && $0[text: "Key"] == SesameEntryData.customDataKey }) {
            SesameEntryData.parse(customData?.children[index][text: "Value"] ?? "")?.apply(to: &item)
            customData?.children.remove(at: index)
        }
        var history = versions.map { version in
            let inline = StoredXML.inliningBinaries(version, pool: context.binaries, attachments: item.attachments)
            return context.kdbx3 ? StoredXML.normalizingTimes(inline) : inline
        }
        // Versions an export makes from the password history alone (a file Sesame wrote) need no copy.
        var scratch = AttachmentPool()
        if history == KeePassExport.history(for: item, kept: [], pool: &scratch) { history = [] }
        // Every icon the entry shows: its own, its versions', and its groups'.
        let iconIDs = ([entry] + versions + groups).compactMap { $0[text: "CustomIconUUID"] }
        var seen: Set<String> = []
        let icons = iconIDs.filter { seen.insert($0).inserted }.compactMap { context.icons[$0] }
        var kept = context.kdbx3 ? StoredXML.normalizingTimes(entry) : entry
        // Times Sesame has no field for (last access, usage count, last move), where they differ from what an
        // export would write anyway, ride along as a partial <Times>.
        let written = KeePassExport.times(created: item.created, modified: item.modified, expires: item.expires)
        let otherTimes = (kept.child("Times")?.children ?? []).filter { time in
            KeePassExtras.unmappedTimes.contains(time.name) && !written.children.contains(time)
        }
        kept.children.removeAll { $0.name == "Times" }
        if !otherTimes.isEmpty { kept.children.append(XMLNode("Times", children: otherTimes)) }
        item.keePassExtras = KeePassExtras(entry: kept,
                                           customData: customData, groups: groups, history: history,
                                           customIcons: icons).serialized()
        return (item, passkeyProblem)
    }

    static func isAdditionalURLKey(_ key: String) -> Bool {
        key == "KP2A_URL" || (key.hasPrefix("KP2A_URL_") && Int(key.dropFirst("KP2A_URL_".count)) != nil)
    }

    private static func additionalURLIndex(_ key: String) -> Int {
        key == "KP2A_URL" ? 0 : (Int(key.dropFirst("KP2A_URL_".count)) ?? 0) + 1
    }

    /// A history version becomes a password history entry when its password differs from the next newer one:
    /// KeePass snapshots an entry on every edit, and most edits do not change the password.
    private static func passwordHistory(_ versions: [XMLNode], currentPassword: String) -> [PasswordHistoryEntry] {
        let passwords = versions.map { version in
            version.children(named: "String").first { $0[text: "Key"] == "Password" }?.child("Value")?.text ?? ""
        }
        var history: [PasswordHistoryEntry] = []
        for (index, version) in versions.enumerated() {
            let newer = index + 1 < passwords.count ? passwords[index + 1] : currentPassword
            guard passwords[index] != newer else { continue }
            let replaced = version.child("Times")?[text: "LastModificationTime"].flatMap(KeePassTime.parse)
                ?? Date(timeIntervalSince1970: 0)
            history.append(PasswordHistoryEntry(password: passwords[index], replaced: replaced))
        }
        return history
    }
}
