import Foundation
import Testing
import SesameStore
@testable import SesameKeePass

/// Hostile KeePass files (issue 22, finding 10): each shape is refused with the limit it passes, before the memory
/// or the work it would cost, in KDBX 4 and 3.1 alike. Limits are lowered where the real ones need big inputs.
@Suite struct KeePassLimitsTests {
    typealias Files = HostileKeePassFiles

    static func read(_ file: [UInt8], limits: KeePassLimits = .standard) throws -> [Item] {
        try KeePassFile.readEntries(file, credentials: Files.credentials, limits: limits).entries.map(\.item)
    }

    // MARK: - Nesting

    /// 10,000 nested groups crashed `sesame import` (the stack ran out in the recursions over the tree); 8,000 cost
    /// 1.6 GB. The depth is now checked as each element opens, before any recursion.
    @Test(arguments: [4, 3]) func groupsNestedThousandsDeepAreRefusedWhileParsing(version: Int) throws {
        for depth in [8_000, 10_000] {
            let file = try Files.file(version: version, xml: Files.nestedGroups(depth: depth))
            #expect(throws: KeePassError.exceedsLimits("its XML nests deeper than 256 elements (groups within groups)")) {
                try Self.read(file)
            }
        }
    }

    /// The limit leaves room for groups far deeper than real files use, and what Sesame exports of them reads back.
    @Test(arguments: [4, 3]) func groupsNestedUnderTheLimitReadAndExport(version: Int) throws {
        let file = try Files.file(version: version, xml: Files.nestedGroups(depth: 240))
        let items = try Self.read(file)
        let path = Array(repeating: "g", count: 239).joined(separator: "/")
        #expect(items.map(\.title) == ["deep"])
        #expect(items.first?.tags == [path])
        let exported = try KeePassFile.file(from: items, credentials: Files.credentials, options: .fast)
        #expect(try Self.read(exported).first?.tags == [path])
    }

    /// A synced item can carry any group path: one deeper than any readable file goes into the top group instead of
    /// nesting the export (and its writer's recursion) 10,000 deep.
    @Test func anEndlessGroupPathFromElsewhereExportsIntoTheTopGroup() throws {
        let groups = String(repeating: "<Group><Name>g</Name></Group>", count: 10_000)
        var item = Item(title: "synced", tags: [Array(repeating: "g", count: 10_000).joined(separator: "/")])
        item.keePassExtras = "<Entry><GroupPath>\(groups)</GroupPath></Entry>"
        let file = try KeePassFile.file(from: [item], credentials: Files.credentials, options: .fast)
        let read = try Self.read(file)
        #expect(read.map(\.title) == ["synced"])
        #expect(read.first?.tags == item.tags)
    }

    // MARK: - Inflation

    /// The gzip payload inflated to 2 GiB at about four times that in memory; it now stops at the limit, as it
    /// inflates.
    @Test(arguments: [4, 3]) func payloadInflationStopsAtTheLimit(version: Int) throws {
        let note = String(repeating: "A", count: 3 << 20)
        let file = try Files.file(version: version, xml: Files.document(root: "<Group>\(Files.entry("big", extra: "<String><Key>Notes</Key><Value>\(note)</Value></String>"))</Group>"))
        #expect(file.count < 64 << 10)
        var limits = KeePassLimits()
        limits.payloadBytes = 1 << 20
        #expect(throws: KeePassError.exceedsLimits("its payload inflates beyond 1 MiB")) { try Self.read(file, limits: limits) }
        #expect(try Self.read(file).first?.notes.count == note.count)
    }

    /// KDBX 3's compressed attachments inflate inside the XML; together with it they share the payload's limit.
    @Test func kdbx3CompressedAttachmentsShareThePayloadLimit() throws {
        let attachment = Data(try Gzip.compress([UInt8](repeating: 0, count: 600 << 10))).base64EncodedString()
        let binaries = (0..<2).map { "<Binary ID=\"\($0)\" Compressed=\"True\">\(attachment)</Binary>" }.joined()
        let file = try Files.kdbx3(xml: Files.document(meta: "<Binaries>\(binaries)</Binaries>", root: "<Group>\(Files.entry("a"))</Group>"))
        var limits = KeePassLimits()
        limits.payloadBytes = 1 << 20
        #expect(throws: KeePassError.exceedsLimits("its payload and attachments inflate beyond 1 MiB")) {
            try Self.read(file, limits: limits)
        }
        limits.payloadBytes = 2 << 20
        #expect(try Self.read(file, limits: limits).count == 1)
    }

    // MARK: - Key derivation

    /// Argon2 with 2³²−1 iterations and AES-KDF with 2⁶⁴−1 rounds spun for ever; each cost is now refused from the
    /// header, before a password is asked or a key derived.
    @Test(arguments: [
        (KeyDerivation.argon2(.d, salt: Array(repeating: 1, count: 32), memoryBytes: 1 << 20, iterations: UInt64(UInt32.max),
                              parallelism: 1, version: 0x13),
         "asks for 4,294,967,295 iterations over 1 MiB, over Sesame's limit of 32,768 MiB × iterations (such as 512 iterations over 64 MiB)"),
        (.argon2(.id, salt: Array(repeating: 1, count: 32), memoryBytes: 0, iterations: 1 << 40, parallelism: 1, version: 0x13),
         "asks for 1,099,511,627,776 iterations over 0 bytes, over Sesame's limit of 32,768 MiB × iterations (such as 512 iterations over 64 MiB)"),
        (.argon2(.id, salt: Array(repeating: 1, count: 32), memoryBytes: 4 << 30, iterations: 1, parallelism: 1, version: 0x13),
         "asks for 4,096 MiB of memory, over Sesame's limit of 2,048 MiB"),
        (.argon2(.id, salt: Array(repeating: 1, count: 32), memoryBytes: 64 << 20, iterations: 1, parallelism: 1_000, version: 0x13),
         "asks for 1,000 parallel lanes, over Sesame's limit of 128"),
        (.aesKDF(seed: Array(repeating: 1, count: 32), rounds: .max),
         "asks for 18,446,744,073,709,551,615 AES-KDF rounds, over Sesame's limit of 1,000,000,000"),
    ])
    func keyDerivationCostsAreRefusedBeforeDeriving(keyDerivation: KeyDerivation, reason: String) throws {
        let file = Files.kdbx4Header(keyDerivation)
        #expect(throws: KeePassError.keyDerivationTooExpensive(reason)) { try KeePassFile.check(file) }
        #expect(throws: KeePassError.keyDerivationTooExpensive(reason)) { try Self.read(file) }
    }

    @Test func kdbx3TransformRoundsAreRefusedBeforeDeriving() throws {
        let file = Files.kdbx3Header(rounds: .max) + [UInt8](repeating: 0, count: 64)
        let reason = "asks for 18,446,744,073,709,551,615 AES-KDF rounds, over Sesame's limit of 1,000,000,000"
        #expect(throws: KeePassError.keyDerivationTooExpensive(reason)) { try KeePassFile.check(file) }
        #expect(throws: KeePassError.keyDerivationTooExpensive(reason)) { try Self.read(file) }
    }

    /// What KeePassXC writes (its defaults and the slowest setting of its basic dialog on a fast machine) is within
    /// the limits, and so is each limit itself.
    @Test(arguments: [
        KeyDerivation.argon2(.d, salt: Array(repeating: 1, count: 32), memoryBytes: 64 << 20, iterations: 10, parallelism: 2, version: 0x13),
        .argon2(.id, salt: Array(repeating: 1, count: 32), memoryBytes: 64 << 20, iterations: 512, parallelism: 128, version: 0x13),
        .argon2(.id, salt: Array(repeating: 1, count: 32), memoryBytes: 2 << 30, iterations: 16, parallelism: 8, version: 0x13),
        .aesKDF(seed: Array(repeating: 1, count: 32), rounds: 1_000_000_000),
    ])
    func keyDerivationsKeePassXCWritesPass(keyDerivation: KeyDerivation) throws {
        try keyDerivation.checkCost()
    }

    // MARK: - Counts and sizes

    @Test(arguments: [4, 3]) func elementsAndAttributesAreCounted(version: Int) throws {
        let attributes = (0..<17).map { " a\($0)=\"x\"" }.joined()
        let wide = try Files.file(version: version, xml: Files.document(root: "<Group><Name\(attributes)>g</Name></Group>"))
        #expect(throws: KeePassError.exceedsLimits("an XML element has more than 16 attributes")) { try Self.read(wide) }

        let many = try Files.file(version: version, xml: Files.document(root: "<Group>" + String(repeating: Files.entry("e"), count: 300) + "</Group>"))
        var limits = KeePassLimits()
        limits.xmlNodes = 1_000
        #expect(throws: KeePassError.exceedsLimits("its XML has more than 1,000 elements and attributes")) {
            try Self.read(many, limits: limits)
        }
        #expect(try Self.read(many).count == 300)
    }

    @Test func attachmentCountIsLimited() throws {
        let kdbx4 = try Files.file(version: 4, xml: Files.document(root: "<Group>\(Files.entry("a"))</Group>"),
                                   binaries: (0..<11).map { [UInt8($0)] })
        var limits = KeePassLimits()
        limits.attachments = 10
        #expect(throws: KeePassError.exceedsLimits("it has more than 10 attachments")) { try Self.read(kdbx4, limits: limits) }

        let binary = "<Binaries><Binary ID=\"10\">AA==</Binary></Binaries>"
        let kdbx3 = try Files.kdbx3(xml: Files.document(meta: binary, root: "<Group>\(Files.entry("a"))</Group>"))
        #expect(throws: KeePassError.exceedsLimits("it has more than 10 attachments")) { try Self.read(kdbx3, limits: limits) }
    }

    /// One attachment in the file, referenced by every entry, becomes a copy in every item: the copies are counted.
    @Test(arguments: [4, 3]) func anAttachmentSharedByManyEntriesIsChargedPerEntry(version: Int) throws {
        let attachment = (0..<(100 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let reference = version == 4
            ? "<Binary><Key>a.bin</Key><Value Ref=\"0\"/></Binary>"
            : "<Binary><Key>a.bin</Key><Value Ref=\"0\"/></Binary>"
        let entries = String(repeating: Files.entry("e", extra: reference), count: 30)
        let meta = version == 4 ? "" : "<Binaries><Binary ID=\"0\">\(Data(attachment).base64EncodedString())</Binary></Binaries>"
        let xml = Files.document(meta: meta, root: "<Group>\(entries)</Group>")
        let file = version == 4 ? try Files.file(version: 4, xml: xml, binaries: [attachment]) : try Files.kdbx3(xml: xml)
        var limits = KeePassLimits()
        limits.itemBytes = 1 << 20
        let message = "its entries would become more than 1 MiB of items (their attachments and groups counted for each entry)"
        #expect(throws: KeePassError.exceedsLimits(message)) { try Self.read(file, limits: limits) }
        let items = try Self.read(file)
        #expect(items.count == 30 && items.allSatisfy { $0.attachments.first?.data == Data(attachment) })
    }

    /// Each entry keeps the records of the groups above it: a long group note above many entries is counted for
    /// each of them.
    @Test func groupNotesAboveManyEntriesAreChargedPerEntry() throws {
        let note = String(repeating: "n", count: 100 << 10)
        let entries = String(repeating: Files.entry("e"), count: 30)
        let xml = Files.document(root: "<Group><Name>top</Name><Group><Name>g</Name><Notes>\(note)</Notes>\(entries)</Group></Group>")
        let file = try Files.file(version: 4, xml: xml)
        var limits = KeePassLimits()
        limits.itemBytes = 1 << 20
        #expect(throws: KeePassError.exceedsLimits("its entries would become more than 1 MiB of items (their attachments and groups counted for each entry)")) {
            try Self.read(file, limits: limits)
        }
        #expect(try Self.read(file).count == 30)
    }

    /// The header's variant dictionaries (KDF parameters, public custom data) are read before any password; each
    /// key was looked up among all earlier ones, so 20,000 entries cost 200 million comparisons.
    @Test func headerVariantDictionariesHaveAnEntryLimit() throws {
        var bytes: [UInt8] = [0x00, 0x01]
        for index in 0..<20_000 {
            let key = Array(String(index).utf8)
            bytes += [0x08] + [UInt8].littleEndian(UInt32(key.count)) + key + [UInt8].littleEndian(UInt32(1)) + [1]
        }
        bytes.append(0)
        #expect(throws: KeePassError.exceedsLimits("a variant dictionary in its header has more than 1,024 entries")) {
            try VariantDictionary(parsing: bytes)
        }
    }

    /// A document type declaration could define entities that expand a few bytes into gigabytes; KeePass never
    /// writes one.
    @Test func documentTypeDeclarationsAreRefused() throws {
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE KeePassFile [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>"
            + "<KeePassFile><Meta/><Root><Group><Name>&b;</Name></Group></Root></KeePassFile>"
        let file = try Files.file(version: 4, xml: Array(laughs.utf8))
        #expect(throws: KeePassError.damaged("its XML has a document type declaration")) { try Self.read(file) }
    }

    /// The size limit is checked before the header's key derivation runs.
    @Test func aFileOverTheSizeLimitIsRefusedBeforeDeriving() throws {
        let file = try Files.file(version: 4, xml: Files.document(root: "<Group>\(Files.entry("a"))</Group>"))
        var limits = KeePassLimits()
        limits.fileBytes = 100
        #expect(throws: KeePassError.exceedsLimits("it is \(BudgetText.size(file.count)), over 100 bytes")) { _ = try KDBXReader.check(file, limits: limits) }
    }
}
