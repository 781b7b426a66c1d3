import Foundation
import SesameStore
import Testing
@testable import SesameKeePass

/// A KeePass database keeps more than entries: settings, a group tree, custom icons, deletion records, the recycle
/// bin and full entry versions. A file built with all of them comes back from Sesame (import, then export) the same
/// to pykeepass and to keepassxc-cli.
@Suite struct DatabaseRoundTripTests {
    static let password = "db pw ✓"

    /// Builds `full.kdbx` with pykeepass, editing its XML where pykeepass has no API (colour, icons, custom data).
    static let builder = #"""
    import sys, uuid, base64, datetime
    from lxml import etree
    from pykeepass import create_database
    kp = create_database(sys.argv[1], password=sys.argv[2])
    params = kp.kdbx.header.value.dynamic_header.kdf_parameters.data.dict
    params['M'].value, params['I'].value, params['P'].value = 1024 * 1024, 2, 1
    b64 = lambda data: base64.b64encode(data).decode()
    def sub(parent, tag, text=None):
        element = etree.SubElement(parent, tag)
        element.text = text
        return element
    def custom_data(parent, key, value):
        data = parent.find('CustomData')
        if data is None:
            data = sub(parent, 'CustomData')
        item = sub(data, 'Item'); sub(item, 'Key', key); sub(item, 'Value', value)
    kp.database_name = 'Family vault ✓'
    kp.database_description = 'Shared <passwords> & more'
    kp.default_username = 'alice'
    meta = kp.tree.find('Meta')
    for tag, text in [('Color', '#FF8800'), ('HistoryMaxItems', '7'), ('HistoryMaxSize', '1048576'), ('MaintenanceHistoryDays', '30')]:
        element = meta.find(tag)
        if element is None:
            element = sub(meta, tag)
        element.text = text
    custom_data(meta, 'KPXC_DECRYPTION_TIME_PREFERENCE', '1000')
    icons = meta.find('CustomIcons')
    if icons is None:
        icons = sub(meta, 'CustomIcons')
    png = base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==')
    icon_ids = [uuid.UUID(int=0x1111 + n).bytes for n in range(2)]
    for n, icon_id in enumerate(icon_ids):
        icon = sub(icons, 'Icon'); sub(icon, 'UUID', b64(icon_id)); sub(icon, 'Data', b64(png + bytes([n])))
    internet = kp.add_group(kp.root_group, 'Internet', icon='1', notes='web logins\nsecond line')
    sub(internet._element, 'CustomIconUUID', b64(icon_ids[0]))
    internet.expiry_time = datetime.datetime(2031, 2, 3, 4, 5, 6, tzinfo=datetime.timezone.utc)
    internet.expires = True
    custom_data(internet._element, 'group-key', 'group value')
    kp.add_group(internet, 'Empty ✓', notes='nothing inside')
    entry = kp.add_entry(internet, 'GitHub', 'alice', 'v1', url='https://old.example', notes='old notes')
    entry.set_custom_property('Recovery', 'code-1', protect=True)
    sub(entry._element, 'CustomIconUUID', b64(icon_ids[1]))
    entry.save_history()
    entry.title, entry.username, entry.password = 'GitHub ✓', 'alice2', 'v2'
    entry.url, entry.notes = 'https://github.com', 'new notes'
    entry.set_custom_property('Recovery', 'code-2', protect=True)
    entry.set_custom_property('Extra', 'only in v2')
    entry.save_history()
    entry.password = 'v3'
    trashed = kp.add_entry(kp.root_group, 'Old login', 'bob', 'gone')
    kp.trash_entry(trashed)
    deleted = kp.tree.find('Root/DeletedObjects')
    if deleted is None:
        deleted = sub(kp.tree.find('Root'), 'DeletedObjects')
    gone = sub(deleted, 'DeletedObject'); sub(gone, 'UUID', b64(uuid.UUID(int=0xDEAD).bytes))
    sub(gone, 'DeletionTime', kp._encode_time(datetime.datetime(2024, 5, 6, 7, 8, 9, tzinfo=datetime.timezone.utc)))
    kp.save()
    """#

    /// What pykeepass sees of a database's own parts, as JSON.
    static let dumper = #"""
    import sys, json
    from pykeepass import PyKeePass
    kp = PyKeePass(sys.argv[1], password=sys.argv[2])
    text = lambda element, tag: (element.findtext(tag) if element is not None else None)
    pairs = lambda element: [[text(i, 'Key'), text(i, 'Value')] for i in element.findall('CustomData/Item')]
    meta = kp.tree.find('Meta')
    version = lambda h: [h.title, h.username, h.password, h.url, h.notes, sorted(h.custom_properties.items()), str(h.mtime)]
    json.dump({
        'name': kp.database_name, 'description': kp.database_description, 'defaultUser': kp.default_username,
        'meta': {tag: text(meta, tag) for tag in ['Color', 'HistoryMaxItems', 'HistoryMaxSize', 'MaintenanceHistoryDays',
                                                  'RecycleBinEnabled', 'RecycleBinUUID', 'DatabaseNameChanged']},
        'metaCustomData': pairs(meta),
        'icons': sorted([text(i, 'UUID'), text(i, 'Data')] for i in meta.findall('CustomIcons/Icon')),
        'groups': sorted(['/'.join(g.path or []), str(g.uuid), g.name, g.notes, g.icon, text(g._element, 'CustomIconUUID'),
                          str(g.expiry_time), g.expires, pairs(g._element)] for g in kp.groups),
        'deleted': sorted([text(d, 'UUID'), text(d, 'DeletionTime')] for d in kp.tree.findall('Root/DeletedObjects/DeletedObject')),
        'entries': sorted(['/'.join(e.path), str(e.uuid), e.password, text(e._element, 'CustomIconUUID'),
                           [version(h) for h in e.history]] for e in kp.entries),
    }, open(sys.argv[3], 'w'), ensure_ascii=False, sort_keys=True)
    """#

    static func dump(_ tools: KeePassToolbox, _ name: String) throws -> String {
        try tools.python(dumper, [tools.path(name), password, tools.path(name + ".json")])
        return String(decoding: try tools.read(name + ".json"), as: UTF8.self)
    }

    @Test func databaseLevelDataSurvivesImportAndExport() throws {
        let tools = try KeePassToolbox()
        try tools.python(Self.builder, [tools.path("full.kdbx"), Self.password])
        let (items, database) = try KeePassFile.read(try tools.read("full.kdbx"), credentials: .password(Self.password))
        #expect(items.count == 1)
        let github = try #require(items.first)
        #expect(github.passwordHistory.map(\.password) == ["v1", "v2"])
        let record = try #require(database)
        // The vault keeps the record sealed; here it goes straight to the export.
        let exported = try KeePassFile.file(from: items, databases: [record], credentials: .password(Self.password),
                                            options: .fast)
        try tools.write(exported, to: "again.kdbx")
        let original = try Self.dump(tools, "full.kdbx")
        let again = try Self.dump(tools, "again.kdbx")
        #expect(again == original)
        #expect(again.contains("Family vault ✓") && again.contains("Empty ✓") && again.contains("only in v2"))

        // KeePassXC reads the same settings, groups, icons, deletion records and versions from both files.
        let before = try Self.keePassXCView(tools, "full.kdbx")
        let after = try Self.keePassXCView(tools, "again.kdbx")
        let changedMeta = Set(before.meta.map(\.name)).union(after.meta.map(\.name)).filter { name in
            before.meta.first { $0.name == name } != after.meta.first { $0.name == name }
        }
        #expect(changedMeta.isEmpty, "Meta elements that differ: \(changedMeta.sorted())")
        #expect(after.groups == before.groups)
        #expect(after.deleted == before.deleted)
        #expect(after.entries == before.entries)
        #expect(after.meta.contains { $0.name == "CustomIcons" && $0.children.count == 2 })
    }

    /// The outer header's public custom data (plugins read it without the key) comes back in the export's header,
    /// and KeePassXC still opens the file.
    @Test func headerPublicCustomDataSurvives() throws {
        var publicData = VariantDictionary()
        publicData["plugin.colour"] = .string("blue ✓")
        publicData["plugin.count"] = .uint64(3)
        var document = KeePassExport.document(from: [Item(title: "One", password: "pw")])
        document.publicCustomData = publicData
        let credentials = KeePassCredentials.password(Self.password)
        let file = try KDBXWriter.write(document, credentials: credentials, options: .fast)
        let (items, database) = try KeePassFile.read(file, credentials: credentials)
        let exported = try KeePassFile.file(from: items, databases: [try #require(database)], credentials: credentials,
                                            options: .fast)
        #expect(try OuterHeader(parsing: exported).publicCustomData == publicData)
        let tools = try KeePassToolbox()
        try tools.write(exported, to: "public.kdbx")
        let shown = try tools.keepassxc(["show", "-q", "-s", "public.kdbx", "One"], password: Self.password)
        #expect(shown.stdout.contains("Password: pw"))
    }

    /// Found by Fuzz/KDBXXML: groups without a UUID got a fresh one on every export, so the group an item named
    /// was never found again (each export added a group), and with no recycle bin named, a group without a UUID
    /// counted as the bin and its entries came back as new items on every export. Groups now get a UUID derived from
    /// their place, and only a named bin keeps entries.
    @Test func groupsWithoutUUIDsReachAFixedPoint() throws {
        let entry = XMLNode("Entry", children: [
            XMLNode("UUID", text: Data(repeating: 9, count: 16).base64EncodedString()),
            XMLNode("String", children: [XMLNode("Key", text: "Title"), XMLNode("Value", text: "T")]),
        ])
        let document = KDBXDocument(root: XMLNode("KeePassFile", children: [
            XMLNode("Meta"),
            XMLNode("Root", children: [XMLNode("Group", children: [
                XMLNode("Name", text: "Root"),
                XMLNode("Group", children: [XMLNode("Name", text: "Sub"), entry]),
                XMLNode("Group", children: [XMLNode("Name", text: "Sub")]),
            ])]),
        ]), binaries: [])
        let items = try KeePassImport.items(from: document)
        let databases = [try #require(try DatabaseRecord.extras(from: document, imported: Date(timeIntervalSince1970: 0)))]
        func roundTrip(_ items: [Item]) throws -> [Item] {
            let exported = KeePassExport.document(from: items, databases: databases)
            return try KeePassImport.items(from: KDBXDocument(root: try XMLTreeReader.parse(XMLTreeWriter.document(exported.root)),
                                                              binaries: exported.binaries))
        }
        let once = try roundTrip(items)
        #expect(once == items)
        #expect(try roundTrip(once) == once)
        let groups = KeePassExport.document(from: once, databases: databases).root.child("Root")?.child("Group")?.children(named: "Group")
        #expect(groups?.count == 2)
        #expect(Set(groups?.compactMap { $0[text: "UUID"] } ?? []).count == 2)
    }

    struct KeePassXCView {
        var meta: [XMLNode]
        var groups: XMLNode
        var deleted: XMLNode?
        var entries: [String: XMLNode]
    }

    /// `keepassxc-cli export -f xml`: everything KeePassXC read from the file, entries set apart by UUID (their
    /// order within a group is not kept), and what KeePassXC rewrites on every export (its generator, the
    /// `_LAST_MODIFIED` custom data it stamps with the time of the export) left out.
    static func keePassXCView(_ tools: KeePassToolbox, _ name: String) throws -> KeePassXCView {
        let xml = try tools.keepassxc(["export", "-q", "-f", "xml", name], password: password).stdout
        func unstamped(_ node: XMLNode) -> XMLNode {
            var copy = node
            copy.children = node.children.filter { !($0.name == "Item" && $0[text: "Key"] == "_LAST_MODIFIED") }.map(unstamped)
            return copy
        }
        let root = unstamped(try XMLTreeReader.parse(Array(xml.utf8)))
        let meta = (root.child("Meta")?.children ?? []).filter { !["Generator", "SettingsChanged"].contains($0.name) }
        var entries: [String: XMLNode] = [:]
        func strip(_ group: XMLNode) -> XMLNode {
            var copy = group
            for entry in group.children(named: "Entry") { entries[entry[text: "UUID"] ?? ""] = entry }
            copy.children = group.children.filter { $0.name != "Entry" }.map { $0.name == "Group" ? strip($0) : $0 }
            return copy
        }
        let groups = strip(root.child("Root")?.child("Group") ?? XMLNode("Group"))
        return KeePassXCView(meta: meta, groups: groups, deleted: root.child("Root")?.child("DeletedObjects"), entries: entries)
    }
}
