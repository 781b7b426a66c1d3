import Foundation
import SesameCrypto
import SesameStore
import Testing
@testable import SesameKeePass

/// Items deleted in Sesame become KeePass deletion records, so merging an export into the file the items came
/// from deletes them there too.
@Suite struct KeePassDeletionTests {
    let password = "merge ✓ pw"

    private static func deletedObjects(_ document: KDBXDocument) -> [String: Date] {
        var result: [String: Date] = [:]
        for object in document.root.child("Root")?.child("DeletedObjects")?.children ?? [] {
            result[object[text: "UUID"] ?? ""] = object[text: "DeletionTime"].flatMap(KeePassTime.parse)
        }
        return result
    }

    @Test func deletionsAreWrittenAndMergedWithImportedRecordsKeepingTheNewerTime() throws {
        let imported = (UUID(), Date(timeIntervalSince1970: 1_500_000_000))
        let older = (UUID(), Date(timeIntervalSince1970: 1_500_000_000))
        let sesameOnly = UUID()
        func record(_ id: UUID, _ time: Date) -> XMLNode {
            XMLNode("DeletedObject", children: [
                XMLNode("UUID", text: KeePassExport.base64(id)), XMLNode("DeletionTime", text: KeePassTime.format(time)),
            ])
        }
        let source = KDBXDocument(root: XMLNode("KeePassFile", children: [
            XMLNode("Meta"),
            XMLNode("Root", children: [
                XMLNode("Group", children: [XMLNode("Name", text: "Root")]),
                XMLNode("DeletedObjects", children: [record(imported.0, imported.1), record(older.0, older.1)]),
            ]),
        ]), binaries: [])
        let database = try #require(try DatabaseRecord.extras(from: source, imported: Date(timeIntervalSince1970: 0)))
        let deletions = [
            // Deleted in Sesame before KeePass deleted it: KeePass's later time stays.
            ItemDeletion(id: imported.0, deleted: imported.1.addingTimeInterval(-100)),
            ItemDeletion(id: older.0, deleted: older.1.addingTimeInterval(100)),
            ItemDeletion(id: sesameOnly, deleted: Date(timeIntervalSince1970: 1_700_000_000)),
        ]
        let document = KeePassExport.document(from: [Item(title: "Kept")], databases: [database], deletions: deletions)
        #expect(Self.deletedObjects(document) == [
            KeePassExport.base64(imported.0): imported.1,
            KeePassExport.base64(older.0): older.1.addingTimeInterval(100),
            KeePassExport.base64(sesameOnly): Date(timeIntervalSince1970: 1_700_000_000),
        ])
        #expect(document.root.child("Root")?.child("DeletedObjects")?.children.count == 3)
        // The UUID is the item id's 16 bytes, as KeePass wrote it and the import kept it.
        #expect(Data(base64Encoded: KeePassExport.base64(sesameOnly)) == withUnsafeBytes(of: sesameOnly.uuid) { Data($0) })
    }

    /// KeePassXC reads the deletion records of an export as written: the entry's UUID and the Sesame deletion
    /// time. (KeePassXC's own `merge` applies deletion records only in KeeShare's Synchronize mode, so a merge
    /// there cannot show them; KeePass 2's Synchronize and KeePassDX's merge apply them.)
    @Test func keePassXCReadsTheDeletionRecordsOfAnExport() throws {
        let tools = try KeePassToolbox()
        try tools.keepassxc(["db-create", "-q", "-p", "-t", "100", "a.kdbx"], password: password, more: [password])
        for title in ["Gone", "Kept"] {
            try tools.keepassxc(["add", "-q", "-u", "u", "-p", "a.kdbx", title], password: password, more: ["pw"])
        }
        let (items, database) = try KeePassFile.read(try tools.read("a.kdbx"), credentials: .password(password))
        let gone = try #require(items.first { $0.title == "Gone" })
        let deleted = Date(timeIntervalSince1970: gone.modified.timeIntervalSince1970.rounded(.down) + 5)
        try tools.write(try KeePassFile.file(from: items.filter { $0.id != gone.id }, databases: [try #require(database)],
                                             deletions: [ItemDeletion(id: gone.id, deleted: deleted)],
                                             credentials: .password(password), options: .fast), to: "export.kdbx")
        let xml = try tools.keepassxc(["export", "-q", "-f", "xml", "export.kdbx"], password: password).stdout
        let read = KDBXDocument(root: try XMLTreeReader.parse(Array(xml.utf8)), binaries: [])
        #expect(Self.deletedObjects(read) == [KeePassExport.base64(gone.id): deleted])
        let listing = try tools.keepassxc(["ls", "-q", "export.kdbx"], password: password).stdout
        #expect(listing == "Kept\n")
    }
}
